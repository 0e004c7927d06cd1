/**
 * A leg keeps its identity across syncs (docs/sync.md 'A leg's identity') on a real D1, through
 * the simulator and the real client, with orders paid and captured on the payment simulator.
 */
import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";

import type { Db } from "#app/db/client.server";
import { airports, flights, mailOutbox, orders, syncRuns } from "#app/db/schema";
import { saveFlightRow } from "#app/orders/admin-flight-row.server";
import { NOW, orderCancelFixtures, STAFF } from "#app/orders/order-cancel.fixtures";

import { createFeedClient } from "./feed-client.server";
import { type FeedFlight, handleFeedRequest, simulatedFlights } from "./feed-simulator";
import { syncFlightsFromFeed } from "./feed-sync.server";

let fixtures: Awaited<ReturnType<typeof orderCancelFixtures>>;
let db: Db;
beforeAll(async () => {
  fixtures = await orderCancelFixtures();
  db = fixtures.db;
});
afterAll(() => fixtures.dispose());
/** Every table these tests write, children first. */
const TABLES =
  `notifications mail_outbox receipts order_links order_events dev_payment_refunds dev_payment_sessions orders
  flight_logs alert_deliveries flights sync_runs`.split(/\s+/);
beforeEach(async () => {
  const d1 = fixtures.db.$client;
  await d1.batch(TABLES.map((table) => d1.prepare(`delete from ${table}`)));
});

const COUNT = 12;
const MIN = 60_000;
const HOUR = 60 * MIN;
const LIST = simulatedFlights(NOW, COUNT);
/** A flight of the list three days away or more, with seats for two orders of two. */
const TARGET = LIST.findIndex(
  (flight) => Date.parse(flight.departure_date) > NOW.getTime() + 3 * 24 * HOUR && flight.available_seats >= 4,
);
const TARGET_DEPARTURE = Date.parse(LIST[TARGET]!.departure_date);

function sync(query: string, count = COUNT) {
  const context = fixtures.context();
  context.feed = createFeedClient({
    url: `http://feed.test/flights?count=${count}${query}`,
    token: "t",
    fetch: (request) => handleFeedRequest(request, { now: () => NOW, sleep: async () => {} }),
    sleep: async () => {},
  });
  return syncFlightsFromFeed(context, { trigger: "cron", userId: null });
}

const flightsOnTargetRoute = async () => {
  const [from, to] = [LIST[TARGET]!.departure_airport.icao_code, LIST[TARGET]!.arrival_airport.icao_code];
  const ids = await db.select({ id: airports.id, code: airports.icaoCode }).from(airports);
  const idOf = (code: string) => ids.find((row) => row.code === code)!.id;
  return db
    .select()
    .from(flights)
    .where(and(eq(flights.departureAirportId, idOf(from)), eq(flights.arrivalAirportId, idOf(to))));
};
const mailsOf = async (template: string) =>
  (await db.select().from(mailOutbox).where(eq(mailOutbox.template, template))).map((mail) => mail.toAddress);

/** The target flight with a captured order and an authorised one. */
async function bookedTarget(query: string) {
  expect(await sync(query)).toMatchObject({ ok: true, created: COUNT });
  const [flight] = await flightsOnTargetRoute();
  const captured = await fixtures.completedOrder(flight!.id);
  const authorised = await fixtures.processingOrder(flight!.id);
  return { flight: flight!, captured, authorised };
}

describe.each([
  ["with leg ids", "", ""],
  ["without leg ids", "&legs=off", "&legs=off"],
  ["with leg ids, the move without", "", "&legs=off"],
])("a departure the feed moves, %s", (_, legs, movedLegs) => {
  it.each([
    [45, false],
    [5 * 60, true],
  ])(
    "by %i minutes: the same flight rescheduled, its orders kept, each customer told once, nothing refunded",
    async (minutes, free) => {
      const { flight, captured, authorised } = await bookedTarget(legs);
      for (let i = 0; i < 3; i++)
        expect(await sync(`${movedLegs}&move=${TARGET}&by=${minutes}`)).toMatchObject({
          ok: true,
          created: 0,
          skipped: 0,
        });

      const route = await flightsOnTargetRoute();
      expect(route).toHaveLength(1);
      expect(route[0]).toMatchObject({
        id: flight.id,
        status: "scheduled",
        missingSyncs: 0,
        scheduleSequence: 1,
        seatsHeld: 4,
        departureDate: new Date(TARGET_DEPARTURE + minutes * MIN),
        feedDepartureDate: new Date(TARGET_DEPARTURE + minutes * MIN),
      });
      for (const order of [captured, authorised])
        expect(await fixtures.orderOf(order.orderId)).toMatchObject({ freeCancellation: free });
      expect((await fixtures.orderOf(captured.orderId)).status).toBe("completed");
      expect((await fixtures.orderOf(authorised.orderId)).status).toBe("processing");
      expect(await fixtures.refundsOf(captured.sessionId)).toEqual([]);
      expect(await mailsOf("orders/rescheduled")).toEqual(["lea@example.ch", "lea@example.ch"]);
      expect(await mailsOf("orders/flight-cancelled")).toEqual([]);
    },
  );

  it("by 30 hours: a new flight, and the old one cancelled after two syncs and refunded in full", async () => {
    const { flight, captured, authorised } = await bookedTarget(legs);
    expect(await sync(`${movedLegs}&move=${TARGET}&by=${30 * 60}`)).toMatchObject({ ok: true, created: 1 });
    let route = await flightsOnTargetRoute();
    expect(route).toHaveLength(2);
    expect(route.find((row) => row.id === flight.id)).toMatchObject({ status: "scheduled", missingSyncs: 1 });
    expect(route.find((row) => row.id !== flight.id)).toMatchObject({
      departureDate: new Date(TARGET_DEPARTURE + 30 * HOUR),
      missingSyncs: 0,
    });

    expect(await sync(`${movedLegs}&move=${TARGET}&by=${30 * 60}`)).toMatchObject({ ok: true, created: 0 });
    route = await flightsOnTargetRoute();
    expect(route.find((row) => row.id === flight.id)).toMatchObject({
      status: "cancelled",
      cancelReason: "feedMissing",
    });
    expect(route.find((row) => row.id !== flight.id)).toMatchObject({ status: "scheduled" });
    expect(await fixtures.orderOf(captured.orderId)).toMatchObject({ status: "cancelled" });
    expect(await fixtures.orderOf(authorised.orderId)).toMatchObject({ status: "cancelled" });
    const refunds = await fixtures.refundsOf(captured.sessionId);
    expect(refunds.map((refund) => refund.amountCents)).toEqual([
      (await fixtures.orderOf(captured.orderId)).amountCents,
    ]);
  });
});

describe("a sync that cannot stop", () => {
  it.each([
    ["with leg ids", ""],
    ["without leg ids", "&legs=off"],
  ])(
    "%s: staff moved the departure to the time the feed then announces: one change, and the sync goes on",
    async (_, legs) => {
      const { flight } = await bookedTarget(legs);
      const newDeparture = new Date(TARGET_DEPARTURE + HOUR);
      const exactTime = new Intl.DateTimeFormat("fr-CH", {
        timeZone: "Europe/Zurich",
        hour: "2-digit",
        minute: "2-digit",
      }).format(newDeparture);
      const input = { intent: "edit" as const, flightId: flight.id, probability: 80, seats: 6 };
      const saved = await saveFlightRow(fixtures.context(), {
        input: { ...input, departureTimeType: "exact" as const, exactTime },
        staffId: STAFF,
      });
      expect(saved).toMatchObject({ ok: true, changed: true });
      expect(await flightsOnTargetRoute()).toEqual([
        expect.objectContaining({ departureDate: newDeparture, feedDepartureDate: new Date(TARGET_DEPARTURE) }),
      ]);
      expect(await mailsOf("orders/rescheduled")).toHaveLength(2);

      // The state that stopped every sync: the feed's new flight lands on the slot staff already took.
      for (let i = 0; i < 3; i++)
        expect(await sync(`${legs}&move=${TARGET}&by=60`)).toMatchObject({ ok: true, created: 0, skipped: 0 });
      expect(await flightsOnTargetRoute()).toEqual([
        expect.objectContaining({
          id: flight.id,
          status: "scheduled",
          departureDate: newDeparture,
          feedDepartureDate: newDeparture,
          scheduleSequence: 1,
        }),
      ]);
      expect(await mailsOf("orders/rescheduled")).toHaveLength(2);
      const runs = await db.select().from(syncRuns);
      expect(runs.every((run) => run.status === "success")).toBe(true);
    },
  );

  it("a feed flight whose slot a flight of ours holds is skipped, named in the run's record, and the rest written", async () => {
    const target = LIST[TARGET]!;
    await sync(`&drop=${TARGET}`);
    const [from, to] = await Promise.all(
      [target.departure_airport.icao_code, target.arrival_airport.icao_code].map(
        async (code) => (await db.select().from(airports).where(eq(airports.icaoCode, code)).get())!.id,
      ),
    );
    await db.insert(flights).values({
      id: "staff-flight",
      departureAirportId: from!,
      arrivalAirportId: to!,
      departureDate: new Date(TARGET_DEPARTURE),
      arrivalDate: new Date(Date.parse(target.arrival_date)),
      flightTime: target.flight_time,
      aircraftType: "PC24",
      pricePerMinute: 75,
      feedSeats: 4,
      source: "staff",
      refreshedAt: NOW,
    });
    const result = await sync("");
    expect(result).toMatchObject({
      ok: true,
      created: 0,
      skipped: 1,
      skips: {
        counts: { conflict: 1 },
        flights: [
          {
            reason: "conflict",
            from: target.departure_airport.icao_code,
            to: target.arrival_airport.icao_code,
            departure: TARGET_DEPARTURE,
          },
        ],
      },
    });
    const [run] = await db
      .select()
      .from(syncRuns)
      .orderBy(sql`id desc`)
      .limit(1);
    expect(run).toMatchObject({ status: "success", skippedCount: 1, skipped: { counts: { conflict: 1 } } });
    expect(await flightsOnTargetRoute()).toEqual([expect.objectContaining({ id: "staff-flight" })]);
    // The same list with one more flight: that one is written, the conflict skipped again.
    expect(await sync("", COUNT + 1)).toMatchObject({ ok: true, created: 1, skipped: 1 });
  });
});

describe("a known leg on other airports", () => {
  it("is skipped as such, and the flight we have stays on sale, counted as listed", async () => {
    const { flight } = await bookedTarget("");
    const other = LIST.find(
      (candidate) => candidate.arrival_airport.icao_code !== LIST[TARGET]!.arrival_airport.icao_code,
    )!;
    const list = LIST.map((item, i) => (i === TARGET ? { ...item, arrival_airport: other.arrival_airport } : item));
    for (let i = 0; i < 2; i++) {
      const context = fixtures.context();
      context.feed = { name: "test", fetchFlights: async () => ({ ok: true, attempts: 1, flights: list }) };
      expect(await syncFlightsFromFeed(context, { trigger: "cron", userId: null })).toMatchObject({
        ok: true,
        created: 0,
        skips: { counts: { routeChanged: 1 } },
      });
    }
    expect(await flightsOnTargetRoute()).toEqual([
      expect.objectContaining({ id: flight.id, status: "scheduled", missingSyncs: 0 }),
    ]);
  });
});

describe("seen means seen", () => {
  it("a flight the sync has just added stays after one missed sync and is cancelled after two", async () => {
    const added = COUNT;
    expect(Date.parse(simulatedFlights(NOW, COUNT + 1)[added]!.departure_date)).toBeGreaterThan(NOW.getTime());
    await sync("");
    expect(await sync("", COUNT + 1)).toMatchObject({ ok: true, created: 1 });
    const addedAt = new Date(Date.parse(simulatedFlights(NOW, COUNT + 1)[added]!.departure_date));
    const newest = async () => (await db.select().from(flights).where(eq(flights.feedDepartureDate, addedAt)).get())!;
    expect(await newest()).toMatchObject({ status: "scheduled", missingSyncs: 0 });
    await sync("");
    expect(await newest()).toMatchObject({ status: "scheduled", missingSyncs: 1 });
    await sync("");
    expect(await newest()).toMatchObject({ status: "cancelled", cancelReason: "feedMissing" });
  });
});

describe("an answer that is not complete", () => {
  it("never takes a flight it leaves out for moved: the move waits, recorded, and nothing is added twice", async () => {
    await bookedTarget("&legs=off");
    // A cut list: three flights of twelve, without leg ids, the target moved by 45 minutes.
    const moved = (flight: FeedFlight): FeedFlight => ({
      ...flight,
      departure_date: new Date(TARGET_DEPARTURE + 45 * MIN).toISOString(),
      arrival_date: new Date(Date.parse(flight.arrival_date) + 45 * MIN).toISOString(),
    });
    const cut = LIST.filter((_, i) => i < 2 && i !== TARGET)
      .concat(moved(LIST[TARGET]!))
      .map(({ leg_id: _leg, ...flight }) => flight);
    const context = fixtures.context();
    context.feed = { name: "test", fetchFlights: async () => ({ ok: true, attempts: 1, flights: cut }) };
    const result = await syncFlightsFromFeed(context, { trigger: "cron", userId: null });
    expect(result).toMatchObject({ ok: true, created: 0, skips: { counts: { moveUnconfirmed: 1 } } });
    expect(await flightsOnTargetRoute()).toEqual([
      expect.objectContaining({ departureDate: new Date(TARGET_DEPARTURE), missingSyncs: 0 }),
    ]);
    expect((await db.select().from(orders)).every((order) => order.status !== "cancelled")).toBe(true);
  });
});
