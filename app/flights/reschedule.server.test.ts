/**
 * Reschedules on a real D1 (docs/decisions/034-reschedules-and-deadlines.md), by staff (the
 * edit panel's exact time) and by the feed (its arrival): under 15 minutes nothing is sent and
 * the SEQUENCE stays; from 15 minutes it rises once and each live order's customer gets one mail
 * (and a notification when signed up); from 3 hours the live orders may be cancelled free of
 * charge; the order's `.ics` keeps its UID and carries the new SEQUENCE.
 */
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";

import type { Db } from "#app/db/client.server";
import { airports, flights, notifications, orders, users } from "#app/db/schema";
import type { FeedClient } from "#app/feed/feed-client.server";
import { syncFlightsFromFeed } from "#app/feed/feed-sync.server";
import { saveFlightRow } from "#app/orders/admin-flight-row.server";
import { orderCalendar } from "#app/orders/order-calendar.server";
import { createTestContext, recordingTransport } from "#tests/context";
import { createTestD1 } from "#tests/d1";

const NOW = new Date("2026-11-23T09:00:00Z");
// 10:00 in Zurich on 1 December, landing 11:05.
const DEPARTURE = new Date("2026-12-01T09:00:00Z");
const ARRIVAL = new Date("2026-12-01T10:05:00Z");
const MIN = 60_000;
const STAFF = "staff-1";

let d1: D1Database;
let db: Db;
let dispose: () => Promise<void>;
let from: number;
let to: number;

beforeAll(async () => {
  ({ d1, db, dispose } = await createTestD1());
  const rows = await db
    .insert(airports)
    .values([
      { icaoCode: "LSGG", servedCity: "Genève", country: "Switzerland" },
      { icaoCode: "LFMN", servedCity: "Nice", country: "France" },
    ])
    .returning();
  [from, to] = [rows[0]!.id, rows[1]!.id];
  await db.insert(users).values([
    { id: STAFF, email: "staff@example.test", passwordHash: "x", firstName: "G", lastName: "S", role: "admin" },
    { id: "client-1", email: "lea@example.test", passwordHash: "x", firstName: "Léa", lastName: "M", language: "de" },
  ]);
});
afterAll(() => dispose());
beforeEach(async () => {
  await d1.batch(
    ["notifications", "mail_outbox", "order_links", "order_events", "orders", "flight_logs", "flights"].map((t) =>
      d1.prepare(`delete from ${t}`),
    ),
  );
});

async function addFlight(id: string) {
  await db.insert(flights).values({
    id,
    departureAirportId: from,
    arrivalAirportId: to,
    departureDate: DEPARTURE,
    feedDepartureDate: DEPARTURE,
    arrivalDate: ARRIVAL,
    flightTime: 65,
    aircraftType: "PC12",
    pricePerMinute: 50,
    feedSeats: 6,
    source: "feed",
    refreshedAt: NOW,
  });
}

let orderNumber = 0;
async function addOrder(
  flightId: string,
  status: "pending" | "processing" | "completed" | "cancelled",
  userId: string | null = null,
) {
  orderNumber += 1;
  const id = `order-${orderNumber}`;
  await db.insert(orders).values({
    id,
    reference: `JM-RS${String(orderNumber).padStart(4, "0")}`,
    linkKeyHash: `hash-${orderNumber}`,
    flightId,
    userId,
    status,
    paymentState: status === "completed" ? "captured" : status === "processing" ? "authorised" : "none",
    amountCents: 100_000,
    seats: 1,
    language: userId ? "de" : "fr",
    customerInfo: {
      firstName: "Léa",
      lastName: "Muller",
      email: `customer${orderNumber}@example.test`,
      phone: "+41 79 000 00 00",
      address: "Rue 1",
      zipCode: "1200",
      city: "Genève",
      country: "CH",
    },
  });
  return id;
}

const sequenceOf = async (id: string) =>
  (await db.select({ s: flights.scheduleSequence }).from(flights).where(eq(flights.id, id)).get())!.s;
const freeOf = async (id: string) =>
  (await db.select({ f: orders.freeCancellation }).from(orders).where(eq(orders.id, id)).get())!.f;

/** The edit panel's save of an exact Zurich time (same day), as staff send it. */
function staffMoves(flightId: string, exactTime: string) {
  const transport = recordingTransport();
  const context = createTestContext({ d1, now: NOW, transport });
  const input = {
    intent: "edit" as const,
    flightId,
    probability: 80,
    seats: 6,
    departureTimeType: "exact" as const,
    exactTime,
  };
  return { transport, run: () => saveFlightRow(context, { input, staffId: STAFF }) };
}

describe("a staff reschedule", () => {
  it("under 15 minutes: nothing sent, the SEQUENCE unchanged", async () => {
    await addFlight("f-14");
    await addOrder("f-14", "completed");
    const { transport, run } = staffMoves("f-14", "10:14");
    expect(await run()).toMatchObject({ ok: true, changed: true });
    expect(transport.sent).toHaveLength(0);
    expect(await sequenceOf("f-14")).toBe(0);
  });

  it("from 15 minutes: the SEQUENCE rises once, each live order's customer is told once, the cancelled one is not", async () => {
    await addFlight("f-15");
    const completed = await addOrder("f-15", "completed", "client-1");
    const pending = await addOrder("f-15", "pending");
    await addOrder("f-15", "cancelled");
    const { transport, run } = staffMoves("f-15", "10:15");
    await run();
    expect(await sequenceOf("f-15")).toBe(1);
    expect(transport.sent.map((mail) => mail.to).sort()).toEqual([
      `customer${Number(completed.split("-")[1])}@example.test`,
      `customer${Number(pending.split("-")[1])}@example.test`,
    ]);
    const german = transport.sent.find((mail) => mail.subject.startsWith("Neue Flugzeiten"))!;
    expect(german.text).toContain("Abflug: am 1. Dezember 2026 um 10:15 Uhr, statt am 1. Dezember 2026 um 10:00 Uhr.");
    expect(german.text).not.toContain("kostenlos stornieren");
    // The signed-up customer also has a notification; free cancellation is not granted under 3 h.
    const [notification] = await db.select().from(notifications).where(eq(notifications.userId, "client-1"));
    expect(notification).toMatchObject({ type: "order_rescheduled", flightId: "f-15" });
    expect(notification!.params).toMatchObject({ orderId: completed, previousDeparture: DEPARTURE.getTime() });
    expect(await freeOf(completed)).toBe(false);

    // The same save again (a replay) changes nothing and sends nothing.
    const again = staffMoves("f-15", "10:15");
    expect(await again.run()).toMatchObject({ ok: true, changed: false });
    expect(again.transport.sent).toHaveLength(0);
    expect(await sequenceOf("f-15")).toBe(1);

    // The .ics keeps its UID and carries SEQUENCE 1 and the new start.
    const calendar = await orderCalendar(createTestContext({ d1, now: NOW }), completed);
    if (!calendar.ok) throw new Error("no calendar");
    expect(calendar.body).toContain(`UID:${completed}@jetmalin`);
    expect(calendar.body).toContain("SEQUENCE:1\r\n");
    expect(calendar.body).toContain("DTSTART:20261201T091500Z");
  });

  it("from 3 hours: the live orders may be cancelled free of charge, and the mail says so", async () => {
    await addFlight("f-3h");
    const processing = await addOrder("f-3h", "processing");
    const cancelled = await addOrder("f-3h", "cancelled");
    const { transport, run } = staffMoves("f-3h", "13:00");
    await run();
    expect(await freeOf(processing)).toBe(true);
    expect(await freeOf(cancelled)).toBe(false);
    expect(transport.sent).toHaveLength(1);
    expect(transport.sent[0]!.text).toContain("annuler votre réservation sans frais");
  });

  it("a flight without live orders: its SEQUENCE stays, nobody is told", async () => {
    await addFlight("f-empty");
    await addOrder("f-empty", "cancelled");
    const { transport, run } = staffMoves("f-empty", "14:00");
    await run();
    expect(await sequenceOf("f-empty")).toBe(0);
    expect(transport.sent).toHaveLength(0);
  });
});

describe("a feed reschedule", () => {
  /** The feed announcing flight LSGG → LFMN at DEPARTURE, landing at `arrival`. */
  const feedLanding = (arrival: Date): FeedClient => ({
    name: "test",
    fetchFlights: async () => ({
      ok: true,
      attempts: 1,
      flights: [
        {
          departure_airport: { icao_code: "LSGG", served_city: "Genève", country: "Switzerland" },
          arrival_airport: { icao_code: "LFMN", served_city: "Nice", country: "France" },
          aircraft_type: { icao_code: "PC12" },
          departure_date: DEPARTURE.toISOString(),
          arrival_date: arrival.toISOString(),
          available_seats: 6,
          probability: 80,
        },
      ],
    }),
  });
  const sync = (arrival: Date) => {
    const transport = recordingTransport();
    const context = createTestContext({ d1, now: NOW, transport, feed: feedLanding(arrival) });
    return { transport, run: () => syncFlightsFromFeed(context, { trigger: "cron", userId: null }) };
  };

  it("tells nobody of an arrival moved by 14 minutes, each customer of one moved by 15 once, and grants free cancellation from 3 h", async () => {
    await addFlight("f-feed");
    const order = await addOrder("f-feed", "processing");
    const small = sync(new Date(ARRIVAL.getTime() + 14 * MIN));
    expect(await small.run()).toMatchObject({ ok: true, updated: 1 });
    expect(small.transport.sent).toHaveLength(0);
    expect(await sequenceOf("f-feed")).toBe(0);

    // 15 minutes after what we store (the arrival the feed gave last): told, no free cancellation yet.
    const moved = sync(new Date(ARRIVAL.getTime() + 29 * MIN));
    await moved.run();
    expect(await sequenceOf("f-feed")).toBe(1);
    expect(moved.transport.sent).toHaveLength(1);
    expect(moved.transport.sent[0]!.text).toContain("Départ : le 01 décembre 2026 à 10:00, inchangé.");
    expect(moved.transport.sent[0]!.text).toContain(
      "Arrivée : le 01 décembre 2026 à 11:34, au lieu du 01 décembre 2026 à 11:19.",
    );
    expect(await freeOf(order)).toBe(false);

    const big = sync(new Date(ARRIVAL.getTime() + 3 * 60 * MIN + 29 * MIN));
    await big.run();
    expect(await sequenceOf("f-feed")).toBe(2);
    expect(big.transport.sent).toHaveLength(1);
    expect(big.transport.sent[0]!.text).toContain(
      "Arrivée : le 01 décembre 2026 à 14:34, au lieu du 01 décembre 2026 à 11:34.",
    );
    expect(big.transport.sent[0]!.text).toContain("sans frais");
    expect(await freeOf(order)).toBe(true);

    // The same feed again: nothing moves, nothing is sent.
    const replay = sync(new Date(ARRIVAL.getTime() + 3 * 60 * MIN + 29 * MIN));
    await replay.run();
    expect(replay.transport.sent).toHaveLength(0);
    expect(await sequenceOf("f-feed")).toBe(2);
  });
});
