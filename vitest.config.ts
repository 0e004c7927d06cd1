import { defineConfig } from "vitest/config";

// Separate from vite.config.ts so the Remix plugin does not load in tests.
export default defineConfig({
  test: {
    include: ["app/**/*.test.{ts,tsx}", "emails/**/*.test.{ts,tsx}", "tests/unit/**/*.test.ts"],
    environment: "node",
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: "forks",
    reporters: ["default", ["json", { outputFile: ".test-reports/unit.json" }]],
    // Far from Zurich on purpose: display code must not depend on the machine's zone.
    env: { TZ: "America/New_York" },
  },
});
