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
    // The Worker's log lines go straight to stdout, as workerd writes them: vitest's
    // capture of each line (its origin, a relay to the reporter) is the harness's cost, not
    // the consumer's, and read as more than a tenth of an alert mail's CPU.
    disableConsoleIntercept: true,
    env: { TZ: "America/New_York" },
  },
});
