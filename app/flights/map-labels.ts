// The map's city names: placed once, the same on the server and in the browser (docs/catalogue.md 'The map').

export type LabelSide = "right" | "left" | "above" | "below";
export type MapLabel = { x: number; y: number; name: string; side: LabelSide };
type Box = { left: number; top: number; right: number; bottom: number };

/**
 * Sizes in map units at the narrowest map, a 390 px phone's (about 0.6 px a unit): wider maps
 * only have more room. A 12 px semibold letter is about 7 px wide, a label 16 px high.
 */
const UNITS_PER_PX = 600 / 358;
const CHAR = 7 * UNITS_PER_PX;
const PADDING = 8 * UNITS_PER_PX;
const HEIGHT = 16 * UNITS_PER_PX;
const GAP = 7 * UNITS_PER_PX;
const DOT = 5;
const SIDES: LabelSide[] = ["right", "left", "above", "below"];

function boxOf(x: number, y: number, width: number, side: LabelSide): Box {
  if (side === "right") return { left: x + GAP, right: x + GAP + width, top: y - HEIGHT / 2, bottom: y + HEIGHT / 2 };
  if (side === "left") return { left: x - GAP - width, right: x - GAP, top: y - HEIGHT / 2, bottom: y + HEIGHT / 2 };
  // Clear of a name on either side of the same dot.
  const top = side === "above" ? y - HEIGHT * 1.5 : y + HEIGHT / 2;
  return { left: x - width / 2, right: x + width / 2, top, bottom: top + HEIGHT };
}

const overlaps = (a: Box, b: Box) => a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;

/**
 * Each airport's name beside its dot, on the first side where it covers no other name nor dot
 * and stays on the map; the busiest airports first. A name with no free side is left out (a
 * crowded coast): the dot's routes still name it in their titles.
 */
export function placeMapLabels(
  airports: { x: number; y: number; name: string; routes: number }[],
  size: { width: number; height: number },
): MapLabel[] {
  const dots: Box[] = airports.map(({ x, y }) => ({ left: x - DOT, right: x + DOT, top: y - DOT, bottom: y + DOT }));
  const taken: Box[] = [];
  const placed: MapLabel[] = [];
  const order = [...airports].sort((a, b) => b.routes - a.routes || a.name.localeCompare(b.name));
  for (const airport of order) {
    const width = airport.name.length * CHAR + PADDING;
    for (const side of SIDES) {
      const box = boxOf(airport.x, airport.y, width, side);
      const inside = box.left >= 0 && box.top >= 0 && box.right <= size.width && box.bottom <= size.height;
      if (inside && !taken.some((other) => overlaps(box, other)) && !dots.some((dot) => overlaps(box, dot))) {
        taken.push(box);
        placed.push({ x: airport.x, y: airport.y, name: airport.name, side });
        break;
      }
    }
  }
  return placed;
}
