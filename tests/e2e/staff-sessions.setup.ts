/** Signs each demo staff account in once for the run (see staff-sessions.ts), and checks the demo's instant. */
import { readFileSync } from "node:fs";

import { expect, test as setup } from "@playwright/test";

import { DEMO_INSTANT_FILE } from "#app/db/demo-data";

import { BASE_URL, DEMO_INSTANT, PERSIST_TO } from "../../playwright.config";
import { signInOverHttp } from "./admin-helpers";
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from "./fixtures";
import { saveStaffSessions } from "./staff-sessions";

setup("sign the demo staff in once", async () => {
  const sessions = [];
  for (const [role, ip] of [
    ["admin", "198.51.100.201"],
    ["gestionnaire", "198.51.100.202"],
  ] as const) {
    const context = await signInOverHttp(BASE_URL, DEMO_ACCOUNTS[role], DEMO_PASSWORD, ip);
    const cookie = (await context.storageState()).cookies.find((candidate) => candidate.name.endsWith("jm_session"));
    expect(cookie, `${role}'s session cookie`).toBeTruthy();
    // The session opens the back-office: the code step is behind it.
    expect((await context.get("/admin", { maxRedirects: 0 })).status()).toBe(200);
    sessions.push([role, { name: cookie!.name, value: cookie!.value }] as const);
    await context.dispose();
  }
  saveStaffSessions(Object.fromEntries(sessions) as Parameters<typeof saveStaffSessions>[0]);
});

setup("the server's demo was built from the run's demo instant", () => {
  // The seed records the instant it used beside the local D1 (docs/testing.md).
  const recorded = JSON.parse(readFileSync(`${PERSIST_TO}/${DEMO_INSTANT_FILE}`, "utf8")) as { instant: string };
  expect(recorded.instant).toBe(DEMO_INSTANT.toISOString());
});
