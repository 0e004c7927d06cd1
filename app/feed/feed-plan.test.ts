import { describe, expect, it } from "vitest";

import { MOVE_WINDOW_MS, planSync } from "./feed-plan";
import type { FeedFlightRow, KnownFlight } from "./types";

const NOW = Date.parse("2026-11-23T09:00:00Z");
const T = Date.parse("2026-12-01T09:00:00Z");
const MIN = 60_000;

const feed = (departureMs: number, extra: Partial<FeedFlightRow> = {}): FeedFlightRow => ({
  fromIcao: "LSGG",
  toIcao: "LFMN",
  departureMs,
  arrivalMs: departureMs + 65 * MIN,
  flightTime: 65,
  aircraftType: "PC12",
  seats: 6,
  probability: 80,
  ...extra,
});
const known = (id: string, departureMs: number, extra: Partial<KnownFlight> = {}): KnownFlight => ({
  id,
  fromIcao: "LSGG",
  toIcao: "LFMN",
  legId: null,
  feedDepartureMs: departureMs,
  departureMs,
  arrivalMs: departureMs + 65 * MIN,
  flightTime: 65,
  feedSeats: 6,
  feedProbability: 80,
  aircraftType: "PC12",
  status: "scheduled",
  source: "feed",
  operatorName: null,
  operatorAoc: null,
  operatorState: null,
  registration: null,
  ...extra,
});
const plan = (feedFlights: FeedFlightRow[], rows: KnownFlight[], readable = true) =>
  planSync({ feedFlights, known: rows, readable, missableCount: rows.length, nowMs: NOW });

describe("planSync", () => {
  it("matches an unchanged flight and writes nothing for it", () => {
    expect(plan([feed(T)], [known("a", T)])).toMatchObject({ updates: [], inserts: [], seenIds: ["a"], skips: [] });
  });

  it("takes a missing flight and a new one on its route and aircraft within 24 hours for one flight, moved", () => {
    const moved = plan([feed(T + MOVE_WINDOW_MS)], [known("a", T)]);
    expect(moved.inserts).toEqual([]);
    expect(moved.updates).toEqual([
      expect.objectContaining({
        id: "a",
        departureMs: T + MOVE_WINDOW_MS,
        feedDepartureMs: T + MOVE_WINDOW_MS,
        impact: "freeCancellation",
        changedFields: ["departure_date", "feed_departure_date", "arrival_date"],
      }),
    ]);
    const far = plan([feed(T + MOVE_WINDOW_MS + MIN)], [known("a", T)]);
    expect(far).toMatchObject({
      updates: [],
      inserts: [expect.objectContaining({ departureMs: T + MOVE_WINDOW_MS + MIN })],
    });
  });

  it("pairs each new flight with the nearest missing one, and never across aircraft", () => {
    const result = plan([feed(T + 50 * MIN), feed(T + 20 * MIN)], [known("a", T), known("b", T + 60 * MIN)]);
    expect(result.updates.map((update) => [update.id, update.departureMs])).toEqual([
      ["b", T + 50 * MIN],
      ["a", T + 20 * MIN],
    ]);
    const jet = plan([feed(T + 20 * MIN, { aircraftType: "PC24" })], [known("a", T)]);
    expect(jet).toMatchObject({ updates: [], inserts: [expect.objectContaining({ aircraftType: "PC24" })] });
  });

  it("never takes for moved a flight of staff's, a cancelled or a past one", () => {
    for (const row of [
      known("a", T, { source: "staff" }),
      known("a", T, { status: "cancelled" }),
      known("a", NOW - 30 * MIN),
    ]) {
      const result = plan([feed(row.departureMs + 20 * MIN)], [row]);
      expect(result.updates).toEqual([]);
      expect(result.inserts).toHaveLength(1);
    }
  });

  it("keeps staff's departure while the feed announces the same one, and moves it when the feed announces another", () => {
    const staffMoved = known("a", T, { departureMs: T + 30 * MIN, arrivalMs: T + 95 * MIN });
    expect(plan([feed(T)], [staffMoved]).updates).toEqual([
      expect.objectContaining({ departureMs: T + 30 * MIN, changedFields: ["arrival_date"], impact: "notice" }),
    ]);
    const announced = plan([feed(T + 30 * MIN)], [staffMoved]);
    expect(announced.updates).toEqual([
      expect.objectContaining({ departureMs: T + 30 * MIN, changedFields: ["feed_departure_date"], impact: "none" }),
    ]);
  });

  it("with a leg id: matches it wherever it leaves from within a day, hands it to a new flight beyond", () => {
    const row = known("a", T, { legId: "L1" });
    expect(plan([feed(T + 5 * 60 * MIN, { legId: "L1" })], [row]).updates).toEqual([
      expect.objectContaining({ id: "a", departureMs: T + 5 * 60 * MIN }),
    ]);
    const far = plan([feed(T + 30 * 60 * MIN, { legId: "L1" })], [row]);
    expect(far).toMatchObject({ updates: [], releasedLegs: ["a"], seenIds: [] });
    expect(far.inserts).toEqual([expect.objectContaining({ legId: "L1" })]);
  });

  it("takes a flight with a leg id for moved when the list leaves its id out", () => {
    expect(plan([feed(T + 45 * MIN)], [known("a", T, { legId: "L1" })])).toMatchObject({
      inserts: [],
      updates: [expect.objectContaining({ id: "a", departureMs: T + 45 * MIN, legId: "L1" })],
    });
  });

  it("never writes a leg id it handed to another flight back to the one that had it", () => {
    const result = plan(
      [feed(T + 3 * 24 * 60 * MIN, { legId: "L1" }), feed(T, { seats: 2 })],
      [known("b", T, { legId: "L1" }), known("a", T + 3 * 24 * 60 * MIN)],
    );
    expect(result.releasedLegs).toEqual(["b"]);
    const legs = [...result.updates, ...result.inserts].map((flight) => flight.legId).filter(Boolean);
    expect(legs).toEqual(["L1"]);
    expect(result.updates.find((update) => update.id === "b")).toMatchObject({ legId: null });
  });

  it("adopts the leg id a known flight did not have, or the new one the operator gives it", () => {
    expect(plan([feed(T, { legId: "L1" })], [known("a", T)]).updates).toEqual([
      expect.objectContaining({ legId: "L1", changedFields: ["feed_leg_id"], impact: "none" }),
    ]);
    expect(plan([feed(T, { legId: "L2" })], [known("a", T, { legId: "L1" })]).updates).toEqual([
      expect.objectContaining({ legId: "L2", changedFields: ["feed_leg_id"], impact: "none" }),
    ]);
    expect(plan([feed(T)], [known("a", T, { legId: "L1" })]).updates).toEqual([]);
  });

  it("skips, with its reason, a slot another flight holds, another leg's slot and a leg on other airports", () => {
    const staff = known("s", T, { source: "staff", feedDepartureMs: null });
    expect(plan([feed(T)], [staff]).skips).toEqual([{ reason: "conflict", from: "LSGG", to: "LFMN", departure: T }]);
    const moved = plan(
      [feed(T + 60 * MIN, { legId: "L1" }), feed(T, { legId: "L2" })],
      [known("a", T, { legId: "L1" })],
    );
    expect(moved.updates).toEqual([expect.objectContaining({ id: "a", departureMs: T + 60 * MIN })]);
    expect(moved.skips).toEqual([expect.objectContaining({ reason: "conflict", departure: T })]);
    const elsewhere = plan([feed(T, { legId: "L1", toIcao: "LFKJ" })], [known("a", T, { legId: "L1" })]);
    expect(elsewhere).toMatchObject({ seenIds: ["a"], skips: [expect.objectContaining({ reason: "routeChanged" })] });
  });

  it("lets a move wait for a complete list", () => {
    const cut = plan([feed(T + 45 * MIN)], [known("a", T)], false);
    expect(cut).toMatchObject({
      updates: [],
      inserts: [],
      skips: [expect.objectContaining({ reason: "moveUnconfirmed" })],
    });
    const fewListed = planSync({
      feedFlights: [feed(T + 45 * MIN)],
      known: [known("a", T)],
      readable: true,
      missableCount: 3,
      nowMs: NOW,
    });
    expect(fewListed.skips).toEqual([expect.objectContaining({ reason: "moveUnconfirmed" })]);
  });
});
