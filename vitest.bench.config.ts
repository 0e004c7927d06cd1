import { defineConfig } from "vitest/config";

// `npm run bench`'s in-process measurements (scripts/*.bench.ts): real D1 and real code,
// one file at a time so timings do not compete. Not part of `npm test`.
export default defineConfig({
  test: {
    include: ["scripts/**/*.bench.ts"],
    environment: "node",
    testTimeout: 300_000,
    hookTimeout: 120_000,
    pool: "forks",
    fileParallelism: false,
    // The export bench collects garbage before each memory sample.
    execArgv: ["--expose-gc"],
    reporters: ["verbose"],
    env: { TZ: "America/New_York" },
  },
});
