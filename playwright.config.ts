import { defineConfig, devices } from "@playwright/test";

import { DEMO_INSTANT_VARIABLE, fixDemoInstant } from "./app/db/demo-data";

/**
 * Browser tests against the real Worker: `scripts/start.sh` builds, migrates and
 * seeds a throw-away local D1, then serves it with `wrangler dev` (workerd).
 * The browser is Debian's headless shell of Chromium (`apt-get install chromium-headless-shell`),
 * the same Blink without the desktop browser around it, as Playwright's own headless default;
 * set CHROMIUM_PATH to use another (docs/testing.md "The suite's time").
 */
const PORT = Number(process.env.E2E_PORT ?? 8799);
export const PERSIST_TO = ".wrangler/e2e-state";
export const BASE_URL = `http://localhost:${PORT}`;

/**
 * The run's demo instant (docs/testing.md), decided once: this file is read by the runner
 * before it collects the test files or starts the server, and the workers and the webServer
 * inherit its environment. The seed builds the demo flights from it, and the tests (their
 * titles included) expect flights from it, whatever the hour when each of them runs.
 */
export const DEMO_INSTANT = fixDemoInstant(process.env);

export default defineConfig({
  testDir: "./tests/e2e",
  fullyParallel: true,
  forbidOnly: !!process.env.CI,
  retries: process.env.CI ? 1 : 0,
  workers: 2,
  timeout: 30_000,
  expect: { timeout: 10_000 },
  reporter: [
    ["list"],
    ["json", { outputFile: ".test-reports/e2e.json" }],
    ...(process.env.CI ? [] : [["html", { open: "never" }] as const]),
  ],
  use: {
    baseURL: BASE_URL,
    locale: "fr-CH",
    timezoneId: "Europe/Zurich",
    // A trace of a failed test's retry only: recording every test's screencast and DOM snapshots
    // cost about a tenth of the browser phase's CPU (docs/testing.md "The suite's time").
    trace: "on-first-retry",
    // The installable app's worker answers navigations and /assets/ itself, out of `page.route`'s reach:
    // blocked, except in installable.spec.ts, which tests it.
    serviceWorkers: "block",
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium-headless-shell",
      args: [
        "--no-sandbox",
        "--disable-gpu",
        // The compositor in the browser process instead of a GPU process of its own: without a
        // GPU it only copies frames, and the extra process and its messages cost about a
        // seventh of Chromium's CPU over a spec (docs/testing.md "The suite's time").
        "--in-process-gpu",
        "--disable-quic",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
        "--no-first-run",
      ],
    },
  },
  projects: [
    // The demo staff sign in once for the run (tests/e2e/staff-sessions.ts).
    { name: "staff-sessions", testMatch: /staff-sessions\.setup\.ts$/ },
    {
      name: "chromium",
      testIgnore: /\.global\.spec\.ts$/,
      dependencies: ["staff-sessions"],
      use: { ...devices["Desktop Chrome"], locale: "fr-CH" },
    },
    // Tests that change what every page shows (the feed sync adds flights, alerts notify
    // everyone who chose countries) run last, once the others are done with the server.
    {
      name: "global-state",
      testMatch: /\.global\.spec\.ts$/,
      dependencies: ["chromium"],
      // One after the other: one file's 'Envoyer les alertes' would alert another file's
      // new subscriber.
      fullyParallel: false,
      workers: 1,
      use: { ...devices["Desktop Chrome"], locale: "fr-CH" },
    },
  ],
  webServer: {
    command: `rm -rf ${PERSIST_TO} && bash scripts/start.sh`,
    // Pushes at any hour: web-push.spec.ts runs by night too; the D1 tests prove the quiet hours.
    env: {
      PORT: String(PORT),
      PERSIST_TO,
      [DEMO_INSTANT_VARIABLE]: DEMO_INSTANT.toISOString(),
      PUSH_QUIET_HOURS: "off",
    },
    url: `${BASE_URL}/robots.txt`,
    // Never reuse whatever already listens on the port (STACK.md trap 10).
    reuseExistingServer: false,
    timeout: 240_000,
    stdout: "ignore",
    stderr: "pipe",
  },
});
