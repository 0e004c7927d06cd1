/**
 * The rows each privacy test starts from (privacy.fixtures.ts has the people): two
 * customers and an admin, their orders, and everything that hangs off an account. What
 * they sent and were sent (requests, the newsletter, counters, mails) is seeded by
 * privacy-seed-mails.fixtures.ts, after these rows.
 */
import type { AppLoadContext } from "@remix-run/cloudflare";

import { hashPassword } from "#app/accounts/password.server";
import {
  airports,
  alertDeliveries,
  alertWatches,
  favorites,
  flights,
  notifications,
  oneTimeTokens,
  orderEvents,
  orderLinks,
  orders,
  sessions,
  users,
  waitlist,
} from "#app/db/schema";
import { createTestContext, recordingTransport } from "#tests/context";
import { createTestD1 } from "#tests/d1";

import {
  BARNABE,
  customerOf,
  emptyDatabase,
  FUTURE,
  NOW,
  PASSWORD,
  PAST,
  placed,
  tomorrow,
  ZEPHYRINE,
} from "./privacy.fixtures";
import { seedRequestsAndMails } from "./privacy-seed-mails.fixtures";

/** A test file's own D1, and the hash of every seeded account's password (PASSWORD). */
export async function openPrivacyDatabase() {
  const { d1, dispose } = await createTestD1();
  return { d1, dispose, passwordHash: await hashPassword(PASSWORD) };
}

/** Before each test: the tables emptied, a fresh context recording the mails, the seed. */
export async function resetPrivacyDatabase(d1: D1Database, passwordHash: string) {
  await emptyDatabase(d1);
  const transport = recordingTransport();
  const context = createTestContext({ d1, now: NOW, transport });
  await seed(context, passwordHash);
  return { transport, context };
}

/** Seeds the database the tests share; every account's password is the one `passwordHash` hashes. */
async function seed({ db }: AppLoadContext, passwordHash: string) {
  await db.insert(airports).values([
    { id: 1, icaoCode: "LSGG", servedCity: "Genève", country: "Switzerland" },
    { id: 2, icaoCode: "LFMN", servedCity: "Nice", country: "France" },
  ]);
  const flight = (id: string, departureDate: Date) => ({
    id,
    departureAirportId: 1,
    arrivalAirportId: 2,
    departureDate,
    arrivalDate: new Date(departureDate.getTime() + 3_600_000),
    flightTime: 60,
    aircraftType: "PC12",
    pricePerMinute: 50,
    feedSeats: 6,
    refreshedAt: NOW,
  });
  await db.insert(flights).values([flight("f-past", PAST), flight("f-future", FUTURE)]);
  await db.insert(users).values([
    {
      id: ZEPHYRINE.id,
      email: ZEPHYRINE.email,
      passwordHash,
      firstName: ZEPHYRINE.firstName,
      lastName: ZEPHYRINE.lastName,
      phone: ZEPHYRINE.phone,
      language: "de",
      emailConfirmedAt: NOW,
    },
    {
      id: BARNABE.id,
      email: BARNABE.email,
      passwordHash,
      firstName: BARNABE.firstName,
      lastName: BARNABE.lastName,
      phone: BARNABE.phone,
      emailConfirmedAt: NOW,
    },
    {
      id: "boss",
      email: "boss@jetmalin.test",
      passwordHash,
      firstName: "Alice",
      lastName: "Admin",
      role: "admin",
      emailConfirmedAt: NOW,
    },
  ]);
  await db.insert(orders).values([
    // Zéphyrine: one with her account, one as a guest under her address (a departed flight, and a cancelled one).
    {
      id: "o-z1",
      userId: ZEPHYRINE.id,
      flightId: "f-past",
      status: "completed",
      paymentState: "captured",
      amountCents: 123_450,
      seats: 2,
      customerInfo: customerOf(ZEPHYRINE),
      passengers: ZEPHYRINE.passengers,
      reference: "JM-ZZZ111",
      linkKeyHash: "key-z1",
      clientKey: "net-z",
      createdAt: placed(300),
    },
    {
      id: "o-z2",
      userId: null,
      flightId: "f-future",
      status: "cancelled",
      paymentState: "released",
      cancelReason: "refused",
      amountCents: 50_000,
      seats: 1,
      customerInfo: customerOf(ZEPHYRINE),
      passengers: [ZEPHYRINE.passengers[1]!],
      reference: "JM-ZZZ222",
      linkKeyHash: "key-z2",
      createdAt: placed(200),
    },
    {
      id: "o-b1",
      userId: BARNABE.id,
      flightId: "f-past",
      status: "completed",
      paymentState: "captured",
      amountCents: 99_900,
      seats: 1,
      customerInfo: customerOf(BARNABE),
      passengers: BARNABE.passengers,
      reference: "JM-BBB111",
      linkKeyHash: "key-b1",
      clientKey: "net-b",
      createdAt: placed(100),
    },
  ]);
  await db.insert(orderLinks).values([
    { linkKeyHash: "link-z1", orderId: "o-z1" },
    { linkKeyHash: "link-b1", orderId: "o-b1" },
  ]);
  await db.insert(orderEvents).values({
    orderId: "o-z1",
    move: "captured",
    fromStatus: "processing",
    toStatus: "completed",
    paymentState: "captured",
    actor: "staff",
    changedBy: "boss",
    createdAt: placed(250),
  });
  await db.insert(favorites).values([
    { userId: ZEPHYRINE.id, flightId: "f-past" },
    { userId: ZEPHYRINE.id, flightId: "f-future" },
    { userId: BARNABE.id, flightId: "f-future" },
  ]);
  await db.insert(waitlist).values([
    { userId: ZEPHYRINE.id, flightId: "f-future" },
    { userId: BARNABE.id, flightId: "f-future" },
  ]);
  await db.insert(notifications).values([
    {
      userId: ZEPHYRINE.id,
      title: "Nouveau vol Genève → Nice",
      message: "Un vol pour Zéphyrine",
      flightId: "f-future",
    },
    {
      userId: BARNABE.id,
      title: "Vol pour Barnabé",
      message: "Un vol au départ de Genève",
      flightId: "f-future",
      read: true,
    },
  ]);
  await db.insert(alertWatches).values([
    { userId: ZEPHYRINE.id, fromKind: "country", fromValue: "Switzerland" },
    {
      userId: ZEPHYRINE.id,
      fromKind: "city",
      fromValue: "Genève",
      toKind: "country",
      toValue: "France",
      windowDays: 30,
    },
    { userId: BARNABE.id, fromKind: "country", fromValue: "Italy" },
  ]);
  await db.insert(alertDeliveries).values([
    { userId: ZEPHYRINE.id, flightId: "f-future", alertedAt: placed(50) },
    { userId: BARNABE.id, flightId: "f-future", alertedAt: placed(50) },
  ]);
  await db.insert(sessions).values([
    { idHash: "session-z1", userId: ZEPHYRINE.id, expiresAt: tomorrow },
    { idHash: "session-z2", userId: ZEPHYRINE.id, expiresAt: tomorrow },
    { idHash: "session-b1", userId: BARNABE.id, expiresAt: tomorrow },
    { idHash: "session-boss", userId: "boss", expiresAt: tomorrow },
  ]);
  await db
    .insert(oneTimeTokens)
    .values({ userId: ZEPHYRINE.id, purpose: "password_reset", tokenHash: "token-z", expiresAt: tomorrow });
  await seedRequestsAndMails(db);
}
