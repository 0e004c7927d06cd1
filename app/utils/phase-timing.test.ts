import { describe, expect, test } from "vitest";

import { createPhaseTimer, parseServerTiming, serializeServerTiming } from "./phase-timing";

/** A clock a test moves by hand. */
function manualClock() {
  let now = 0;
  return { clock: () => now, advance: (ms: number) => (now += ms) };
}

describe("the phase timer", () => {
  test("adds the time of each run to its phase and counts the runs", async () => {
    const { clock, advance } = manualClock();
    const timer = createPhaseTimer(clock);
    await timer.time("d1", async () => advance(4));
    await timer.time("d1", async () => advance(6));
    timer.add("body", 0, 1200);
    timer.note("cache", "hit");
    expect(timer.entries()).toEqual([
      { name: "d1", durationMs: 10, count: 2 },
      { name: "body", durationMs: 0, count: 1200 },
      { name: "cache", durationMs: 0, note: "hit" },
    ]);
  });

  test("counts a run that fails, and lets its error through", async () => {
    const { clock, advance } = manualClock();
    const timer = createPhaseTimer(clock);
    await expect(
      timer.time("session", async () => {
        advance(3);
        throw new Error("D1 down");
      }),
    ).rejects.toThrow("D1 down");
    expect(timer.entries()).toEqual([{ name: "session", durationMs: 3, count: 1 }]);
  });

  test("a time without a count leaves the phase uncounted", () => {
    const timer = createPhaseTimer(() => 0);
    timer.add("loaders", 12.34);
    expect(timer.entries()).toEqual([{ name: "loaders", durationMs: 12.34 }]);
  });
});

describe("Server-Timing", () => {
  test("is written as the standard says: name, dur, and the count and note in desc", () => {
    expect(
      serializeServerTiming([
        { name: "d1", durationMs: 12.345, count: 3 },
        { name: "cache", durationMs: 0, note: "miss" },
        { name: "render", durationMs: 0, count: 1, note: "streamed" },
        { name: "total", durationMs: 20 },
      ]),
    ).toBe('d1;dur=12.3;desc="n=3", cache;dur=0;desc="miss", render;dur=0;desc="n=1 streamed", total;dur=20');
  });

  test("never writes a name that is not a token nor a note that would break the quotes", () => {
    expect(
      serializeServerTiming([
        { name: "bad name", durationMs: 1 },
        { name: "cache", durationMs: 0, note: 'hit"; x=1\\' },
      ]),
    ).toBe('cache;dur=0;desc="hit; x=1"');
  });

  test("reads back what it wrote", () => {
    const phases = [
      { name: "guards", durationMs: 0, count: 2 },
      { name: "d1", durationMs: 7.5, count: 1 },
      { name: "cache", durationMs: 0, note: "hit" },
      { name: "total", durationMs: 14 },
    ];
    expect(parseServerTiming(serializeServerTiming(phases))).toEqual(phases);
  });

  test("reads other servers' headers: quoted commas, unknown parameters, bare names", () => {
    expect(parseServerTiming('cdn-cache;desc="HIT, edge", db;dur=53.2;foo=bar, miss')).toEqual([
      { name: "cdn-cache", durationMs: 0, note: "HIT, edge" },
      { name: "db", durationMs: 53.2 },
      { name: "miss", durationMs: 0 },
    ]);
    expect(parseServerTiming(null)).toEqual([]);
    expect(parseServerTiming("")).toEqual([]);
  });
});
