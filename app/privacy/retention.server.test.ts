/**
 * The retention tasks on a real D1 (docs/privacy.md 'Retention'). One fixture holds, for
 * every rule, a row just past its limit, a row exactly at it and rows the rule must
 * spare; each test compares a snapshot of every table before and after a run, so a
 * task that touched anything else fails, and runs again to see that nothing moves.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { createTestD1 } from "#tests/d1";
import { createTestContext } from "#tests/context";
import { run } from "#tests/unit/remix";
import { loader as privacyPolicyLoader } from "#app/routes/privacy-policy";
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
import type { ContentDocument } from "#app/content/localized";
import { SUPPORTED_LANGUAGES } from "#app/i18n";
import { ANONYMISED_NAME, ANONYMISED_PASSENGER, ERASED_MAIL_SUBJECT } from "./privacy.queries.server";
import { RETENTION, formatRetentionPeriod, type RetentionRule } from "./retention-periods";
import { TASKS_BY_CRON, runScheduledTasks } from "#app/operations/tasks.server";
import {
  ANONYMISED_EMAIL,
  accountingCutoff,
  anonymiseOldAnonymousOrders,
  clearSentMailContent,
  deleteLapsedNewsletterSignUps,
  deleteOldAlertDeliveries,
  deleteOldDevPaymentSessions,
  deleteOldOrderLinks,
  deleteOldRequests,
  deleteOldSyncRuns,
  deleteReadNotifications,
  deleteUnconfirmedAccounts,
  RETENTION_TASKS,
  retentionCutoff,
} from "./retention.server";
import { CRONS } from "#app/operations/schedule";

let d1: D1Database;
let db: Db;
let dispose: () => Promise<void>;
beforeAll(async () => {
  ({ d1, db, dispose } = await createTestD1());
});
afterAll(() => dispose());

/** The fixed clock: 13:00 in Zurich (CET), a month after the end of summer time. */
const NOW = new Date("2026-11-22T12:00:00Z");
// Each limit worked out by hand, in Zurich calendar time:
/** 30 days before: 23 October 2026, 13:00 in Zurich, still summer time (UTC+2). */
const THIRTY_DAYS_AGO = "2026-10-23T11:00:00.000Z";
/** 90 days before: 24 August 2026, 13:00 summer time. */
const NINETY_DAYS_AGO = "2026-08-24T11:00:00.000Z";
/** 7 days before: 15 November 2026, 13:00 winter time. */
const SEVEN_DAYS_AGO = "2026-11-15T12:00:00.000Z";
/** 12 months, or 1 year, before: 22 November 2025, 13:00 winter time. */
const A_YEAR_AGO = "2025-11-22T12:00:00.000Z";
/** 2 years before. */
const TWO_YEARS_AGO = "2024-11-22T12:00:00.000Z";
/** It is 2026: flights of 2015 are past the 10 years after their year's end; 2016 is not. New Year 2016 in Zurich (UTC+1). */
const START_OF_2016_IN_ZURICH = "2015-12-31T23:00:00.000Z";

/** At the limit: kept (a rule removes what is older). */
const at = (iso: string) => new Date(iso);
/** One millisecond older than the limit: removed. */
const justBefore = (iso: string) => new Date(Date.parse(iso) - 1);
const LONG_AGO = new Date("2020-01-01T12:00:00Z");

const customer = (firstName: string, country = "CH") => ({
  firstName,
  lastName: "Muller",
  email: `${firstName.toLowerCase()}@example.ch`,
  phone: "+41 79 123 45 67",
  address: "Rue du Rhône 1",
  zipCode: "1204",
  city: "Genève",
  country,
});

async function seed() {
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
    accessKeyHash: `hash-${id}`,
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
    { keyHash: "link-2015", orderId: "anon-2015" },
    { keyHash: "link-last-year", orderId: "last-year" },
    { keyHash: "link-a-year-ago", orderId: "a-year-ago" },
    { keyHash: "link-next-week", orderId: "next-week" },
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

/** Every table's rows, by primary key, as SQLite stores them. */
type Snapshot = Record<string, Map<string, Record<string, unknown>>>;

async function tableNames() {
  const { results } = await d1
    .prepare(
      "select name from sqlite_master where type = 'table' and name not like 'sqlite_%' and name not like '\\_cf\\_%' escape '\\' order by name",
    )
    .all<{ name: string }>();
  return results.map((row) => row.name);
}

async function snapshot(): Promise<Snapshot> {
  const tables: Snapshot = {};
  for (const table of await tableNames()) {
    const { results: columns } = await d1
      .prepare(`select name, pk from pragma_table_info('${table}')`)
      .all<{ name: string; pk: number }>();
    const keys = columns
      .filter((column) => column.pk > 0)
      .sort((a, b) => a.pk - b.pk)
      .map((column) => column.name);
    const { results } = await d1.prepare(`select * from "${table}"`).all<Record<string, unknown>>();
    tables[table] = new Map(results.map((row) => [keys.map((key) => String(row[key])).join("|"), row]));
  }
  return tables;
}

type TableChanges = { deleted?: string[]; inserted?: string[]; updated?: Record<string, Record<string, unknown>> };

/** What `run` changed in the whole database: rows deleted, inserted, and the new values of updated columns. */
async function changesMadeBy(run: () => Promise<unknown>): Promise<Record<string, TableChanges>> {
  const before = await snapshot();
  await run();
  const after = await snapshot();
  const changes: Record<string, TableChanges> = {};
  for (const [table, rows] of Object.entries(after)) {
    const old = before[table]!;
    const deleted = [...old.keys()].filter((key) => !rows.has(key));
    const inserted = [...rows.keys()].filter((key) => !old.has(key));
    const updated: Record<string, Record<string, unknown>> = {};
    for (const [key, row] of rows) {
      const previous = old.get(key);
      if (!previous) continue;
      const moved = Object.entries(row).filter(([column, value]) => previous[column] !== value);
      if (moved.length > 0) updated[key] = Object.fromEntries(moved);
    }
    const tableChanges: TableChanges = {
      ...(deleted.length > 0 && { deleted }),
      ...(inserted.length > 0 && { inserted }),
      ...(Object.keys(updated).length > 0 && { updated }),
    };
    if (Object.keys(tableChanges).length > 0) changes[table] = tableChanges;
  }
  return changes;
}

async function wipe() {
  // Children first: orders take their events and links, users and flights the rest of theirs.
  const tables = (await tableNames()).filter((name) => name !== "orders" && name !== "airports");
  await d1.batch(["orders", ...tables, "airports"].map((table) => d1.prepare(`delete from "${table}"`)));
}

beforeEach(async () => {
  await wipe();
  await seed();
});

/**
 * Runs a task twice: what the first run changed and reported, after checking that the
 * second run changes nothing and reports nothing.
 */
async function twice(task: (db: Db, now: Date) => Promise<Record<string, number>>) {
  let counts: Record<string, number> = {};
  const changes = await changesMadeBy(async () => (counts = await task(db, NOW)));
  let again: Record<string, number> = {};
  expect(await changesMadeBy(async () => (again = await task(db, NOW)))).toEqual({});
  expect(Object.values(again)).toEqual(Object.values(counts).map(() => 0));
  return { counts, changes };
}

describe("the limits are counted in Zurich calendar time", () => {
  it("30 days back from a day between the European and the American end of summer time", () => {
    // 28 October 2026, 13:00 in Zurich (winter time); 30 days earlier, 13:00 was 11:00 UTC
    // (summer time). New York, where the tests run, still had summer time on both days.
    expect(retentionCutoff(new Date("2026-10-28T12:00:00Z"), { days: 30 })).toEqual(new Date("2026-09-28T11:00:00Z"));
  });

  it("the accounting period ends with the Zurich year: at New Year in Zurich, not in UTC", () => {
    expect(accountingCutoff(new Date("2026-12-31T22:59:59Z"))).toEqual(new Date(START_OF_2016_IN_ZURICH));
    // 1 January 2027, 00:00 in Zurich: a year later.
    expect(accountingCutoff(new Date("2026-12-31T23:00:00Z"))).toEqual(new Date("2016-12-31T23:00:00Z"));
  });
});

describe("retention tasks: each removes what is past its limit, nothing else, and a second run changes nothing", () => {
  it("sent mails after 30 days keep their template, status and dates; the recipient, subject, bodies and data are cleared", async () => {
    expect(await twice(clearSentMailContent)).toEqual({
      counts: { mails: 1 },
      changes: {
        mail_outbox: {
          updated: {
            "1": { to_address: ANONYMISED_EMAIL, subject: ERASED_MAIL_SUBJECT, html: "", text: "", data: "{}" },
          },
        },
      },
    });
  });

  it("read notifications after 12 months; unread ones stay", async () => {
    expect(await twice(deleteReadNotifications)).toEqual({
      counts: { notifications: 1 },
      changes: { notifications: { deleted: ["1"] } },
    });
  });

  it("finished sync runs after 90 days; a running one stays", async () => {
    expect(await twice(deleteOldSyncRuns)).toEqual({
      counts: { syncRuns: 1 },
      changes: { sync_runs: { deleted: ["1"] } },
    });
  });

  it("alert deliveries after 90 days, once their flight has left", async () => {
    expect(await twice(deleteOldAlertDeliveries)).toEqual({
      counts: { alertDeliveries: 1 },
      changes: { alert_deliveries: { deleted: ["1"] } },
    });
  });

  it("customer accounts never confirmed after 7 days, with their tokens; staff and accounts with an order stay", async () => {
    expect(await twice(deleteUnconfirmedAccounts)).toEqual({
      counts: { accounts: 1 },
      changes: { users: { deleted: ["unconfirmed-old"] }, one_time_tokens: { deleted: ["1"] } },
    });
  });

  it("the links of orders whose flight left more than a year ago", async () => {
    expect(await twice(deleteOldOrderLinks)).toEqual({
      counts: { orderLinks: 2 },
      changes: { order_links: { deleted: ["link-2015", "link-last-year"] } },
    });
  });

  it("anonymous orders of a flight whose year ended more than 10 years ago are anonymised; amounts, flight and dates stay", async () => {
    const { counts, changes } = await twice(anonymiseOldAnonymousOrders);
    expect(counts).toEqual({ orders: 1 });
    expect(changes).toEqual({
      orders: {
        updated: {
          "anon-2015": {
            customer_info: JSON.stringify({
              firstName: ANONYMISED_NAME.firstName,
              lastName: ANONYMISED_NAME.lastName,
              email: ANONYMISED_EMAIL,
              phone: "",
              address: "",
              zipCode: "",
              city: "",
              country: "FR",
            }),
            passengers: JSON.stringify([ANONYMISED_PASSENGER, ""]),
            client_key: null,
            updated_at: NOW.getTime(),
          },
        },
      },
    });
  });

  it("exclusive and made-to-measure requests after 2 years", async () => {
    expect(await twice(deleteOldRequests)).toEqual({
      counts: { exclusiveRequests: 1, customRequests: 1 },
      changes: { exclusive_requests: { deleted: ["ex-old"] }, custom_requests: { deleted: ["cu-old"] } },
    });
  });

  it("newsletter addresses never confirmed or unsubscribed, 30 days after the last request or the unsubscription", async () => {
    expect(await twice(deleteLapsedNewsletterSignUps)).toEqual({
      counts: { newsletterSubscribers: 2 },
      changes: { newsletter_subscribers: { deleted: ["1", "4"] } },
    });
  });

  it("the payment simulator's pages after 30 days, once their order is settled or gone", async () => {
    expect(await twice(deleteOldDevPaymentSessions)).toEqual({
      counts: { devPaymentSessions: 2 },
      changes: { dev_payment_sessions: { deleted: ["page-settled-old", "page-orphan"] } },
    });
  });
});

describe("the daily retention cron", () => {
  it("runs every rule, and a second run the same day changes nothing", async () => {
    vi.spyOn(console, "log").mockImplementation(() => {});
    const context = createTestContext({ d1, now: NOW });
    const run = () => runScheduledTasks(CRONS.dailyRetention, context);
    const changes = await changesMadeBy(run);
    expect(Object.keys(changes).sort()).toEqual([
      "alert_deliveries",
      "custom_requests",
      "dev_payment_sessions",
      "exclusive_requests",
      "mail_outbox",
      "newsletter_subscribers",
      "notifications",
      "one_time_tokens",
      "order_links",
      "orders",
      "sync_runs",
      "users",
    ]);
    expect(changes.order_links).toEqual({ deleted: ["link-2015", "link-last-year"] });
    expect(changes.users).toEqual({ deleted: ["unconfirmed-old"] });
    expect(await changesMadeBy(run)).toEqual({});
  });
});

describe("one list of periods: docs/privacy.md's table and the privacy policy say what the tasks do", () => {
  const docs = readFileSync(join(import.meta.dirname, "../../docs/privacy.md"), "utf8");
  const section = docs.slice(docs.indexOf("\n## Retention\n")).split(/\n## /)[1] ?? "";
  const rows = section
    .split("\n")
    .filter((line) => line.startsWith("| ") && !line.startsWith("| ---") && !line.startsWith("| What |"));
  /** The table's 'Task (cron)' cells: `name` (how often). */
  const namedTasks = rows.flatMap((row) =>
    [...row.matchAll(/`([a-z-]+)` \(([^)]+)\)/g)].map(([, name, often]) => ({ name: name!, often: often! })),
  );
  const OFTEN: Record<string, string> = {
    [CRONS.everyFiveMinutes]: "every 5 minutes",
    [CRONS.dailyRetention]: "daily",
  };

  it("every rule has its task", () => {
    expect(RETENTION_TASKS.map((task) => task.rule).sort()).toEqual(Object.keys(RETENTION).sort());
  });

  it.each(RETENTION_TASKS.map((task) => [task.name, task.rule] as const))(
    "the table has %s with its period",
    (name, rule) => {
      const row = rows.find((line) => line.includes(`\`${name}\``));
      expect(row).toContain(formatRetentionPeriod(RETENTION[rule], "en"));
    },
  );

  it("every task the table names runs, in the cron the table says", () => {
    expect(namedTasks.length).toBeGreaterThan(RETENTION_TASKS.length);
    for (const { name, often } of namedTasks) {
      const cron = Object.entries(TASKS_BY_CRON).find(([, tasks]) => tasks.some((task) => task.name === name))?.[0];
      expect(cron && OFTEN[cron], name).toBe(often);
    }
  });

  // The simulator's pages exist only locally; sync runs name staff, not customers.
  const policyRules = (Object.keys(RETENTION) as RetentionRule[]).filter(
    (rule) => rule !== "devPaymentSessions" && rule !== "syncRuns",
  );
  const RETENTION_HEADINGS = { fr: "Durée de conservation", en: "Retention", de: "Aufbewahrungsdauer" };

  /** The sections /privacy-policy shows a visitor reading `language`. */
  async function policySections(language: string) {
    const request = new Request("http://localhost/privacy-policy", { headers: { "Accept-Language": language } });
    const { status, body } = await run(privacyPolicyLoader, request, createTestContext({ d1, now: NOW }));
    expect(status).toBe(200);
    return (body as { document: ContentDocument }).document.sections;
  }

  it.each(SUPPORTED_LANGUAGES)("the privacy policy (%s) states every period of customers' data", async (language) => {
    const retention = (await policySections(language)).find(
      (section) => section.heading === RETENTION_HEADINGS[language],
    );
    const text = retention?.paragraphs.join("\n") ?? "";
    for (const rule of policyRules) expect(text, rule).toContain(formatRetentionPeriod(RETENTION[rule], language));
  });

  it("the French policy reads as a person would write it", async () => {
    const retention = (await policySections("fr")).find((section) => section.heading === "Durée de conservation")!;
    // Intl puts a no-break space between a number and its unit.
    const paragraphs = retention.paragraphs.map((paragraph) => paragraph.replaceAll("\u00a0", " "));
    expect(paragraphs[0]).toMatch(/^Réservations : 10 ans après la fin de l'année du vol/);
    expect(paragraphs).toContain(
      "Emails envoyés : 30 jours ; ensuite, leur contenu et l'adresse du destinataire sont effacés.",
    );
  });
});
