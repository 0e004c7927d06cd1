import { useTranslation } from "#app/utils/translations";
import { useCityName } from "#app/utils/use-language";

/** Stored (French) names, shown in the page's language. */
const HERO_CITIES = [
  "Genève",
  "Lausanne",
  "Zurich",
  "Paris",
  "Nice",
  "St-Tropez",
  "Milan",
  "Ibiza",
  "Londres",
  "Mykonos",
];

/** CSS and SVG only (tailwind.css `jm-fly`); still for visitors who ask for less motion. */
export function FlightHero() {
  const { t } = useTranslation("catalogue");
  const city = useCityName();
  return (
    <section
      aria-labelledby="hero-heading"
      className="overflow-hidden rounded-3xl bg-gradient-to-b from-navy-900 to-navy-700 px-6 py-10 text-white"
    >
      <h2 id="hero-heading" className="text-center text-2xl font-bold sm:text-3xl">
        {t("hero.heading")}
      </h2>
      <p className="mx-auto mt-2 max-w-2xl text-center text-navy-100">{t("hero.text")}</p>
      <div className="relative mt-6" aria-hidden="true">
        <svg viewBox="0 0 1000 120" className="h-auto w-full" focusable="false">
          <path
            d="M0 100 Q500 -20 1000 100"
            fill="none"
            stroke="#e6bd55"
            strokeOpacity="0.5"
            strokeWidth="3"
            strokeDasharray="10 12"
          />
        </svg>
        {/* A full-width track moved by its own width: a composited transform, no repaint per frame. */}
        <div className="jm-plane-track absolute inset-0">
          <svg
            viewBox="0 0 110 60"
            className="absolute left-0 top-1/4 h-auto w-[11%] -translate-x-full -scale-x-100"
            focusable="false"
          >
            <path
              d="M0 30 l40 -6 l18 -22 h8 l-8 24 l30 -4 l8 -10 h6 l-4 14 l4 14 h-6 l-8 -10 l-30 -4 l8 24 h-8 l-18 -22 Z"
              fill="#fff"
            />
          </svg>
        </div>
      </div>
      <ul className="mt-4 flex flex-wrap justify-center gap-x-5 gap-y-2 text-sm font-semibold text-gold-300">
        {HERO_CITIES.map((name) => (
          <li key={name}>{city(name)}</li>
        ))}
      </ul>
    </section>
  );
}
