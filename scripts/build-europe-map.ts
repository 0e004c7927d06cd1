/**
 * Prepares the land of the empty legs' map (issue 29, point 3) at build time, so that the
 * page never ships the atlas nor d3: Natural Earth's countries at 1:50m (`world-atlas`),
 * merged into land (`topojson-client`), projected with d3-geo's Mercator fitted to Europe,
 * clipped to the map's box, written as one SVG path with whole-pixel relative moves
 * (points closer than a pixel dropped), in public/map/europe.svg: a static file the map
 * shows as an image, cached by the browser, rather than 4.7 KB more in every /empty-legs
 * (issue 28). The map's size and the projection's scale and translation are written in
 * app/flights/europe-map.generated.ts, for app/flights/map-projection.ts to place the
 * airports and for the page to draw them over the land.
 *
 * Usage: npm run build:map (node scripts/build-europe-map.ts, then prettier on the output;
 * run it again only to change the box, the size or the atlas: the output is committed).
 */
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { join } from "node:path";

import { geoMercator, geoPath } from "d3-geo";
import { merge } from "topojson-client";
import type { GeometryCollection, Topology } from "topojson-specification";

const OUTPUT = join(import.meta.dirname, "..", "app", "flights", "europe-map.generated.ts");
/** Served as is at /map/europe.svg (EUROPE_MAP.landHref). */
const LAND_OUTPUT = join(import.meta.dirname, "..", "public", "map", "europe.svg");
/** The map's width in SVG units; the height follows from the box. */
const WIDTH = 600;
/** Europe as the empty legs fly it: Lisbon to Athens and Mykonos, Sicily to Copenhagen. */
const BOX = { west: -10, east: 28, south: 35, north: 57 };
/** How far, in map pixels, the simplified coast may stray from the atlas's. */
const TOLERANCE_PX = 1.2;
/** Islands smaller than this (square map pixels) are left out. */
const MIN_AREA_PX2 = 6;

const require = createRequire(import.meta.url);
const topology = JSON.parse(readFileSync(require.resolve("world-atlas/countries-50m.json"), "utf8")) as Topology<{
  countries: GeometryCollection;
}>;
const land = merge(topology, topology.objects.countries.geometries as never);

const corners = {
  type: "MultiPoint" as const,
  coordinates: [
    [BOX.west, BOX.south],
    [BOX.east, BOX.north],
  ],
};
const projection = geoMercator().fitWidth(WIDTH, corners);
const [[, top], [, bottom]] = geoPath(projection).bounds(corners);
const height = Math.round(bottom - top);
projection.translate([projection.translate()[0], projection.translate()[1] - top]).clipExtent([
  [0, 0],
  [WIDTH, height],
]);

type Point = [number, number];

/** A d3 path context that collects each ring's projected points. */
function ringCollector() {
  const rings: Point[][] = [];
  let ring: Point[] = [];
  return {
    moveTo: (x: number, y: number) => void (ring = [[x, y]]),
    lineTo: (x: number, y: number) => void ring.push([x, y]),
    closePath: () => void rings.push(ring),
    arc() {},
    rings,
  };
}

/** Douglas-Peucker: the points of `ring` that keep it within `tolerance` pixels. */
function simplify(ring: Point[], tolerance: number): Point[] {
  if (ring.length < 3) return ring;
  const keep = new Array<boolean>(ring.length).fill(false);
  keep[0] = keep[ring.length - 1] = true;
  const stack: Array<[number, number]> = [[0, ring.length - 1]];
  while (stack.length > 0) {
    const [first, last] = stack.pop()!;
    const [ax, ay] = ring[first]!;
    const [bx, by] = ring[last]!;
    const length = Math.hypot(bx - ax, by - ay) || 1;
    let farthest = -1;
    let distance = tolerance;
    for (let index = first + 1; index < last; index++) {
      const [px, py] = ring[index]!;
      const d =
        length === 1 && bx === ax && by === ay
          ? Math.hypot(px - ax, py - ay)
          : Math.abs((bx - ax) * (ay - py) - (ax - px) * (by - ay)) / length;
      if (d > distance) [farthest, distance] = [index, d];
    }
    if (farthest > 0) {
      keep[farthest] = true;
      stack.push([first, farthest], [farthest, last]);
    }
  }
  return ring.filter((_, index) => keep[index]);
}

/** Twice the ring's area (shoelace), in square pixels. */
const area = (ring: Point[]) =>
  Math.abs(
    ring.reduce((sum, [x, y], index) => {
      const [nx, ny] = ring[(index + 1) % ring.length]!;
      return sum + x * ny - nx * y;
    }, 0),
  ) / 2;

/** One SVG path: each ring an absolute move, then whole-pixel relative lines (the "l" implied after the first). */
function toPath(rings: Point[][]) {
  let out = "";
  for (const ring of rings) {
    const points = ring.map(([x, y]) => [Math.round(x), Math.round(y)] as Point);
    const [start, ...rest] = points;
    let [x, y] = start!;
    const moves: string[] = [];
    for (const [nx, ny] of rest) {
      if (nx === x && ny === y) continue;
      moves.push(`${nx - x}${ny - y < 0 ? "" : " "}${ny - y}`);
      [x, y] = [nx, ny];
    }
    if (moves.length < 2) continue;
    out += `M${start![0]} ${start![1]}l${moves.join(" ").replace(/ -/g, "-")}z`;
  }
  return out;
}

const collector = ringCollector();
geoPath(projection, collector as never)(land);
const rings = collector.rings
  .map((ring) => simplify(ring, TOLERANCE_PX))
  .filter((ring) => ring.length >= 3 && area(ring) >= MIN_AREA_PX2);
const path = toPath(rings);
const [scale, [translateX, translateY]] = [projection.scale(), projection.translate()];

mkdirSync(join(LAND_OUTPUT, ".."), { recursive: true });
writeFileSync(
  LAND_OUTPUT,
  `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${WIDTH} ${height}"><path fill="#fff" d="${path}"/></svg>\n`,
);
writeFileSync(
  OUTPUT,
  `/**
 * Generated by scripts/build-europe-map.ts (see there how to run it): do not edit.
 * Land from Natural Earth 1:50m (world-atlas), Mercator fitted to lon ${BOX.west}..${BOX.east},
 * lat ${BOX.south}..${BOX.north}, drawn in public/map/europe.svg (a path of ${path.length} characters).
 */
export const EUROPE_MAP = {
  width: ${WIDTH},
  height: ${height},
  /** d3-geo's geoMercator().scale() and .translate() of the land. */
  scale: ${scale},
  translate: [${translateX}, ${translateY}],
  /** The land, white, in the map's viewBox: a static file, cached by the browser. */
  landHref: "/map/europe.svg",
} as const;
`,
);
console.log(`${OUTPUT}, ${LAND_OUTPUT}: ${WIDTH}x${height}, land path ${path.length} characters`);
