import { availableParallelism } from "node:os";

import { defineConfig } from "vitest/config";

// Separate from vite.config.ts so the Remix plugin does not load in tests.
export default defineConfig({
  test: {
    include: ["app/**/*.test.{ts,tsx}", "emails/**/*.test.{ts,tsx}", "tests/unit/**/*.test.ts"],
    environment: "node",
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: "forks",
    // Vitest's default is one worker per core but one; on 2 cores that is a single worker
    // that spends much of its time waiting for workerd (D1). Two halve the unit phase there.
    maxWorkers: Math.max(2, availableParallelism() - 1),
    // Each file makes its own D1 (tests/d1.ts) and no test replaces a module, so the files
    // of a worker share their imports: modules are evaluated once per worker, not per file.
    isolate: false,
    reporters: ["default", ["json", { outputFile: ".test-reports/unit.json" }]],
    // Far from Zurich on purpose: display code must not depend on the machine's zone.
    env: { TZ: "America/New_York" },
  },
});
