/**
 * The authorisation's deadline and departed flights on a real D1
 * (docs/decisions/034-reschedules-and-deadlines.md): an order whose authorisation lapsed is
 * cancelled once under two crons at once, its seats back and its customer told once; a
 * processing order whose flight left is released once and staff told; a capture made
 * meanwhile is never undone; staff get the day's deadlines once a day each, in their language.
 */
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";

import type { Db } from "#app/db/client.server";
import { airports, flights, notifications, orderEvents, orders, users } from "#app/db/schema";
import { createTestContext, recordingTransport } from "#tests/context";
import { createTestD1 } from "#tests/d1";
import { testFlight } from "#tests/flight-rows";

import { cancelLapsedAuthorisations, releaseDepartedOrders, sendCaptureDeadlineMails } from "./order-deadlines.server";

// 10:00 in Zurich.
const NOW = new Date("2026-11-23T09:00:00Z");
const HOUR = 3_600_000;
const later = (ms: number) => new Date(NOW.getTime() + ms);

let d1: D1Database;
let db: Db;
let dispose: () => Promise<void>;

beforeAll(async () => {
  ({ d1, db, dispose } = await createTestD1());
  const [from, to] = await db
    .insert(airports)
    .values([
      { icaoCode: "LSGG", servedCity: "Genève" },
      { icaoCode: "LFMN", servedCity: "Nice" },
    ])
    .returning();
  const flight = (id: string, departure: Date) =>
    testFlight(id, { from: from!.id, to: to!.id, departure, refreshedAt: NOW, seatsHeld: 4 });
  await db.insert(flights).values([flight("upcoming", later(10 * 24 * HOUR)), flight("left", later(-HOUR))]);
  await db.insert(users).values([
    {
      id: "admin-de",
      email: "admin-de@example.test",
      passwordHash: "x",
      firstName: "A",
      lastName: "D",
      role: "admin",
      language: "de",
    },
    { id: "admin-fr", email: "admin-fr@example.test", passwordHash: "x", firstName: "A", lastName: "F", role: "admin" },
    {
      id: "gestion",
      email: "gestion@example.test",
      passwordHash: "x",
      firstName: "G",
      lastName: "G",
      role: "gestionnaire",
    },
    { id: "client", email: "client@example.test", passwordHash: "x", firstName: "C", lastName: "C" },
  ]);
});
afterAll(() => dispose());
beforeEach(async () => {
  await d1.batch(
    ["notifications", "mail_outbox", "order_links", "order_events", "orders"].map((t) =>
      d1.prepare(`delete from ${t}`),
    ),
  );
  await db.update(flights).set({ seatsHeld: 4 });
});

let number = 0;
async function addOrder({
  flightId = "upcoming",
  status = "processing",
  captureBefore = null,
}: { flightId?: string; status?: "processing" | "completed"; captureBefore?: Date | null } = {}) {
  number += 1;
  const id = `order-${number}`;
  await db.insert(orders).values({
    id,
    reference: `JM-DL${String(number).padStart(4, "0")}`,
    flightId,
    userId: "client",
    status,
    paymentState: status === "processing" ? "authorised" : "captured",
    paymentIntentId: `pi_missing_${number}`,
    captureBefore,
    amountCents: 100_000,
    seats: 2,
    linkKeyHash: `hash-${number}`,
    customerInfo: {
      firstName: "Léa",
      lastName: "Muller",
      email: `customer${number}@example.test`,
      phone: "+41 79 000 00 00",
      address: "Rue 1",
      zipCode: "1200",
      city: "Genève",
      country: "CH",
    },
  });
  return id;
}

const orderRow = async (id: string) => (await db.select().from(orders).where(eq(orders.id, id)).get())!;
const seatsHeld = async (id: string) =>
  (await db.select({ held: flights.seatsHeld }).from(flights).where(eq(flights.id, id)).get())!.held;

describe("the authorisation's deadline", () => {
  it("cancels an order whose authorisation lapsed once, under two crons at once, and tells its customer once", async () => {
    const lapsed = await addOrder({ captureBefore: later(-60_000) });
    const notYet = await addOrder({ captureBefore: later(HOUR) });
    const transport = recordingTransport();
    const context = createTestContext({ d1, now: NOW, transport });

    const runs = await Promise.all([cancelLapsedAuthorisations(context), cancelLapsedAuthorisations(context)]);
    expect(runs[0] + runs[1]).toBe(1);
    expect(await orderRow(lapsed)).toMatchObject({
      status: "cancelled",
      cancelReason: "authorisationLapsed",
      paymentState: "released",
    });
    expect((await orderRow(notYet)).status).toBe("processing");
    // Seats back once: 4 held, 2 of them the lapsed order's.
    expect(await seatsHeld("upcoming")).toBe(2);
    const moves = await db.select().from(orderEvents).where(eq(orderEvents.move, "authorisationLapsed"));
    expect(moves).toHaveLength(1);
    const mails = transport.sent.filter((mail) => mail.to === `customer${lapsed.split("-")[1]}@example.test`);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.text).toContain("avant la fin de validité de l'autorisation de paiement");
    expect(mails[0]!.text).toContain("aucun montant n'a été prélevé");
    const told = await db.select().from(notifications).where(eq(notifications.userId, "client"));
    expect(told).toHaveLength(1);
    expect(told[0]).toMatchObject({ type: "order_cancelled" });

    // A third run finds nothing to do.
    expect(await cancelLapsedAuthorisations(context)).toBe(0);
  });

  it("never touches an order staff captured meanwhile", async () => {
    const captured = await addOrder({ status: "completed", captureBefore: later(-60_000) });
    expect(await cancelLapsedAuthorisations(createTestContext({ d1, now: NOW }))).toBe(0);
    expect(await orderRow(captured)).toMatchObject({ status: "completed", paymentState: "captured", refundedCents: 0 });
  });
});

describe("a processing order whose flight has left", () => {
  it("is released and cancelled once ('departed'), the customer and staff told", async () => {
    const left = await addOrder({ flightId: "left" });
    const upcoming = await addOrder();
    const transport = recordingTransport();
    const context = createTestContext({ d1, now: NOW, transport });
    const runs = await Promise.all([releaseDepartedOrders(context), releaseDepartedOrders(context)]);
    expect(runs[0] + runs[1]).toBe(1);
    expect(await orderRow(left)).toMatchObject({
      status: "cancelled",
      cancelReason: "departed",
      paymentState: "released",
    });
    expect((await orderRow(upcoming)).status).toBe("processing");
    const customer = transport.sent.filter((mail) => mail.to === `customer${left.split("-")[1]}@example.test`);
    expect(customer).toHaveLength(1);
    expect(customer[0]!.text).toContain("le vol est parti sans que nous ayons pu la confirmer");
    const staff = transport.sent.filter((mail) => mail.to === "reservations@jetmalin.test");
    expect(staff).toHaveLength(1);
    expect(staff[0]!.subject).toContain("Vol parti sans validation");
    expect(await releaseDepartedOrders(context)).toBe(0);
  });
});

describe("the staff's daily mail of deadlines", () => {
  it("lists the authorisations lapsing within 24 hours, once a day to each admin, in their language", async () => {
    const soon = await addOrder({ captureBefore: later(5 * HOUR) });
    await addOrder({ captureBefore: later(30 * HOUR) });
    const transport = recordingTransport();
    const at = (date: Date) => createTestContext({ d1, now: date, transport });

    // 06:55 in Zurich: too early.
    expect(await sendCaptureDeadlineMails(at(new Date("2026-11-23T05:55:00Z")))).toMatchObject({ skipped: "tooEarly" });
    const [first, second] = await Promise.all([sendCaptureDeadlineMails(at(NOW)), sendCaptureDeadlineMails(at(NOW))]);
    expect(first!.mailed + second!.mailed).toBe(2);
    expect(transport.sent.map((mail) => mail.to).sort()).toEqual(["admin-de@example.test", "admin-fr@example.test"]);
    const german = transport.sent.find((mail) => mail.to === "admin-de@example.test")!;
    expect(german.subject).toBe("1 Bestellung innerhalb von 24 Stunden zu bestätigen");
    expect(german.text).toContain(`JM-DL${soon.split("-")[1]!.padStart(4, "0")}`);
    expect(german.text).toContain("bestätigen bis 23. November 2026, 15:00 Uhr");
    expect(german.text).toContain("/admin/orders?status=processing&sort=captureBefore");

    // Later the same day: nothing more. The next morning: again.
    expect(await sendCaptureDeadlineMails(at(later(5 * HOUR)))).toMatchObject({ mailed: 0 });
    expect(await sendCaptureDeadlineMails(at(later(24 * HOUR)))).toMatchObject({ mailed: 2 });
  });
});
