/**
 * The radius and the flexibility read from a URL (decision 036): only the offered values,
 * written as the form writes them, so one search has one address (shared, cached).
 */
import { describe, expect, it } from "vitest";

import { parseSearchReach, searchParamsOf } from "./search-reach";

const reachOf = (query: string) => parseSearchReach(new URLSearchParams(query));

describe("the search's reach in the URL", () => {
  it("takes the offered values as the form writes them", () => {
    expect(reachOf("radius=100&flex=3")).toEqual({ radiusKm: 100, flexDays: 3 });
    expect(searchParamsOf({ from: "Lausanne", to: "", date: "" }, reachOf("radius=50&flex=1")).toString()).toBe(
      "from=Lausanne&radius=50&flex=1",
    );
  });

  it("reads another spelling of an offered number as the default", () => {
    for (const radius of ["0x32", "5e1", "50.0", " 50", "050", "+50", "1e2"])
      expect(reachOf(`radius=${encodeURIComponent(radius)}`).radiusKm, radius).toBe(0);
    for (const flex of ["0x3", "3.0", " 1", "01", "+3", "1e0"])
      expect(reachOf(`flex=${encodeURIComponent(flex)}`).flexDays, flex).toBe(0);
  });
});
