import { type CityArtwork } from "./cities";

/** Served once per browser by routes/art.$file.ts (docs/catalogue.md). */
export function cityArtSvg(art: CityArtwork): string {
  const [skyTop, skyBottom, ground] = art.colors;
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 200 120" preserveAspectRatio="xMidYMax slice">`,
    `<defs><linearGradient id="sky" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${skyTop}"/><stop offset="1" stop-color="${skyBottom}"/></linearGradient></defs>`,
    `<rect width="200" height="120" fill="url(#sky)"/>`,
    CLOUDS,
    scene(art, ground),
    art.landmark ? LANDMARKS[art.landmark] : "",
    `</svg>`,
  ].join("");
}

function scene(art: CityArtwork, ground: string): string {
  switch (art.scene) {
    case "lake":
      return (
        `<path d="M0 78 L40 40 L70 66 L105 30 L150 72 L175 52 L200 70 V120 H0Z" fill="#64748b" opacity="0.55"/>` +
        `<path d="M98 37 L105 30 L112 38 L106 36Z" fill="#fff"/>` +
        `<rect y="82" width="200" height="38" fill="${ground}"/>` +
        `<path d="M0 90 H60 M80 98 H150 M30 106 H110" stroke="#fff" stroke-opacity="0.35" stroke-width="1.5"/>`
      );
    case "alps":
    case "snow":
      return (
        `<path d="M0 90 L45 28 L80 74 L120 18 L165 80 L200 46 V120 H0Z" fill="${art.scene === "snow" ? "#cbd5e1" : "#64748b"}"/>` +
        `<path d="M36 40 L45 28 L55 42 L46 38Z M110 32 L120 18 L131 34 L120 29Z M193 55 L200 46 V57Z" fill="#fff"/>` +
        `<rect y="92" width="200" height="28" fill="${ground}"/>` +
        (art.scene === "snow" ? `<path d="M140 92 V80 L150 72 L160 80 V92Z" fill="#7c2d12"/>` : "")
      );
    case "coast":
      return (
        `<circle cx="160" cy="30" r="12" fill="#fde68a" opacity="0.9"/>` +
        `<path d="M0 70 Q40 46 90 72 V120 H0Z" fill="#65a30d" opacity="0.8"/>` +
        `<path d="M14 66 h10 v-8 h-10Z M30 64 h12 v-10 h-12Z M50 66 h9 v-9 h-9Z" fill="#fef3c7"/>` +
        `<path d="M14 58 l5 -4 l5 4Z M30 54 l6 -5 l6 5Z M50 57 l4.5 -4 l4.5 4Z" fill="#c2410c"/>` +
        `<rect y="78" width="200" height="42" fill="${ground}"/>` +
        `<path d="M100 92 h60 M60 104 h90" stroke="#fff" stroke-opacity="0.35" stroke-width="1.5"/>`
      );
    case "island":
      return (
        `<circle cx="40" cy="28" r="11" fill="#fef08a"/>` +
        `<rect y="74" width="200" height="46" fill="${ground}"/>` +
        `<path d="M90 80 Q130 52 180 80Z" fill="#eab308" opacity="0.85"/>` +
        `<path d="M120 70 Q122 52 118 44 M118 44 q-10 -2 -16 6 M118 44 q10 -4 16 4" stroke="#166534" stroke-width="3" fill="none"/>`
      );
    case "city":
      return (
        `<path d="M0 120 V84 h16 v-14 h14 v20 h12 v-30 h16 v24 h14 v-16 h18 v28 h14 v-36 h14 v30 h16 v-20 h18 v26 h14 v-12 h14 V120Z" fill="${ground}" opacity="0.85"/>` +
        `<path d="M20 90 h4 v4 h-4Z M48 72 h4 v4 h-4Z M104 88 h4 v4 h-4Z M136 82 h4 v4 h-4Z" fill="#fde68a"/>`
      );
    case "sky":
      // The default: a low sun, a jet and its trail above dark hills.
      return (
        `<circle cx="48" cy="78" r="16" fill="#fde68a" opacity="0.9"/>` +
        `<path d="M20 52 Q90 40 150 30" stroke="#fff" stroke-opacity="0.7" stroke-width="2" fill="none"/>` +
        `<path d="M150 27 l16 -4 q4 -1 4 2 q0 2 -4 3 l-16 4 Z M156 27 l-8 -8 h4 l10 7Z M156 29 l-6 7 h4 l8 -6Z" fill="#fff"/>` +
        `<path d="M0 92 Q50 70 100 88 T200 80 V120 H0Z" fill="${ground}" opacity="0.7"/>` +
        `<path d="M0 104 Q60 88 120 104 T200 100 V120 H0Z" fill="${ground}"/>`
      );
    case "hills":
      return (
        `<path d="M0 84 Q50 56 100 80 T200 72 V120 H0Z" fill="${ground}" opacity="0.55"/>` +
        `<path d="M0 100 Q60 80 120 98 T200 94 V120 H0Z" fill="${ground}"/>`
      );
  }
}

/** Two soft clouds on every sky: the scenes read as drawings, not as empty gradients. */
const CLOUDS =
  `<g fill="#fff" opacity="0.75"><ellipse cx="70" cy="22" rx="16" ry="5"/><ellipse cx="80" cy="18" rx="9" ry="5"/>` +
  `<ellipse cx="128" cy="44" rx="12" ry="4"/><ellipse cx="134" cy="41" rx="7" ry="4"/></g>`;

const LANDMARKS: Record<NonNullable<CityArtwork["landmark"]>, string> = {
  "jet-deau": `<path d="M150 84 C149 60 151 40 152 22 C153 40 155 60 154 84Z" fill="#fff" opacity="0.9"/>`,
  tower: `<path d="M146 90 L152 40 L158 90Z M149 66 h6 M148 78 h8" fill="#334155" stroke="#334155" stroke-width="2"/>`,
  dome: `<path d="M136 92 V74 a14 14 0 0 1 28 0 V92Z M149 60 h2 v-6 h-2Z" fill="#e2e8f0" stroke="#475569"/>`,
  castle: `<path d="M40 90 V64 h6 v-6 h4 v6 h8 v-6 h4 v6 h6 v26Z" fill="#a8a29e"/>`,
  windmill: `<path d="M150 82 L154 58 h6 L164 82Z M157 58 l-12 -12 M157 58 l12 -12 M157 58 l-12 12 M157 58 l12 12" fill="#fff" stroke="#fff" stroke-width="2"/>`,
  lighthouse: `<path d="M170 80 L173 48 h6 L182 80Z M172 58 h10 M171 68 h12" fill="#fff" stroke="#dc2626" stroke-width="3"/>`,
  arch: `<path d="M130 92 V66 h40 V92 h-12 V78 a8 8 0 0 0 -16 0 V92Z" fill="#d6d3d1"/>`,
};
