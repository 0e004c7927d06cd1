import { describe, expect, it } from "vitest";

import { placeMapLabels } from "./map-labels";

const size = { width: 600, height: 510 };

describe("the map's city names", () => {
  it("puts a lone city's name on the right of its dot", () => {
    expect(placeMapLabels([{ x: 100, y: 100, name: "Genève", routes: 1 }], size)).toEqual([
      { x: 100, y: 100, name: "Genève", side: "right" },
    ]);
  });

  it("moves a name to the left where the right would leave the map", () => {
    expect(placeMapLabels([{ x: 590, y: 100, name: "Mykonos", routes: 1 }], size)[0]?.side).toBe("left");
  });

  it("moves a neighbour's name off the busier city's name and dot", () => {
    const labels = placeMapLabels(
      [
        { x: 300, y: 300, name: "Nice", routes: 3 },
        { x: 300, y: 330, name: "Cannes", routes: 1 },
        { x: 300, y: 310, name: "Monaco", routes: 1 },
      ],
      size,
    );
    expect(labels.map((label) => [label.name, label.side])).toEqual([
      ["Nice", "right"],
      ["Cannes", "right"],
      ["Monaco", "left"],
    ]);
  });

  it("leaves out a name with no free side", () => {
    const crowd = ["Aa", "Bb", "Cc", "Dd", "Ee"].map((name) => ({ x: 300, y: 300, name, routes: 1 }));
    expect(placeMapLabels(crowd, size).map((label) => label.side)).toEqual(["right", "left", "above", "below"]);
  });
});
