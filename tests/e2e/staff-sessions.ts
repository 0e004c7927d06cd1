/**
 * One signed-in session per demo staff account for the whole run. A staff sign-in costs a
 * second-factor code, and a code is accepted once per account and 30-second step
 * (decision 027): two workers signing the demo admin in within the same step made one of
 * them wait up to 30 s. `staff-sessions.setup.ts` signs each demo staff account in once,
 * before the tests, and keeps its session cookie next to the run's local D1; `loginAs` and
 * `staffRequest` (admin-helpers.ts) reuse it. A test that signs staff out (the permission matrix posts
 * /logout) signs in on its own (`signInOverHttp`), so it never ends the shared session.
 */
import { existsSync, readFileSync, writeFileSync } from "node:fs";

import type { Cookie } from "@playwright/test";

import { BASE_URL, PERSIST_TO } from "../../playwright.config";

export type StaffRole = "admin" | "gestionnaire";
type SessionCookie = Pick<Cookie, "name" | "value">;

const FILE = `${PERSIST_TO}/staff-sessions.json`;

export function saveStaffSessions(sessions: Record<StaffRole, SessionCookie>) {
  writeFileSync(FILE, JSON.stringify(sessions));
}

/** The run's session cookie of a demo staff account, as a cookie for `BASE_URL`; none before the setup ran. */
export function sharedStaffCookie(role: StaffRole): Cookie | undefined {
  if (!existsSync(FILE)) return undefined;
  const saved = (JSON.parse(readFileSync(FILE, "utf8")) as Partial<Record<StaffRole, SessionCookie>>)[role];
  if (!saved) return undefined;
  const { hostname } = new URL(BASE_URL);
  return { ...saved, domain: hostname, path: "/", expires: -1, httpOnly: true, secure: false, sameSite: "Lax" };
}
