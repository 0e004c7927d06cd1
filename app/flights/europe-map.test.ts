/**
 * The map's land is a static file (public/map/europe.svg, issue 28) drawn under the routes:
 * it must cover the same box as the viewBox the routes are projected into.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";

import { describe, expect, it } from "vitest";

import { EUROPE_MAP } from "./europe-map.generated";

describe("the map's land", () => {
  it("is served from public/ with the map's own viewBox, one white path", () => {
    const svg = readFileSync(join(import.meta.dirname, "..", "..", "public", EUROPE_MAP.landHref), "utf8");
    expect(svg).toMatch(
      new RegExp(`^<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${EUROPE_MAP.width} ${EUROPE_MAP.height}">`),
    );
    expect(svg.match(/<path /g)).toHaveLength(1);
    expect(svg).toContain('fill="#fff"');
  });
});
