// The installable app's icons (public/icons, docs/decisions/053-installable-app.md), drawn by Chromium from
// the logo's plane: `node scripts/make-icons.ts` after a change of the design. The PNGs are committed.
import { chromium } from "@playwright/test";

const NAVY = "#0f1b33";
const GOLD = "#e6bd55";
const plane = `<path fill="${GOLD}" d="M28 16c0-1-1-1.4-2-1.4h-6.5L13 5h-2.2l3.2 9.6H8l-2.2-3H4l1.2 4.4L4 20.4h1.8l2.2-3h6l-3.2 9.6H13l6.5-9.6H26c1 0 2-.4 2-1.4Z"/>`;
// Rounded for "any"; full-bleed with the plane inside the maskable safe zone (the centre's 80 %).
const any = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" rx="7" fill="${NAVY}"/>${plane}</svg>`;
const maskable = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" fill="${NAVY}"/><g transform="translate(6.4 6.4) scale(0.6)">${plane}</g></svg>`;

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium-headless-shell",
});
const page = await browser.newPage();
for (const [name, svg, size] of [
  ["icon-192.png", any, 192],
  ["icon-512.png", any, 512],
  ["icon-maskable-512.png", maskable, 512],
] as const) {
  await page.setViewportSize({ width: size, height: size });
  await page.setContent(
    `<body style="margin:0">${svg.replace("<svg ", `<svg width="${size}" height="${size}" `)}</body>`,
  );
  await page.locator("svg").screenshot({ path: `public/icons/${name}`, omitBackground: true });
}
await browser.close();
