import { DEFAULT_PROBABILITY } from "#app/utils/constants";

export const PROBABILITY_LEVELS = [
  { min: 80, stars: 4, key: "veryHigh" },
  { min: 60, stars: 3, key: "high" },
  { min: 40, stars: 2, key: "medium" },
  { min: -Infinity, stars: 1, key: "low" },
] as const;

export type ProbabilityLevel = (typeof PROBABILITY_LEVELS)[number];

export function probabilityLevel(probability: number | null | undefined): ProbabilityLevel {
  const value = probability ?? DEFAULT_PROBABILITY;
  return PROBABILITY_LEVELS.find((level) => value >= level.min)!;
}
