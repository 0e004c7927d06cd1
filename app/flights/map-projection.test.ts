/**
 * The map's projection (issue 29, point 3): real airports land inside the map's viewBox
 * where d3-geo's own Mercator, with the generated scale and translation, puts them; the
 * routes leave out airports without coordinates.
 */
import { geoMercator } from "d3-geo";
import { describe, expect, it } from "vitest";

import { EUROPE_MAP } from "./europe-map.generated";
import { routesOnMap } from "./flight-map.server";
import { isOnMap, projectToMap } from "./map-projection";

const GENEVA = { longitude: 6.109, latitude: 46.2381 };
const NICE = { longitude: 7.2159, latitude: 43.6584 };
const MYKONOS = { longitude: 25.3481, latitude: 37.4351 };
const d3Mercator = geoMercator()
  .scale(EUROPE_MAP.scale)
  .translate([...EUROPE_MAP.translate]);

describe("the map's projection", () => {
  it.each([
    ["Geneva", GENEVA],
    ["Nice", NICE],
    ["Mykonos", MYKONOS],
  ])("puts %s inside the viewBox, where d3-geo puts it", (_, airport) => {
    const [x, y] = projectToMap(airport.longitude, airport.latitude);
    expect(x).toBeGreaterThan(0);
    expect(x).toBeLessThan(EUROPE_MAP.width);
    expect(y).toBeGreaterThan(0);
    expect(y).toBeLessThan(EUROPE_MAP.height);
    const [d3x, d3y] = d3Mercator([airport.longitude, airport.latitude])!;
    expect(x).toBeCloseTo(d3x, 0);
    expect(y).toBeCloseTo(d3y, 0);
  });

  it("puts Nice south of Geneva and east of it, Mykonos far to the south-east", () => {
    const [genevaX, genevaY] = projectToMap(GENEVA.longitude, GENEVA.latitude);
    const [niceX, niceY] = projectToMap(NICE.longitude, NICE.latitude);
    const [mykonosX, mykonosY] = projectToMap(MYKONOS.longitude, MYKONOS.latitude);
    expect(niceY).toBeGreaterThan(genevaY);
    expect(niceX).toBeGreaterThan(genevaX);
    expect(mykonosX).toBeGreaterThan(niceX);
    expect(mykonosY).toBeGreaterThan(niceY);
  });

  it("knows New York is off the map", () => {
    expect(isOnMap(projectToMap(-73.78, 40.64))).toBe(false);
  });

  it("draws a route per flight between mapped airports, and none for an airport without coordinates", () => {
    const airports = [
      { id: 1, ...GENEVA },
      { id: 2, ...NICE },
      { id: 3, latitude: 0, longitude: 0 },
    ];
    const flight = (id: string, from: number, to: number) => ({
      id,
      departureDate: new Date("2026-12-12T10:00:00Z"),
      departureAirport: { id: from, servedCity: "Genève" },
      arrivalAirport: { id: to, servedCity: "Nice" },
    });
    const routes = routesOnMap([flight("gva-nce", 1, 2), flight("unknown", 1, 3)], airports);
    expect(routes.map((route) => route.id)).toEqual(["gva-nce"]);
    const [route] = routes;
    expect(route!.start).toEqual(projectToMap(GENEVA.longitude, GENEVA.latitude));
    expect(route!.end).toEqual(projectToMap(NICE.longitude, NICE.latitude));
    expect(route!.path).toMatch(new RegExp(`^M${route!.start.join(" ")}Q[-\\d. ]+ ${route!.end.join(" ")}$`));
  });
});
