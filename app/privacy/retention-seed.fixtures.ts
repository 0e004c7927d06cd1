/**
 * The rows each retention test starts from: for every rule, a row just past its limit, a
 * row exactly at it and rows the rule must spare (the limits are in retention.fixtures.ts).
 */
import type { Db } from "#app/db/client.server";
import {
  airports,
  alertDeliveries,
  customRequests,
  devPaymentSessions,
  exclusiveRequests,
  flights,
  mailOutbox,
  newsletterSubscribers,
  notifications,
  oneTimeTokens,
  orderLinks,
  orders,
  rateLimits,
  sessions,
  syncRuns,
  users,
} from "#app/db/schema";

import { ERASED_MAIL_SUBJECT } from "./privacy.queries.server";
import {
  A_YEAR_AGO,
  at,
  customer,
  justBefore,
  LONG_AGO,
  NINETY_DAYS_AGO,
  SEVEN_DAYS_AGO,
  START_OF_2016_IN_ZURICH,
  THIRTY_DAYS_AGO,
  TWO_YEARS_AGO,
} from "./retention.fixtures";

export async function seed(db: Db) {
  const [from, to] = await db
    .insert(airports)
    .values([
      { icaoCode: "LSGG", servedCity: "Genève" },
      { icaoCode: "LFMN", servedCity: "Nice" },
    ])
    .returning({ id: airports.id });
  const flight = (id: string, departure: Date) => ({
    id,
    departureAirportId: from!.id,
    arrivalAirportId: to!.id,
    departureDate: departure,
    arrivalDate: new Date(departure.getTime() + 60 * 60_000),
    flightTime: 60,
    aircraftType: "PC12",
    pricePerMinute: 50,
    feedSeats: 6,
    refreshedAt: LONG_AGO,
  });
  await db
    .insert(flights)
    .values([
      flight("flight-2015", justBefore(START_OF_2016_IN_ZURICH)),
      flight("flight-2016", at(START_OF_2016_IN_ZURICH)),
      flight("flight-last-year", justBefore(A_YEAR_AGO)),
      flight("flight-a-year-ago", at(A_YEAR_AGO)),
      flight("flight-next-week", new Date("2026-11-29T09:00:00Z")),
    ]);

  const user = (id: string, values: Partial<typeof users.$inferInsert> = {}) => ({
    id,
    email: `${id}@example.ch`,
    passwordHash: "hash",
    firstName: id,
    lastName: "Muller",
    createdAt: LONG_AGO,
    emailConfirmedAt: LONG_AGO,
    ...values,
  });
  await db
    .insert(users)
    .values([
      user("confirmed"),
      user("unconfirmed-old", { emailConfirmedAt: null, createdAt: justBefore(SEVEN_DAYS_AGO) }),
      user("unconfirmed-recent", { emailConfirmedAt: null, createdAt: at(SEVEN_DAYS_AGO) }),
      user("unconfirmed-staff", { emailConfirmedAt: null, role: "gestionnaire" }),
      user("unconfirmed-with-order", { emailConfirmedAt: null }),
    ]);
  const future = new Date("2026-11-23T12:00:00Z");
  await db.insert(oneTimeTokens).values([
    { id: 1, userId: "unconfirmed-old", purpose: "email_confirmation", tokenHash: "token-old", expiresAt: future },
    {
      id: 2,
      userId: "unconfirmed-recent",
      purpose: "email_confirmation",
      tokenHash: "token-recent",
      expiresAt: future,
    },
  ]);
  await db.insert(sessions).values({ idHash: "session", userId: "confirmed", expiresAt: future });
  await db.insert(rateLimits).values({ key: "login:confirmed@example.ch", count: 3, windowEndsAt: LONG_AGO });

  const mail = (id: number, values: Partial<typeof mailOutbox.$inferInsert>) => ({
    id,
    toAddress: "lea@example.ch",
    template: "orders/confirmation",
    locale: "fr",
    data: { firstName: "Léa" },
    subject: "Votre réservation JM-ABC234",
    html: "<p>Bonjour Léa</p>",
    text: "Bonjour Léa",
    status: "sent" as const,
    attempts: 1,
    createdAt: LONG_AGO,
    ...values,
  });
  await db.insert(mailOutbox).values([
    mail(1, { sentAt: justBefore(THIRTY_DAYS_AGO), providerMessageId: "msg-1" }),
    mail(2, { sentAt: at(THIRTY_DAYS_AGO) }),
    mail(3, { status: "failed", attempts: 8, lastError: "rejected" }),
    mail(4, { status: "pending", nextAttemptAt: LONG_AGO }),
    // Already cleared by an account's erasure, under that erasure's own placeholder.
    mail(5, {
      sentAt: LONG_AGO,
      toAddress: "erased-42@jetmalin.invalid",
      subject: ERASED_MAIL_SUBJECT,
      html: "",
      text: "",
      data: {},
    }),
  ]);

  await db.insert(notifications).values([
    { id: 1, userId: "confirmed", title: "t", message: "m", read: true, createdAt: justBefore(A_YEAR_AGO) },
    { id: 2, userId: "confirmed", title: "t", message: "m", read: true, createdAt: at(A_YEAR_AGO) },
    { id: 3, userId: "confirmed", title: "t", message: "m", read: false, createdAt: LONG_AGO },
  ]);

  await db.insert(syncRuns).values([
    { id: 1, trigger: "cron", status: "success", startedAt: justBefore(NINETY_DAYS_AGO) },
    { id: 2, trigger: "manual", triggeredBy: "confirmed", status: "error", startedAt: at(NINETY_DAYS_AGO) },
    { id: 3, trigger: "cron", status: "running", startedAt: LONG_AGO, leaseExpiresAt: LONG_AGO },
  ]);

  await db.insert(alertDeliveries).values([
    { id: 1, userId: "confirmed", flightId: "flight-last-year", alertedAt: justBefore(NINETY_DAYS_AGO) },
    { id: 2, userId: "confirmed", flightId: "flight-a-year-ago", alertedAt: at(NINETY_DAYS_AGO) },
    // Old, but its flight has not left: removing it would alert the pair again.
    { id: 3, userId: "confirmed", flightId: "flight-next-week", alertedAt: LONG_AGO },
  ]);

  const order = (id: string, flightId: string, values: Partial<typeof orders.$inferInsert> = {}) => ({
    id,
    flightId,
    userId: null,
    status: "completed" as const,
    amountCents: 150_000,
    seats: 2,
    customerInfo: customer("Léa"),
    passengers: ["Léa Muller", "Marc Muller"],
    linkKeyHash: `hash-${id}`,
    reference: `JM-${id}`,
    clientKey: "network-key",
    createdAt: LONG_AGO,
    updatedAt: LONG_AGO,
    ...values,
  });
  await db
    .insert(orders)
    .values([
      order("anon-2015", "flight-2015", { customerInfo: customer("Léa", "FR"), passengers: ["Léa Muller", ""] }),
      order("anon-2016", "flight-2016"),
      order("account-2015", "flight-2015", { userId: "confirmed" }),
      order("last-year", "flight-last-year", { userId: "confirmed" }),
      order("a-year-ago", "flight-a-year-ago"),
      order("next-week", "flight-next-week", { userId: "unconfirmed-with-order", status: "pending" }),
    ]);
  await db.insert(orderLinks).values([
    { linkKeyHash: "link-2015", orderId: "anon-2015" },
    { linkKeyHash: "link-last-year", orderId: "last-year" },
    { linkKeyHash: "link-a-year-ago", orderId: "a-year-ago" },
    { linkKeyHash: "link-next-week", orderId: "next-week" },
  ]);

  const exclusive = (id: string, createdAt: Date) => ({
    id,
    exclusiveFlightId: "gva-lftz",
    ...customer("Léa"),
    idempotencyKey: id,
    createdAt,
  });
  await db
    .insert(exclusiveRequests)
    .values([exclusive("ex-old", justBefore(TWO_YEARS_AGO)), exclusive("ex-kept", at(TWO_YEARS_AGO))]);
  const custom = (id: string, createdAt: Date) => ({
    id,
    departure: "Genève",
    arrival: "Olbia",
    date: "2027-06-01",
    passengers: 2,
    firstName: "Léa",
    lastName: "Muller",
    email: "lea@example.ch",
    phone: "+41 79 123 45 67",
    idempotencyKey: id,
    status: "handled" as const,
    createdAt,
  });
  await db
    .insert(customRequests)
    .values([custom("cu-old", justBefore(TWO_YEARS_AGO)), custom("cu-kept", at(TWO_YEARS_AGO))]);

  const subscriber = (id: number, values: Partial<typeof newsletterSubscribers.$inferInsert>) => ({
    id,
    email: `reader-${id}@example.ch`,
    unsubscribeTokenHash: `unsubscribe-${id}`,
    createdAt: LONG_AGO,
    ...values,
  });
  await db.insert(newsletterSubscribers).values([
    // Never confirmed.
    subscriber(1, {
      createdAt: justBefore(THIRTY_DAYS_AGO),
      confirmRequestedAt: justBefore(THIRTY_DAYS_AGO),
      confirmTokenHash: "c1",
    }),
    subscriber(2, {
      createdAt: new Date("2026-01-01T00:00:00Z"),
      confirmRequestedAt: at(THIRTY_DAYS_AGO),
      confirmTokenHash: "c2",
    }),
    // Subscribed for years: stays until unsubscribed.
    subscriber(3, { confirmRequestedAt: LONG_AGO, confirmedAt: LONG_AGO }),
    // Unsubscribed.
    subscriber(4, { confirmRequestedAt: LONG_AGO, confirmedAt: LONG_AGO, unsubscribedAt: justBefore(THIRTY_DAYS_AGO) }),
    subscriber(5, { confirmRequestedAt: LONG_AGO, confirmedAt: LONG_AGO, unsubscribedAt: at(THIRTY_DAYS_AGO) }),
    // Unsubscribed long ago, then asked again last week.
    subscriber(6, {
      confirmedAt: LONG_AGO,
      unsubscribedAt: LONG_AGO,
      confirmRequestedAt: new Date("2026-11-20T08:00:00Z"),
      confirmTokenHash: "c6",
    }),
  ]);

  const page = (id: string, orderId: string, createdAt: Date, status = "captured") => ({
    id,
    orderId,
    paymentIntentId: `pi-${id}`,
    amountCents: 150_000,
    currency: "eur",
    description: "JM-test",
    status,
    successUrl: "http://localhost/ok",
    cancelUrl: "http://localhost/cancel",
    expiresAt: createdAt,
    createdAt,
  });
  await db
    .insert(devPaymentSessions)
    .values([
      page("page-settled-old", "last-year", justBefore(THIRTY_DAYS_AGO)),
      page("page-settled-recent", "a-year-ago", at(THIRTY_DAYS_AGO)),
      page("page-under-way", "next-week", LONG_AGO, "authorised"),
      page("page-orphan", "an-order-never-stored", LONG_AGO, "expired"),
    ]);
}
