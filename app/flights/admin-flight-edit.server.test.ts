/**
 * The back-office's flight forms on a real D1: the edit and its log stand or fall
 * together, seats held by orders are never given away, the sold-out toggle is logged,
 * and every service answers a D1 failure with its reason.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";

import type { Db } from "#app/db/client.server";
import { saveFlightRow } from "#app/orders/admin-flight-row.server";
import { formatTime, zurichDay } from "#app/utils/format";
import { createTestContext } from "#tests/context";

import { edit, flightHelpers, HOUR, now, openFlightsDatabase, STAFF } from "./admin-flights.fixtures";
import { createFlightFromForm, flightHistory, saveEditPanel, toggleSoldOut } from "./admin-flights.server";
import { setFlightSoldOut } from "./flight-sold-out.queries.server";

let d1: D1Database;
let db: Db;
let dispose: () => Promise<void>;
let ids: Record<string, number>;
beforeAll(async () => {
  ({ d1, db, dispose, ids } = await openFlightsDatabase());
});
afterAll(() => dispose());
const { addFlight, flightRow, logsOf } = flightHelpers(() => ({ db, ids }));

describe("the edit panel", () => {
  it("saves the overrides and writes their log in the same batch", async () => {
    const id = await addFlight({ departure: new Date(now.getTime() + 48 * HOUR) });
    const later = new Date(now.getTime() + 60_000);
    expect(await saveEditPanel(db, { input: edit(id), staffId: STAFF, now: later })).toEqual({
      ok: true,
      intent: "edit",
      result: "saved",
      changed: true,
    });
    const row = await flightRow(id);
    expect([
      row.probabilityOverride,
      row.seatsOverride,
      row.availableSeats,
      row.departureTimeType,
      row.timeSlot,
    ]).toEqual([90, 5, 5, "slot", "08-12"]);
    const [log] = await logsOf(id);
    expect(log).toMatchObject({
      action: "UPDATE",
      actor: "staff",
      changedBy: STAFF,
      flightLabel: "Genève → Nice",
      changedFields: ["probability_override", "seats_override", "departure_time_type", "time_slot"],
      oldValues: { probability_override: null, seats_override: null, departure_time_type: "exact", time_slot: null },
      newValues: { probability_override: 90, seats_override: 5, departure_time_type: "slot", time_slot: "08-12" },
    });
    expect(log!.changedAt.getTime()).toBe(later.getTime());
    // The same values again change nothing and log nothing.
    expect(await saveEditPanel(db, { input: edit(id), staffId: STAFF, now: later })).toEqual({
      ok: true,
      intent: "edit",
      result: "saved",
      changed: false,
    });
    expect(await logsOf(id)).toHaveLength(1);
  });

  it("moves departure and arrival by the same shift to the exact Zurich time, same day", async () => {
    // 14:30 in Zurich on the 25th.
    const departure = new Date("2026-11-25T13:30:00Z");
    const id = await addFlight({ departure, minutes: 75 });
    await saveEditPanel(db, {
      input: edit(id, { departureTimeType: "exact", exactTime: "09:15" }),
      staffId: STAFF,
      now,
    });
    const row = await flightRow(id);
    expect(row.departureDate.toISOString()).toBe("2026-11-25T08:15:00.000Z");
    expect(row.arrivalDate.getTime() - row.departureDate.getTime()).toBe(75 * 60_000);
    expect([zurichDay(row.departureDate), formatTime(row.departureDate), row.timeSlot]).toEqual([
      "2026-11-25",
      "09:15",
      null,
    ]);
    const [log] = await logsOf(id);
    expect(log!.oldValues).toMatchObject({ departure_date: departure.toISOString() });
    expect(log!.newValues).toMatchObject({ departure_date: "2026-11-25T08:15:00.000Z" });
  });

  it("refuses fewer seats than orders hold, and changes nothing", async () => {
    const id = await addFlight({ departure: new Date(now.getTime() + 72 * HOUR), held: 4 });
    expect(await saveEditPanel(db, { input: edit(id, { seats: 3 }), staffId: STAFF, now })).toEqual({
      ok: false,
      intent: "edit",
      reason: "seatsHeld",
      held: 4,
    });
    expect((await flightRow(id)).seatsOverride).toBeNull();
    expect(await logsOf(id)).toHaveLength(0);
    expect(await saveEditPanel(db, { input: edit(id, { seats: 4 }), staffId: STAFF, now })).toMatchObject({
      ok: true,
      result: "saved",
    });
    expect((await flightRow(id)).isSoldOut).toBe(true);
  });

  it("says when the flight does not exist", async () => {
    expect(await saveEditPanel(db, { input: edit("no-such-flight"), staffId: STAFF, now })).toEqual({
      ok: false,
      intent: "edit",
      reason: "notFound",
    });
  });
});

describe("the sold-out toggle", () => {
  it("marks sold out and back on sale, each with its log", async () => {
    const id = await addFlight({ departure: new Date(now.getTime() + 30 * HOUR) });
    expect(await setFlightSoldOut(db, { flightId: id, soldOut: true, staffId: STAFF, now })).toEqual({
      status: "saved",
    });
    expect((await flightRow(id)).isSoldOut).toBe(true);
    expect(await setFlightSoldOut(db, { flightId: id, soldOut: true, staffId: STAFF, now })).toEqual({
      status: "unchanged",
    });
    expect(await setFlightSoldOut(db, { flightId: id, soldOut: false, staffId: STAFF, now })).toEqual({
      status: "saved",
    });
    expect((await flightRow(id)).isSoldOut).toBe(false);
    const logs = await logsOf(id);
    expect(logs.map((log) => log.newValues)).toEqual([{ is_soldout: true }, { is_soldout: false }]);
  });

  it("keeps a flight without seats sold out, and knows unknown flights", async () => {
    const id = await addFlight({ departure: new Date(now.getTime() + 31 * HOUR), seats: 2, held: 2 });
    expect(await setFlightSoldOut(db, { flightId: id, soldOut: false, staffId: STAFF, now })).toEqual({
      status: "noSeats",
    });
    expect(await setFlightSoldOut(db, { flightId: "nope", soldOut: true, staffId: STAFF, now })).toEqual({
      status: "notFound",
    });
  });

  it("answers a row's form with the outcome its message is named after", async () => {
    const id = await addFlight({ departure: new Date(now.getTime() + 32 * HOUR) });
    const context = createTestContext({ d1, now });
    const toggle = (soldout: boolean, flightId = id) =>
      saveFlightRow(context, { input: { intent: "soldout", flightId, soldout }, staffId: STAFF });
    expect(await toggle(true)).toEqual({ ok: true, intent: "soldout", result: "marked" });
    expect(await toggle(true)).toEqual({ ok: true, intent: "soldout", result: "unchanged" });
    expect(await toggle(false)).toEqual({ ok: true, intent: "soldout", result: "unmarked" });
    expect(await toggle(true, "nope")).toEqual({ ok: false, intent: "soldout", reason: "notFound" });
    const full = await addFlight({ departure: new Date(now.getTime() + 33 * HOUR), seats: 2, held: 2 });
    expect(await toggle(false, full)).toEqual({ ok: false, intent: "soldout", reason: "noSeats" });
    expect(await saveFlightRow(context, { input: edit(id), staffId: STAFF })).toEqual({
      ok: true,
      intent: "edit",
      result: "saved",
      changed: true,
    });
    const history = await flightHistory(db, id);
    expect(history.ok && history.entries.map((entry) => entry.changes?.map((change) => change.field))).toEqual([
      ["probability_override", "seats_override", "departure_time_type", "time_slot"],
      ["is_soldout"],
      ["is_soldout"],
    ]);
  });
});

describe("when D1 fails", () => {
  it("every service answers its failure reason, logs the failure's code and throws nothing", async () => {
    const logged = vi.spyOn(console, "error").mockImplementation(() => {});
    const broken = {
      select: () => {
        throw new Error("D1_ERROR: unavailable");
      },
    } as unknown as Db;
    expect(await toggleSoldOut(broken, { flightId: "f", soldOut: true, staffId: STAFF, now })).toEqual({
      ok: false,
      intent: "soldout",
      reason: "failed",
    });
    expect(await saveEditPanel(broken, { input: edit("f"), staffId: STAFF, now })).toEqual({
      ok: false,
      intent: "edit",
      reason: "failed",
    });
    expect(await flightHistory(broken, "f")).toEqual({ ok: false, reason: "failed" });
    const input = {
      departureCity: "Genève",
      arrivalCity: "Nice",
      date: "2026-12-01",
      departureTimeType: "slot",
      timeSlot: "08-12",
      aircraftType: "PC12",
      probability: 80,
      flexibilityDays: 1,
    } as const;
    expect(await createFlightFromForm(broken, { input, staffId: STAFF, now })).toEqual({
      ok: false,
      reason: "failed",
    });
    const lines = logged.mock.calls.map((call) => JSON.parse(String(call[0])) as Record<string, unknown>);
    expect(lines.map((line) => line.event)).toEqual([
      "flights.soldout-failed",
      "flights.edit-failed",
      "flights.history-failed",
      "flights.create-failed",
    ]);
    for (const line of lines) expect(line).toMatchObject({ level: "error", error: "Error", code: "D1_ERROR" });
    for (const line of lines) expect(line).not.toHaveProperty("message");
    logged.mockRestore();
  });
});
