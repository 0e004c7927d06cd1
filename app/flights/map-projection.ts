/**
 * Where a place falls on the empty legs' map: d3-geo's Mercator with the scale and
 * translation scripts/build-europe-map.ts fitted to the land it drew, written out in a
 * few lines so that neither d3 nor the atlas is needed at run time.
 */
import { EUROPE_MAP } from "./europe-map.generated";

const RADIANS = Math.PI / 180;
/** A tenth of a map unit is finer than a phone's pixel. */
const tenth = (value: number) => Math.round(value * 10) / 10;

/** [x, y] in the map's SVG units (its viewBox is 0 0 width height) of a longitude and latitude in degrees. */
export function projectToMap(longitude: number, latitude: number): [number, number] {
  const [translateX, translateY] = EUROPE_MAP.translate;
  const x = EUROPE_MAP.scale * longitude * RADIANS + translateX;
  const y = translateY - EUROPE_MAP.scale * Math.log(Math.tan(Math.PI / 4 + (latitude * RADIANS) / 2));
  return [tenth(x), tenth(y)];
}

/** Whether a projected point lies on the map. */
export function isOnMap([x, y]: [number, number]): boolean {
  return x >= 0 && x <= EUROPE_MAP.width && y >= 0 && y <= EUROPE_MAP.height;
}
