/**
 * The bench's phases on a real local D1: off without the flag (no timer, no header), and
 * with it, D1's round trips counted through drizzle as the Worker's requests make them.
 */
import { gzipSync } from "node:zlib";

import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { createDb } from "#app/db/client.server";
import { openReadSession } from "#app/db/read-session.server";
import { airports } from "#app/db/schema";
import { createTestD1 } from "#tests/d1";

import type { Env } from "./env.server";
import { parseServerTiming } from "./phase-timing";
import {
  currentPhaseTimer,
  isPhaseTimingOn,
  timedEnv,
  timePhase,
  withPhaseTimer,
  withServerTiming,
} from "./phase-timing.server";

let env: Env;
let dispose: () => Promise<void>;

beforeAll(async () => {
  const test = await createTestD1();
  env = { DB: test.d1, APP_ENV: "local" };
  dispose = test.dispose;
});
afterAll(() => dispose());

describe("the phase timing flag", () => {
  it("is on only in a local Worker started with PHASE_TIMING=1", () => {
    expect(isPhaseTimingOn({ APP_ENV: "local" })).toBe(false);
    expect(isPhaseTimingOn({ APP_ENV: "local", PHASE_TIMING: "0" })).toBe(false);
    expect(isPhaseTimingOn({ APP_ENV: "production", PHASE_TIMING: "1" })).toBe(false);
    expect(isPhaseTimingOn({ APP_ENV: "local", PHASE_TIMING: "1" })).toBe(true);
  });

  it("without it, a phase is its work and nothing is kept", async () => {
    expect(currentPhaseTimer()).toBeUndefined();
    await expect(timePhase("session", async () => "user")).resolves.toBe("user");
    expect(currentPhaseTimer()).toBeUndefined();
  });
});

describe("a measured request", () => {
  it("counts each D1 round trip, a batch as one, through the primary and a read session", async () => {
    const db = createDb(timedEnv(env).DB);
    const response = await withPhaseTimer(async (timer) => {
      const startedAt = timer.now();
      await db.select().from(airports);
      await db.batch([db.select().from(airports), db.select().from(airports)]);
      const session = openReadSession(timedEnv(env).DB, new Request("http://localhost/home"), { secure: false });
      await session.db.select().from(airports);
      expect(await session.bookmarkToKeep()).toMatch(/^[0-9a-f-]+$/);
      return withServerTiming(new Response("<p>page</p>"), timer, startedAt);
    });
    const phases = parseServerTiming(response.headers.get("Server-Timing"));
    expect(phases.find((phase) => phase.name === "d1")?.count).toBe(3);
    expect(phases.find((phase) => phase.name === "body")?.count).toBe("<p>page</p>".length);
    expect(phases.map((phase) => phase.name)).toContain("total");
    expect(await response.text()).toBe("<p>page</p>");
  });

  it("counts a kept page sent compressed by the bytes of its HTML", async () => {
    const html = "<p>Genève</p>".repeat(100);
    const response = await withPhaseTimer((timer) =>
      withServerTiming(
        new Response(gzipSync(html), { headers: { "Content-Encoding": "gzip", "Content-Type": "text/html" } }),
        timer,
        timer.now(),
      ),
    );
    const body = parseServerTiming(response.headers.get("Server-Timing")).find((phase) => phase.name === "body");
    expect(body?.count).toBe(new TextEncoder().encode(html).length);
  });

  it("keeps the same timed env for the same env, so its drizzle client is made once", () => {
    expect(timedEnv(env)).toBe(timedEnv(env));
  });

  it("gives a body-less answer (a redirect) its header too", async () => {
    const response = await withPhaseTimer((timer) =>
      withServerTiming(new Response(null, { status: 302, headers: { Location: "/home" } }), timer, timer.now()),
    );
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/home");
    expect(parseServerTiming(response.headers.get("Server-Timing")).find((phase) => phase.name === "body")).toEqual({
      name: "body",
      durationMs: 0,
      count: 0,
    });
  });
});
