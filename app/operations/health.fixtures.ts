/**
 * The shared set-up of the health tests (health*.server.test.ts): the fixed clock, a D1
 * with one flight, and helpers that write mails and orders and read one check.
 */
import { airports, flights, mailOutbox, orderMessages, orders, syncRuns } from "#app/db/schema";
import type { MailTransport } from "#app/mail/mail-transports.server";
import { createTestContext, recordingTransport } from "#tests/context";
import { createTestD1 } from "#tests/d1";

import type { HealthCheck, HealthReport } from "./types";

export type TestDb = Awaited<ReturnType<typeof createTestD1>>;
export const MINUTE = 60_000;
export const HOUR = 60 * MINUTE;
export const DAY = 24 * HOUR;
export const now = new Date("2026-11-23T10:00:00Z");
export const ago = (ms: number) => new Date(now.getTime() - ms);
export const later = (ms: number) => new Date(now.getTime() + ms);
const flightId = "flight-health";

/** A test file's own D1, with the flight the orders are for. */
export async function openHealthDatabase(): Promise<TestDb> {
  const testDb = await createTestD1();
  const [from, to] = await testDb.db
    .insert(airports)
    .values([
      { icaoCode: "LSGG", servedCity: "Genève" },
      { icaoCode: "LFMN", servedCity: "Nice" },
    ])
    .returning();
  await testDb.db.insert(flights).values({
    id: flightId,
    departureAirportId: from!.id,
    arrivalAirportId: to!.id,
    departureDate: later(10 * DAY),
    arrivalDate: later(10 * DAY + HOUR),
    flightTime: 60,
    aircraftType: "PC12",
    pricePerMinute: 50,
    feedSeats: 8,
    refreshedAt: now,
  });
  return testDb;
}

/** Before each test: no mail, no sync run, no order. */
export async function emptyHealthTables(testDb: TestDb) {
  await testDb.db.delete(orderMessages);
  await testDb.db.delete(mailOutbox);
  await testDb.db.delete(syncRuns);
  await testDb.db.delete(orders);
}

export const check = <Key extends HealthCheck["key"]>(report: HealthReport, key: Key) =>
  report.checks.find((line) => line.key === key) as Extract<HealthCheck, { key: Key }>;

/** The helpers that write to the test file's D1, taken when called (the file's hook opens it). */
export function healthHelpers(current: () => TestDb) {
  const context = (transport: MailTransport = recordingTransport()) =>
    createTestContext({ d1: current().d1, now, transport });

  type MailRow = Partial<typeof mailOutbox.$inferInsert> & Pick<typeof mailOutbox.$inferInsert, "status" | "createdAt">;
  async function insertMails(rows: MailRow[]) {
    await current()
      .db.insert(mailOutbox)
      .values(
        rows.map((row, index) => ({
          toAddress: `person${index}@example.ch`,
          template: "auth/confirm-email",
          locale: "fr",
          data: {},
          subject: "Confirmez votre adresse email – JetMalin",
          html: "<p>Bonjour</p>",
          text: "Bonjour",
          attempts: 1,
          ...row,
        })),
      );
  }

  let orderNumber = 0;
  async function insertOrder(
    status: "pending" | "processing" | "completed" | "cancelled",
    createdAt: Date,
    holdExpiresAt: Date | null = null,
  ) {
    orderNumber += 1;
    await current()
      .db.insert(orders)
      .values({
        id: `order-${orderNumber}`,
        flightId,
        status,
        amountCents: 150_000,
        seats: 1,
        customerInfo: {
          firstName: "Léa",
          lastName: "Muller",
          email: "lea@example.ch",
          phone: "+41 79 123 45 67",
          address: "Rue du Rhône 1",
          zipCode: "1204",
          city: "Genève",
          country: "CH",
        },
        linkKeyHash: `hash-${orderNumber}`,
        holdExpiresAt,
        paymentState: status === "processing" ? "authorised" : "none",
        createdAt,
        updatedAt: createdAt,
      });
    return `order-${orderNumber}`;
  }

  return { context, insertMails, insertOrder };
}
