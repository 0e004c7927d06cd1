/**
 * The back-office's flight queries and writes on a real D1: the edit and its log stand
 * or fall together, seats held by orders are never given away, the list pages in SQL,
 * and the tiles and chart agree with figures computed here from the rows inserted.
 */
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { createTestD1 } from "#tests/d1";
import { createTestContext } from "#tests/context";
import type { Db } from "#app/db/client.server";
import { airports, flightLogs, flights, users } from "#app/db/schema";
import {
  chartDays,
  createFlightFromForm,
  flightHistory,
  loadFlightsTab,
  saveEditPanel,
  saveFlightRow,
  toggleSoldout,
} from "./admin-flights.server";
import { toHistoryEntry } from "./flight-history";
import { formatTime, zurichDay } from "#app/utils/format";
import { zurichDayRange } from "#app/utils/zurich-dates";
import { dashboardFigures, queryAdminFlights } from "./admin-flights.queries.server";
import { setFlightSoldout } from "./flight-sold-out.queries.server";
import { listFlightLogs, listRecentFlightLogs } from "./flight-logs.queries.server";

let d1: D1Database;
let db: Db;
let dispose: () => Promise<void>;
/** 10:00 in Zurich (09:00 UTC), in winter. */
const now = new Date("2026-11-23T09:00:00Z");
const HOUR = 3_600_000;
const STAFF = "staff-user";
const ids: Record<string, number> = {};

beforeAll(async () => {
  ({ d1, db, dispose } = await createTestD1());
  const rows = await db
    .insert(airports)
    .values([
      { icaoCode: "LSGG", servedCity: "Genève", country: "Switzerland", latitude: 46.2381, longitude: 6.109 },
      { icaoCode: "LFMN", servedCity: "Nice", country: "France", latitude: 43.6584, longitude: 7.2159 },
      { icaoCode: "LSZH", servedCity: "Zurich", country: "Switzerland", latitude: 47.4582, longitude: 8.5555 },
    ])
    .returning({ id: airports.id, code: airports.icaoCode });
  for (const row of rows) ids[row.code] = row.id;
  await db.insert(users).values({
    id: STAFF,
    email: "gaston@example.test",
    passwordHash: "x",
    firstName: "Gaston",
    lastName: "Gestionnaire",
    role: "gestionnaire",
  });
});
afterAll(() => dispose());

let flightNumber = 0;
type FlightSpec = {
  from?: string;
  to?: string;
  departure: Date;
  seats?: number;
  minutes?: number;
  soldout?: boolean;
  held?: number;
};
async function addFlight({
  from = "LSGG",
  to = "LFMN",
  departure,
  seats = 6,
  minutes = 60,
  soldout,
  held = 0,
}: FlightSpec) {
  const id = `flight-${++flightNumber}`;
  await db.insert(flights).values({
    id,
    departureAirportId: ids[from]!,
    arrivalAirportId: ids[to]!,
    departureDate: departure,
    arrivalDate: new Date(departure.getTime() + minutes * 60_000),
    flightTime: minutes,
    aircraftType: "PC12",
    pricePerMinute: 50,
    feedSeats: seats,
    seatsHeld: held,
    soldoutOverride: soldout ?? null,
    refreshedAt: now,
    createdAt: now,
    updatedAt: now,
  });
  return id;
}
/** One insert per row, in one batch: D1 binds at most 100 values per statement. */
async function insertMany(target: Db, rows: Array<typeof flights.$inferInsert>) {
  const [first, ...rest] = rows.map((row) => target.insert(flights).values(row));
  await target.batch([first!, ...rest]);
}
const flightRow = async (id: string) => (await db.select().from(flights).where(eq(flights.id, id)).get())!;
const logsOf = (id: string) => db.select().from(flightLogs).where(eq(flightLogs.flightId, id));
const edit = (flightId: string, overrides: Partial<Parameters<typeof saveEditPanel>[1]["input"]> = {}) => ({
  intent: "edit" as const,
  flightId,
  probability: 90,
  seats: 5,
  departureTimeType: "slot" as const,
  timeSlot: "08-12" as const,
  ...overrides,
});

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
    expect((await flightRow(id)).isSoldout).toBe(true);
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
    expect(await setFlightSoldout(db, { flightId: id, soldout: true, staffId: STAFF, now })).toEqual({
      status: "saved",
    });
    expect((await flightRow(id)).isSoldout).toBe(true);
    expect(await setFlightSoldout(db, { flightId: id, soldout: true, staffId: STAFF, now })).toEqual({
      status: "unchanged",
    });
    expect(await setFlightSoldout(db, { flightId: id, soldout: false, staffId: STAFF, now })).toEqual({
      status: "saved",
    });
    expect((await flightRow(id)).isSoldout).toBe(false);
    const logs = await logsOf(id);
    expect(logs.map((log) => log.newValues)).toEqual([{ is_soldout: true }, { is_soldout: false }]);
  });

  it("keeps a flight without seats sold out, and knows unknown flights", async () => {
    const id = await addFlight({ departure: new Date(now.getTime() + 31 * HOUR), seats: 2, held: 2 });
    expect(await setFlightSoldout(db, { flightId: id, soldout: false, staffId: STAFF, now })).toEqual({
      status: "no-seats",
    });
    expect(await setFlightSoldout(db, { flightId: "nope", soldout: true, staffId: STAFF, now })).toEqual({
      status: "not-found",
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
  it("every service answers its failure reason, logs the message and throws nothing", async () => {
    const logged = vi.spyOn(console, "error").mockImplementation(() => {});
    const broken = {
      select: () => {
        throw new Error("D1_ERROR: unavailable");
      },
    } as unknown as Db;
    expect(await toggleSoldout(broken, { flightId: "f", soldout: true, staffId: STAFF, now })).toEqual({
      ok: false,
      intent: "soldout",
      reason: "error",
    });
    expect(await saveEditPanel(broken, { input: edit("f"), staffId: STAFF, now })).toEqual({
      ok: false,
      intent: "edit",
      reason: "failure",
    });
    expect(await flightHistory(broken, "f")).toEqual({ ok: false, reason: "fetchError" });
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
      reason: "failure",
    });
    expect(logged.mock.calls.map((call) => call[1])).toEqual(Array(4).fill("D1_ERROR: unavailable"));
    logged.mockRestore();
  });
});

describe("the flights tab's queries", () => {
  it("pages and searches in SQL, upcoming flights only, soonest first", async () => {
    const { db: fresh, dispose: close } = await createTestD1();
    try {
      const [gva, nce, zrh] = await fresh
        .insert(airports)
        .values([
          { icaoCode: "LSGG", servedCity: "Genève" },
          { icaoCode: "LFMN", servedCity: "Nice" },
          { icaoCode: "LSZH", servedCity: "Zurich" },
        ])
        .returning({ id: airports.id });
      const values = Array.from({ length: 45 }, (_, index) => ({
        id: `f-${String(index).padStart(3, "0")}`,
        departureAirportId: index % 3 === 0 ? zrh!.id : gva!.id,
        arrivalAirportId: nce!.id,
        departureDate: new Date(now.getTime() + (index - 5) * HOUR),
        arrivalDate: new Date(now.getTime() + (index - 4) * HOUR),
        flightTime: 60,
        aircraftType: "PC12",
        pricePerMinute: 50,
        feedSeats: 6,
        refreshedAt: now,
      }));
      await insertMany(fresh, values);
      const upcoming = values.filter((flight) => flight.departureDate >= now);
      const page2 = await queryAdminFlights(fresh, { now, airportIds: null, page: 2, pageSize: 10 });
      expect(page2.total).toBe(upcoming.length);
      expect(page2.flights.map((flight) => flight.id)).toEqual(upcoming.slice(10, 20).map((flight) => flight.id));
      const fromZurich = await queryAdminFlights(fresh, { now, airportIds: [zrh!.id], page: 1, pageSize: 100 });
      expect(fromZurich.flights.map((flight) => flight.id)).toEqual(
        upcoming.filter((flight) => flight.departureAirportId === zrh!.id).map((flight) => flight.id),
      );
      expect(await queryAdminFlights(fresh, { now, airportIds: [], page: 1, pageSize: 10 })).toEqual({
        flights: [],
        total: 0,
      });

      // The search ignores case and accents, through the service.
      const tab = await loadFlightsTab(fresh, {
        now,
        searchParams: new URLSearchParams({ q: "GENEVE", page: "1" }),
        language: "fr",
      });
      expect(tab.total).toBe(upcoming.filter((flight) => flight.departureAirportId === gva!.id).length);
      // A German reader finds Genève as 'Genf' and reads the rows in German (decision 023).
      const german = await loadFlightsTab(fresh, {
        now,
        searchParams: new URLSearchParams({ q: "genf", page: "1" }),
        language: "de",
      });
      expect(german.total).toBe(tab.total);
      expect(
        german.flights.map((flight) =>
          [flight.departureAirport.servedCity, flight.arrivalAirport.servedCity].join(" → "),
        ),
      ).toContain("Genf → Nizza");

      const plan = await fresh.all<{ detail: string }>(
        sql`explain query plan select * from flights where departure_date >= ${now.getTime()} order by departure_date, id limit 10 offset 10`,
      );
      expect(plan.map((step) => step.detail).join(" ")).toContain("flights_departure_date_idx");
    } finally {
      await close();
    }
  });

  it("computes the tiles and the 14-day chart like a count over the rows", async () => {
    const { db: fresh, dispose: close } = await createTestD1();
    try {
      const [a, b] = await fresh
        .insert(airports)
        .values([
          { icaoCode: "LSGG", servedCity: "Genève" },
          { icaoCode: "LFMN", servedCity: "Nice" },
        ])
        .returning({ id: airports.id });
      // Departures from yesterday to 20 days ahead, every 7 hours, some sold out or held.
      const specs = Array.from({ length: 70 }, (_, index) => ({
        departure: new Date(now.getTime() + (index * 7 - 30) * HOUR),
        seats: 2 + (index % 7),
        held: index % 5 === 0 ? 1 : 0,
        soldout: index % 6 === 0 ? true : null,
        minutes: 40 + (index % 4) * 15,
      }));
      await insertMany(
        fresh,
        specs.map((spec, index) => ({
          id: `t-${index}`,
          departureAirportId: a!.id,
          arrivalAirportId: b!.id,
          departureDate: spec.departure,
          arrivalDate: new Date(spec.departure.getTime() + spec.minutes * 60_000),
          flightTime: spec.minutes,
          aircraftType: "PC12",
          pricePerMinute: 50,
          feedSeats: spec.seats,
          seatsHeld: spec.held,
          soldoutOverride: spec.soldout,
          refreshedAt: now,
        })),
      );
      const available = (spec: (typeof specs)[number]) => Math.max(0, spec.seats - spec.held);
      const active = specs.filter((spec) => spec.departure >= now && !spec.soldout && available(spec) > 0);
      const today = zurichDayRange(zurichDay(now));
      const days = chartDays(now);
      const figures = await dashboardFigures(fresh, { now, today, chartDays: days });
      expect(figures.tiles).toEqual({
        activeFlights: active.length,
        availableSeats: active.reduce((sum, spec) => sum + available(spec), 0),
        flightsToday: specs.filter((spec) => spec.departure >= today.start && spec.departure < today.end).length,
        averageMinutes: Math.round(active.reduce((sum, spec) => sum + spec.minutes, 0) / active.length),
      });
      expect(days).toHaveLength(14);
      expect(zurichDay(days[0]!.start)).toBe("2026-11-23");
      expect(zurichDay(days[13]!.start)).toBe("2026-12-06");
      expect(figures.seatsPerDay).toEqual(
        days.map((day) =>
          active
            .filter((spec) => spec.departure >= day.start && spec.departure < day.end)
            .reduce((sum, spec) => sum + available(spec), 0),
        ),
      );
    } finally {
      await close();
    }
  });
});

describe("the history", () => {
  it("names who changed what, newest first, and survives a damaged row", async () => {
    const id = await addFlight({ departure: new Date(now.getTime() + 90 * HOUR) });
    const at = (minutes: number) => new Date(now.getTime() + minutes * 60_000);
    await db
      .insert(users)
      .values({ id: "gone", email: "gone@example.test", passwordHash: "x", firstName: "Paul", lastName: "Parti" });
    await db.insert(flightLogs).values([
      {
        flightId: id,
        flightLabel: "x",
        action: "UPDATE",
        changedFields: ["feed_seats"],
        oldValues: { feed_seats: 6 },
        newValues: { feed_seats: 5 },
        actor: "sync",
        changedBy: null,
        changedAt: at(1),
      },
      {
        flightId: id,
        flightLabel: "x",
        action: "UPDATE",
        changedFields: ["feed_seats"],
        oldValues: {},
        newValues: {},
        actor: "sync",
        changedBy: STAFF,
        changedAt: at(2),
      },
      {
        flightId: id,
        flightLabel: "x",
        action: "UPDATE",
        changedFields: ["seats_override"],
        oldValues: {},
        newValues: {},
        actor: "staff",
        changedBy: "gone",
        changedAt: at(3),
      },
      {
        flightId: id,
        flightLabel: "x",
        action: "UPDATE",
        changedFields: [],
        oldValues: {},
        newValues: {},
        actor: "system",
        changedBy: null,
        changedAt: at(4),
      },
    ]);
    await db.delete(users).where(eq(users.id, "gone"));
    await db.run(
      sql`insert into flight_logs (flight_id, flight_label, action, changed_fields, actor, changed_at) values (${id}, 'x', 'UPDATE', 'not json', 'staff', ${at(5).getTime()})`,
    );
    await saveEditPanel(db, { input: edit(id), staffId: STAFF, now: at(6) });

    const entries = (await listFlightLogs(db, id, 50)).map(toHistoryEntry);
    expect(entries.map((entry) => entry.changer)).toEqual([
      { kind: "person", name: "Gaston Gestionnaire" },
      { kind: "unknown" },
      { kind: "system" },
      { kind: "unknown" },
      { kind: "syncBy", name: "Gaston Gestionnaire" },
      { kind: "sync" },
    ]);
    expect(entries[1]!.changes).toBeNull();
    expect(entries[2]!.changes).toEqual([]);
    expect(entries[5]!.changes).toEqual([{ field: "feed_seats", from: 6, to: 5 }]);

    const recent = await listRecentFlightLogs(db, [id], 2);
    expect(recent.map((row) => row.changedAt)).toEqual([at(6).getTime(), at(5).getTime()]);
  });
});

describe("a new flight", () => {
  const input = {
    departureCity: "  NICE ",
    arrivalCity: "Évolène-Les-Haudères",
    date: "2026-11-30",
    departureTimeType: "exact" as const,
    exactTime: "11:45",
    timeSlot: "08-12" as const,
    aircraftType: "PC24" as const,
    probability: 85,
    flexibilityDays: 2,
  };

  it("finds the known airport, creates the unknown one, and logs the INSERT in one batch", async () => {
    const result = await createFlightFromForm(db, { input: { ...input, flightTime: 50 }, staffId: STAFF, now });
    expect(result.ok).toBe(true);
    const flightId = (result as { flightId: string }).flightId;
    const row = await flightRow(flightId);
    expect(row).toMatchObject({
      departureAirportId: ids.LFMN,
      aircraftType: "PC24",
      pricePerMinute: 75,
      feedSeats: 8,
      availableSeats: 8,
      probability: 85,
      flightTime: 50,
      source: "staff",
      flexibilityDays: 2,
    });
    expect(formatTime(row.departureDate)).toBe("11:45");
    const created = (await db.select().from(airports).where(eq(airports.id, row.arrivalAirportId)).get())!;
    expect(created).toMatchObject({ servedCity: "Évolène-Les-Haudères", country: "Unknown", latitude: 0 });
    expect(created.icaoCode).toMatch(/^ZZ[A-Z0-9]{6}$/);
    const [log] = await logsOf(flightId);
    expect(log).toMatchObject({
      action: "INSERT",
      actor: "staff",
      changedBy: STAFF,
      flightLabel: "Nice → Évolène-Les-Haudères",
      oldValues: null,
    });
    expect(log!.newValues).toMatchObject({ aircraft_type: "PC24", price_per_minute: 75, feed_seats: 8 });

    // The same city in another spelling is the same airport.
    const again = await createFlightFromForm(db, {
      input: { ...input, arrivalCity: "evolene-les-hauderes", exactTime: "12:00", flightTime: 50 },
      staffId: STAFF,
      now,
    });
    expect((await flightRow((again as { flightId: string }).flightId)).arrivalAirportId).toBe(row.arrivalAirportId);
  });

  it("estimates the duration from known coordinates, and asks for it otherwise", async () => {
    const known = await createFlightFromForm(db, {
      input: { ...input, arrivalCity: "zürich", aircraftType: "PC12", departureTimeType: "slot" },
      staffId: STAFF,
      now,
    });
    const row = await flightRow((known as { flightId: string }).flightId);
    expect(row.flightTime).toBeGreaterThan(25);
    expect([formatTime(row.departureDate), row.timeSlot, row.pricePerMinute, row.feedSeats]).toEqual([
      "08:00",
      "08-12",
      50,
      6,
    ]);
    expect(
      await createFlightFromForm(db, { input: { ...input, arrivalCity: "Nowhere-Ville" }, staffId: STAFF, now }),
    ).toEqual({ ok: false, reason: "flightTimeNeeded" });
    expect(
      await createFlightFromForm(db, {
        input: { ...input, date: "2026-11-23", exactTime: "09:00", flightTime: 40 },
        staffId: STAFF,
        now,
      }),
    ).toEqual({ ok: false, reason: "past" });
  });
});
