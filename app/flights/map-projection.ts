// d3-geo's Mercator as scripts/build-europe-map.ts fitted it, in a few lines: no d3 nor atlas at run time.
import { EUROPE_MAP } from "./europe-map.generated";

const RADIANS = Math.PI / 180;
/** A tenth of a map unit is finer than a phone's pixel. */
const tenth = (value: number) => Math.round(value * 10) / 10;

export function projectToMap(longitude: number, latitude: number): [number, number] {
  const [translateX, translateY] = EUROPE_MAP.translate;
  const x = EUROPE_MAP.scale * longitude * RADIANS + translateX;
  const y = translateY - EUROPE_MAP.scale * Math.log(Math.tan(Math.PI / 4 + (latitude * RADIANS) / 2));
  return [tenth(x), tenth(y)];
}

export function isOnMap([x, y]: [number, number]): boolean {
  return x >= 0 && x <= EUROPE_MAP.width && y >= 0 && y <= EUROPE_MAP.height;
}
