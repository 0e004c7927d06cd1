/**
 * Nearby airports and flexible dates (decision 036): in Chromium, a search from Lausanne
 * with 100 km finds a Geneva flight and says how far, and ±3 days finds one two days
 * later, then axe at 390 px; over HTTP (no JavaScript), the same search in en and de
 * (hostile radius and flex values: hostile-input.spec.ts). Its two flights, Genève to Mykonos, leave 300 and 302
 * days after the demo instant: no other spec lists that far.
 */
import type { Page } from "@playwright/test";

import { DEMO_AIRPORTS } from "#app/db/demo-data";
import { zurichDay } from "#app/utils/format";
import { runDemoInstant } from "#tests/demo-flights";

import { violations } from "./axe";
import { uniqueSuffix } from "./catalogue-helpers";
import { expect, settle, test } from "./fixtures";
import { executeLocalSql } from "./local-d1";

const DAY_MS = 86_400_000;
const suffix = uniqueSuffix();
const departure = runDemoInstant().getTime() + 300 * DAY_MS;
const FLIGHTS = { asked: `nearby-${suffix}-d0`, twoDaysLater: `nearby-${suffix}-d2` };
const day = zurichDay(new Date(departure));
const search = `from=Lausanne&radius=100&to=Mykonos&date=${day}`;

/** Lausanne to Geneva as the spherical law of cosines gives it from the demo airports' coordinates, to the km. */
function lausanneToGenevaKm() {
  const [p, q] = ["LSGL", "LSGG"].map((code) => DEMO_AIRPORTS.find((airport) => airport.icaoCode === code)!);
  const rad = (degrees: number) => (degrees * Math.PI) / 180;
  const cosine =
    Math.sin(rad(p!.latitude)) * Math.sin(rad(q!.latitude)) +
    Math.cos(rad(p!.latitude)) * Math.cos(rad(q!.latitude)) * Math.cos(rad(q!.longitude - p!.longitude));
  return Math.round(6371 * Math.acos(cosine));
}
const KM = lausanneToGenevaKm();

// One worker: the flights are made once.
test.describe.configure({ mode: "serial" });

test.beforeAll(async () => {
  const insert = (id: string, at: number) =>
    `insert into flights (id, departure_airport_id, arrival_airport_id, departure_date, arrival_date, flight_time, aircraft_type, price_per_minute, feed_seats, source, refreshed_at)
      select '${id}', d.id, a.id, ${at}, ${at + 150 * 60_000}, 150, 'PC24', 60, 6, 'staff', ${Date.now()}
      from airports d, airports a where d.icao_code = 'LSGG' and a.icao_code = 'LGMK'`;
  await executeLocalSql(insert(FLIGHTS.asked, departure), insert(FLIGHTS.twoDaysLater, departure + 2 * DAY_MS));
});

const card = (page: Page, id: string) => page.locator(`article[aria-labelledby="flight-${id}"]`);

test("from Lausanne with 100 km finds the Geneva flight and says how far; ±3 days adds the one two days later; axe at 390 px", async ({
  page,
}) => {
  await page.goto(`/empty-legs?lng=fr&from=Lausanne`);
  await settle(page);
  const form = page.getByRole("form", { name: "Rechercher un vol" });
  await form.getByLabel("Aéroports proches").selectOption({ label: "Lausanne et environs (100 km)" });
  await expect(page).toHaveURL(/radius=100/);
  await form.getByLabel("Arrivée").selectOption("Mykonos");
  await form.getByLabel("Date", { exact: true }).selectOption(day);
  await expect(card(page, FLIGHTS.asked)).toContainText(`à ${KM} km de Lausanne`);
  await expect(card(page, FLIGHTS.twoDaysLater)).toHaveCount(0);

  // By keyboard: the arrow keys choose, Enter applies.
  await form.getByLabel("Dates flexibles").focus();
  await page.keyboard.press("ArrowDown");
  await page.keyboard.press("ArrowDown");
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/flex=3/);
  const cards = page.getByRole("list", { name: /vols/i }).getByRole("article");
  await expect(cards).toHaveCount(2);
  await expect(cards.nth(0)).toContainText(`à ${KM} km de Lausanne`);
  await expect(cards.nth(1)).toHaveAttribute("aria-labelledby", `flight-${FLIGHTS.twoDaysLater}`);

  await page.setViewportSize({ width: 390, height: 844 });
  expect(await violations(page, "fr, 390 px")).toEqual([]);
});

test("the search works without JavaScript, in en and de", async ({ request }) => {
  const english = await (await request.get(`/empty-legs?lng=en&${search}&flex=3`)).text();
  expect(english).toContain(`${KM} km from Lausanne`);
  expect(english).toContain("Lausanne and nearby (100 km)");
  expect(english).toContain(FLIGHTS.twoDaysLater);
  const german = await (await request.get(`/home?lng=de&${search}`)).text();
  expect(german).toContain(`${KM} km von Lausanne entfernt`);
  expect(german).not.toContain(FLIGHTS.twoDaysLater);
});
