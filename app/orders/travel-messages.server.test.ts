/**
 * The messages before a flight on a real D1, the cron run twice at each point: the manifest reminders at 72 and 30
 * hours go once each and only for an incomplete manifest of a live order on a scheduled flight before the deadline;
 * the day-of-travel mail goes once at 48 hours, in the account's language; the queue gets one job per order.
 */
import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";

import { renderNotification } from "#app/alerts/notifications.server";
import type { Db } from "#app/db/client.server";
import { flights, mailOutbox, manifestPassengers, notifications, orders, users } from "#app/db/schema";
import { handleQueueBatch } from "#app/operations/queue.server";
import { createTestContext, jobBatch, recordingQueue } from "#tests/context";
import { createTestD1 } from "#tests/d1";
import { insertAirportsByCity, testFlight } from "#tests/flight-rows";

import { placeOrder } from "./orders.queries.server";
import { writeTravelMessages } from "./travel-schedule.server";

// 10:00 in Zurich (CET).
const NOW = new Date("2026-12-01T09:00:00Z");
const HOUR = 3_600_000;
const USER_DE = "user-de";
let d1: D1Database;
let db: Db;
let dispose: () => Promise<void>;
let airport: (city: "Genève" | "Nice") => number;

beforeAll(async () => {
  ({ d1, db, dispose } = await createTestD1());
  airport = await insertAirportsByCity(db, {
    Genève: { icaoCode: "LSGG", country: "Switzerland", latitude: 46.2381, longitude: 6.1089 },
    Nice: { icaoCode: "LFMN", country: "France", latitude: 43.6584, longitude: 7.2159 },
  });
  await db.insert(users).values({
    id: USER_DE,
    email: "jurg@example.ch",
    passwordHash: "x",
    firstName: "Jürg",
    lastName: "Keller",
    language: "de",
  });
});
afterAll(() => dispose());
beforeEach(async () => {
  await d1.batch(["mail_outbox", "notifications", "orders", "flights"].map((t) => d1.prepare(`delete from ${t}`)));
});

let number = 0;

/** A two-passenger order on a flight leaving `inHours` after NOW, completed unless told. */
async function order({
  inHours,
  status = "completed",
  userId = null,
  flight = {},
}: {
  inHours: number;
  status?: "processing" | "completed" | "cancelled";
  userId?: string | null;
  flight?: Partial<typeof flights.$inferInsert>;
}) {
  const flightId = `tm-${++number}`;
  // A few seconds apart: a route leaves once at a given instant; the minutes shown stay the same.
  const departure = new Date(NOW.getTime() + inHours * HOUR + number * 1000);
  await db
    .insert(flights)
    .values(
      testFlight(flightId, { from: airport("Genève"), to: airport("Nice"), departure, refreshedAt: NOW, ...flight }),
    );
  const orderId = crypto.randomUUID();
  const reference = `JM-T${number}`;
  const placed = await placeOrder(db, {
    orderId,
    reference,
    linkKeyHash: crypto.randomUUID(),
    flightId,
    request: { kind: "seats", seats: 2 },
    seenAvailableSeats: 6,
    userId,
    customerInfo: {
      firstName: "Léa",
      lastName: "Muller",
      email: `lea${number}@example.ch`,
      phone: "+41 79 123 45 67",
      address: "Rue du Rhône 1",
      zipCode: "1204",
      city: "Genève",
      country: "CH",
    },
    passengers: ["Léa Muller", "Max Keller"],
    language: "fr",
    idempotencyKey: crypto.randomUUID(),
    holdExpiresAt: new Date(NOW.getTime() + 30 * 60_000),
    clientKey: "test",
    now: new Date(NOW.getTime() - HOUR),
  });
  if (placed.status !== "created") throw new Error(placed.status);
  await db.update(orders).set({ status, paymentState: "offline" }).where(eq(orders.id, orderId));
  return { orderId, flightId, reference, departure };
}

/** Every field of both lines and the luggage, as the manifest's form would store them (sealed values stand in). */
async function completeManifest(orderId: string) {
  const line = { givenNames: "Léa", surname: "Muller", nationality: "CH", documentKind: "passport" as const };
  const sealed = { documentNumberSealed: "sealed", issuer: "CH", expiresOn: "2030-01-31", birthDateSealed: "sealed" };
  await db.insert(manifestPassengers).values([0, 1].map((seat) => ({ orderId, seat, ...line, ...sealed })));
  await db.update(orders).set({ luggagePieces: 2, luggageKg: 30, pets: 0 }).where(eq(orders.id, orderId));
}

const at = (hoursFromNow: number) => new Date(NOW.getTime() + hoursFromNow * HOUR);

/** The cron's task twice, as two runs five minutes apart would. */
async function cronTwice(now: Date, jobs = null as ReturnType<typeof recordingQueue> | null) {
  await writeTravelMessages(createTestContext({ d1, now, jobs }));
  await writeTravelMessages(createTestContext({ d1, now: new Date(now.getTime() + 5 * 60_000), jobs }));
}

const mailsOf = (reference: string, template: string) =>
  db
    .select()
    .from(mailOutbox)
    .where(and(eq(mailOutbox.template, template), sql`json_extract(${mailOutbox.data}, '$.reference') = ${reference}`));

const notificationsOf = (userId: string, type: string) =>
  db
    .select()
    .from(notifications)
    .where(and(eq(notifications.userId, userId), sql`${notifications.type} = ${type}`));

describe("the manifest reminders", () => {
  it("go at 72 and at 30 hours, one mail and one notification each however often the cron runs", async () => {
    const { orderId, reference } = await order({ inHours: 60, userId: USER_DE });
    await cronTwice(NOW);
    const [first, ...more] = await mailsOf(reference, "orders/manifest-reminder");
    expect(more).toHaveLength(0);
    // The account reads German; the departure is 22:00 in Zurich, the deadline 24 hours before.
    expect(first!.subject).toBe("Ihr Flug am 3. Dezember 2026: Bitte vervollständigen Sie die Passagierliste");
    expect(first!.text).toContain("fehlen noch 17 Angaben");
    expect(first!.text).toContain("bis zum 2. Dezember 2026 um 22:00");
    expect(first!.html).toContain(`/confirmation/${orderId}/manifest?key=`);
    expect(await mailsOf(reference, "orders/travel-day")).toHaveLength(0);

    await cronTwice(at(31));
    expect(await mailsOf(reference, "orders/manifest-reminder")).toHaveLength(2);
    // 29 hours before departure: inside the 48 hours of the day-of-travel mail too.
    expect(await mailsOf(reference, "orders/travel-day")).toHaveLength(1);
    const [reminder, ...others] = await notificationsOf(USER_DE, "manifest_reminder");
    expect(others).toHaveLength(1);
    expect(renderNotification(reminder!, "fr")).toMatchObject({
      title: "Liste des passagers à compléter : Genève → Nice",
      href: `/confirmation/${orderId}/manifest`,
    });
  });

  it("are not sent for a complete manifest, a cancelled order or flight, nor after the deadline", async () => {
    const complete = await order({ inHours: 60 });
    await completeManifest(complete.orderId);
    const cancelled = await order({ inHours: 60, status: "cancelled" });
    const flightCancelled = await order({ inHours: 60 });
    await db.update(flights).set({ status: "cancelled" }).where(eq(flights.id, flightCancelled.flightId));
    // A 48-hour deadline: at 40 hours it has passed.
    const late = await order({ inHours: 40, flight: { manifestDeadlineHours: 48 } });
    await cronTwice(NOW);
    await cronTwice(at(31));
    for (const { reference } of [complete, cancelled, flightCancelled, late])
      expect(await mailsOf(reference, "orders/manifest-reminder")).toEqual([]);
    for (const { reference } of [cancelled, flightCancelled])
      expect(await mailsOf(reference, "orders/travel-day")).toEqual([]);
    const [completeDay] = await mailsOf(complete.reference, "orders/travel-day");
    expect(completeDay!.text).toContain("La liste des passagers est complète");
    // Past the deadline the manifest is locked: the mail says how to reach staff.
    const [lateDay] = await mailsOf(late.reference, "orders/travel-day");
    expect(lateDay!.text).toContain("le délai pour la compléter en ligne est passé : appelez-nous au +41 22 518 07 70");
  });
});

describe("the day-of-travel mail", () => {
  it("goes once at 48 hours, in the account's language, with the check-in, the terminal, the carrier and the map", async () => {
    const terminal = "Jet Aviation FBO, Route de l'Aéroport 19, 1215 Genève";
    const { orderId, reference } = await order({
      inHours: 44,
      userId: USER_DE,
      flight: { terminal, operatorName: "Alpine Air SA", aircraftRegistration: "HB-FVA", checkInMinutes: 45 },
    });
    await cronTwice(NOW);
    const [mail, ...more] = await mailsOf(reference, "orders/travel-day");
    expect(more).toHaveLength(0);
    expect(mail!.locale).toBe("de");
    // 06:00 in Zurich on 3 December; 45 minutes before is 05:15.
    expect(mail!.subject).toBe("Ihr Flug am 3. Dezember 2026: alles für den Reisetag");
    expect(mail!.text).toContain("Bitte seien Sie um 05:15 (Schweizer Zeit) dort, 45 Minuten vor dem Abflug");
    expect(mail!.text).toContain(terminal);
    expect(mail!.text).toContain("Alpine Air SA");
    expect(mail!.text).toContain("HB-FVA");
    expect(mail!.text).toContain("Genf (LSGG)");
    expect(mail!.html).toContain("https://www.openstreetmap.org/?mlat=46.2381&amp;mlon=6.1089#map=15/46.2381/6.1089");
    expect(mail!.text).toContain("1 Gepäckstück bis 20 kg pro Passagier");
    expect(mail!.text).toContain("fehlen noch 17 Angaben");
    expect(mail!.html).toContain(`/confirmation/${orderId}/manifest?key=`);

    const [notice, ...others] = await notificationsOf(USER_DE, "travel_day");
    expect(others).toHaveLength(0);
    expect(renderNotification(notice!, "de").message).toContain("Bitte seien Sie um 05:15 dort");
  });

  it("says the crew meets passengers at the business aviation terminal, and the carrier is confirmed later, when unknown", async () => {
    const { reference } = await order({ inHours: 47 });
    await cronTwice(NOW);
    const [mail] = await mailsOf(reference, "orders/travel-day");
    expect(mail!.subject).toBe("Votre vol du 03 décembre 2026 : tout pour le jour du départ");
    expect(mail!.text).toContain("L'équipage accueille les passagers au terminal d'aviation d'affaires");
    expect(mail!.text).toContain("Présentez-vous à 08:30 (heure suisse), 30 minutes avant le départ");
    expect(mail!.text).toContain("Confirmé avant le vol");
    expect(mail!.text).toContain("+41 22 518 07 70");
  });
});

describe("through the queue", () => {
  it("queues one job per order, once; a message whose manifest was completed meanwhile is not sent", async () => {
    const first = await order({ inHours: 60 });
    const second = await order({ inHours: 60 });
    const jobs = recordingQueue();
    await cronTwice(NOW, jobs);
    expect(jobs.sent).toEqual([
      { type: "orderMessages", orderId: first.orderId },
      { type: "orderMessages", orderId: second.orderId },
    ]);
    await completeManifest(second.orderId);
    const context = createTestContext({ d1, now: NOW, jobs });
    await handleQueueBatch(jobBatch("jetmalin-jobs", jobs.sent.splice(0)), context);
    expect(await mailsOf(first.reference, "orders/manifest-reminder")).toHaveLength(1);
    expect(await mailsOf(second.reference, "orders/manifest-reminder")).toEqual([]);
    // The mail's first try is a job of its own.
    expect(jobs.sent).toMatchObject([{ type: "mail" }]);
  });
});
