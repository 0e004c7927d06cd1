import { describe, expect, it } from "vitest";

import { probabilityLevel } from "./probability";

describe("probability badge", () => {
  it.each([
    [100, 4, "veryHigh"],
    [80, 4, "veryHigh"],
    [79, 3, "high"],
    [60, 3, "high"],
    [59, 2, "medium"],
    [40, 2, "medium"],
    [39, 1, "low"],
    [0, 1, "low"],
  ])("%i%% gives %i stars (%s)", (probability, stars, key) => {
    expect(probabilityLevel(probability)).toMatchObject({ stars, key });
  });

  it("treats a missing probability as 80", () => {
    expect(probabilityLevel(null)).toMatchObject({ stars: 4, key: "veryHigh" });
  });
});
