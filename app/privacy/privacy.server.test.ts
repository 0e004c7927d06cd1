/**
 * A person's rights on a real D1 (docs/privacy.md 'Droits des personnes'): the export
 * holds the person's data and nobody else's; the erasure leaves none of their personal
 * fields in any column of any table, keeps the orders' totals, and respects the
 * last-admin rule. Each test starts from the same two customers (Zéphyrine and Barnabé).
 */
import type { AppLoadContext } from "@remix-run/cloudflare";
import { count, eq, type SQL } from "drizzle-orm";
import type { SQLiteTable } from "drizzle-orm/sqlite-core";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { parseCsv } from "#tests/csv";
import { createTestContext, failingTransport, recordingTransport } from "#tests/context";
import { createTestD1 } from "#tests/d1";
import {
  airports,
  alertDeliveries,
  customRequests,
  exclusiveRequests,
  favorites,
  flightLogs,
  flights,
  mailOutbox,
  newsletterSubscribers,
  alertWatches,
  notifications,
  oneTimeTokens,
  orderEvents,
  orderLinks,
  orders,
  rateLimits,
  sessions,
  users,
  waitlist,
  type CustomerInfo,
} from "#app/db/schema";
import { hashPassword } from "#app/accounts/password.server";
import { changeUser } from "#app/accounts/admin-users.server";
import { ordersCsvStream } from "#app/orders/orders-export.server";
import { deleteOwnAccount, eraseUser, exportUserData } from "./privacy.server";

const NOW = new Date("2026-11-23T09:00:00Z");
const PAST = new Date("2026-10-01T08:00:00Z");
const FUTURE = new Date("2026-12-20T08:00:00Z");
const PASSWORD = "Quenouille-2026";
const IP = "203.0.113.50";

/** Everything personal about each customer: what the scans look for. */
const ZEPHYRINE = {
  id: "user-zephyrine",
  firstName: "Zéphyrine",
  lastName: "Quenouillard",
  email: "zephyrine.q@example.ch",
  phone: "+41 79 555 01 23",
  address: "12 chemin des Quenouilles",
  zipCode: "CH-4077",
  city: "Quenouilleville",
  passengers: ["Anatole Pamplemousse", "Hippolyte Tournesol"],
  newsletterIp: "198.51.100.77",
};
const BARNABE = {
  id: "user-barnabe",
  firstName: "Barnabé",
  lastName: "Ostrogoth",
  email: "barnabe.o@example.ch",
  phone: "+41 79 555 09 87",
  address: "3 rue des Ostrogoths",
  zipCode: "CH-8088",
  city: "Gothenbourg",
  passengers: ["Clothilde Barbapapa"],
  newsletterIp: "198.51.100.88",
};
type Person = typeof ZEPHYRINE;
const needlesOf = (person: Person) => [
  person.id,
  person.firstName,
  person.lastName,
  person.email,
  person.phone,
  person.address,
  person.zipCode,
  person.city,
  person.newsletterIp,
  ...person.passengers,
];

let d1: D1Database;
let dispose: () => Promise<void>;
let transport: ReturnType<typeof recordingTransport>;
let context: AppLoadContext;
let passwordHash: string;

const customerOf = (person: Person, email = person.email): CustomerInfo => ({
  firstName: person.firstName,
  lastName: person.lastName,
  email,
  phone: person.phone,
  address: person.address,
  zipCode: person.zipCode,
  city: person.city,
  country: "Suisse",
});

beforeAll(async () => {
  ({ d1, dispose } = await createTestD1());
  passwordHash = await hashPassword(PASSWORD);
});
afterAll(() => dispose());

/** Tables with foreign keys, children first; the others (no foreign key) are emptied before them. */
const CHILDREN_FIRST = [
  "order_events",
  "order_links",
  "favorites",
  "notifications",
  "alert_watches",
  "alert_deliveries",
  "sessions",
  "one_time_tokens",
  "flight_logs",
  "sync_runs",
  "exclusive_requests",
  "custom_requests",
  "orders",
  "flights",
  "airports",
  "users",
];

beforeEach(async () => {
  const names = (await allTables()).filter((name) => !CHILDREN_FIRST.includes(name));
  await d1.batch([...names, ...CHILDREN_FIRST].map((name) => d1.prepare(`delete from "${name}"`)));
  transport = recordingTransport();
  context = createTestContext({ d1, now: NOW, transport });
  await seed(context);
});

/** Every table of the database, whoever added it. */
async function allTables() {
  const tables = await d1
    .prepare(
      "select name from sqlite_master where type = 'table' and name not like 'sqlite_%' and name not like '_cf_%'",
    )
    .all<{ name: string }>();
  return tables.results.map((table) => table.name);
}

async function seed({ db }: AppLoadContext) {
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
  const placed = (minutesAgo: number) => new Date(NOW.getTime() - minutesAgo * 60_000);
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
      accessKeyHash: "key-z1",
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
      accessKeyHash: "key-z2",
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
      accessKeyHash: "key-b1",
      clientKey: "net-b",
      createdAt: placed(100),
    },
  ]);
  await db.insert(orderLinks).values([
    { keyHash: "link-z1", orderId: "o-z1" },
    { keyHash: "link-b1", orderId: "o-b1" },
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
  const tomorrow = new Date(NOW.getTime() + 86_400_000);
  await db.insert(sessions).values([
    { idHash: "session-z1", userId: ZEPHYRINE.id, expiresAt: tomorrow },
    { idHash: "session-z2", userId: ZEPHYRINE.id, expiresAt: tomorrow },
    { idHash: "session-b1", userId: BARNABE.id, expiresAt: tomorrow },
    { idHash: "session-boss", userId: "boss", expiresAt: tomorrow },
  ]);
  await db
    .insert(oneTimeTokens)
    .values({ userId: ZEPHYRINE.id, purpose: "password_reset", tokenHash: "token-z", expiresAt: tomorrow });
  await db.insert(newsletterSubscribers).values([
    {
      email: ZEPHYRINE.email,
      unsubscribeTokenHash: "unsub-z",
      confirmedAt: placed(400),
      requestedFromIp: ZEPHYRINE.newsletterIp,
      confirmedFromIp: ZEPHYRINE.newsletterIp,
    },
    {
      email: BARNABE.email,
      unsubscribeTokenHash: "unsub-b",
      confirmedAt: placed(400),
      requestedFromIp: BARNABE.newsletterIp,
    },
  ]);
  await db.insert(rateLimits).values([
    { key: `login:email:${ZEPHYRINE.email}`, count: 2, windowEndsAt: tomorrow },
    { key: `reset:hour:email:${ZEPHYRINE.email}`, count: 1, windowEndsAt: tomorrow },
    { key: `login:email:${BARNABE.email}`, count: 1, windowEndsAt: tomorrow },
  ]);
  await db.insert(exclusiveRequests).values([
    {
      id: "x-z",
      exclusiveFlightId: "gva-stt-1",
      userId: ZEPHYRINE.id,
      firstName: ZEPHYRINE.firstName,
      lastName: ZEPHYRINE.lastName,
      email: ZEPHYRINE.email,
      phone: ZEPHYRINE.phone,
      address: ZEPHYRINE.address,
      zipCode: ZEPHYRINE.zipCode,
      city: ZEPHYRINE.city,
      country: "Suisse",
      message: `Pour ${ZEPHYRINE.passengers[0]}`,
      idempotencyKey: "idem-x-z",
    },
    {
      id: "x-b",
      exclusiveFlightId: "gva-stt-1",
      firstName: BARNABE.firstName,
      lastName: BARNABE.lastName,
      email: BARNABE.email,
      phone: BARNABE.phone,
      address: BARNABE.address,
      zipCode: BARNABE.zipCode,
      city: BARNABE.city,
      country: "Suisse",
      idempotencyKey: "idem-x-b",
    },
  ]);
  // A made-to-measure request sent signed out, the address typed in capitals.
  await db.insert(customRequests).values({
    id: "c-z",
    departure: "Genève",
    arrival: "Nice",
    date: "2027-01-10",
    passengers: 2,
    firstName: ZEPHYRINE.firstName,
    lastName: ZEPHYRINE.lastName,
    email: ZEPHYRINE.email.toUpperCase(),
    phone: ZEPHYRINE.phone,
    idempotencyKey: "idem-c-z",
  });
  const mail = (toAddress: string, template: string, data: Record<string, unknown>, status: "sent" | "pending") => ({
    toAddress,
    template,
    locale: "fr",
    data,
    subject: `${template} ${JSON.stringify(data)}`,
    html: `<p>${JSON.stringify(data)}</p>`,
    text: JSON.stringify(data),
    status,
    sentAt: status === "sent" ? placed(250) : null,
  });
  await db.insert(mailOutbox).values([
    mail(
      ZEPHYRINE.email,
      "orders/placed",
      { firstName: ZEPHYRINE.firstName, reference: "JM-ZZZ111", passengers: ZEPHYRINE.passengers },
      "sent",
    ),
    mail(ZEPHYRINE.email, "orders/cancelled", { firstName: ZEPHYRINE.firstName, reference: "JM-ZZZ222" }, "pending"),
    // Staff mails: about her order (found by its reference), and about her request (found by her address).
    mail(
      "reservations@jetmalin.test",
      "orders/staff-placed",
      {
        reference: "JM-ZZZ111",
        customer: { firstName: ZEPHYRINE.firstName, lastName: ZEPHYRINE.lastName, phone: ZEPHYRINE.phone },
      },
      "sent",
    ),
    mail(
      "reservations@jetmalin.test",
      "catalogue/custom-request-staff",
      { firstName: ZEPHYRINE.firstName, email: ZEPHYRINE.email.toUpperCase() },
      "sent",
    ),
    mail(
      BARNABE.email,
      "orders/placed",
      { firstName: BARNABE.firstName, reference: "JM-BBB111", passengers: BARNABE.passengers },
      "sent",
    ),
  ]);
  await db.insert(flightLogs).values({
    flightId: "f-past",
    flightLabel: "Genève → Nice",
    action: "UPDATE",
    changedFields: ["seats_held"],
    actor: "customer",
    changedBy: ZEPHYRINE.id,
    changedAt: placed(300),
  });
}

/**
 * Every "table.column: needle" where a column of a table holds one of `needles`
 * (case-insensitive), over every column of every table of the database, read from
 * SQLite's own catalogue so a table or column added later is scanned too. One batch.
 */
async function findEverywhere(needles: string[]) {
  const columns = await d1
    .prepare(
      `select m.name as tableName, p.name as columnName from sqlite_master m join pragma_table_info(m.name) p
       where m.type = 'table' and m.name not like 'sqlite_%' and m.name not like '_cf_%' order by m.name, p.cid`,
    )
    .all<{ tableName: string; columnName: string }>();
  const results = await d1.batch<{ needle: string }>(
    columns.results.map(({ tableName, columnName }) =>
      d1
        .prepare(
          `select distinct n.value as needle from "${tableName}" t, json_each(?) n where instr(lower(cast(t."${columnName}" as text)), lower(n.value)) > 0`,
        )
        .bind(JSON.stringify(needles)),
    ),
  );
  return results.flatMap((result, i) =>
    result.results.map(({ needle }) => `${columns.results[i]!.tableName}.${columns.results[i]!.columnName}: ${needle}`),
  );
}
const tablesOf = (hits: string[]) => [...new Set(hits.map((hit) => hit.split(".")[0]))].sort();

/** The orders CSV as the back-office exports it: rows (header dropped) and the sum of the 'Montant' column in cents. */
async function ordersCsv() {
  const text = new TextDecoder().decode(
    await new Response(ordersCsvStream(context, { status: null, search: "" })).arrayBuffer(),
  );
  // Semicolons and a decimal comma, for French-locale Excel (decision 026).
  const [header, ...rows] = parseCsv(text.replace(/^\uFEFF/, ""), ";");
  const amount = header!.indexOf("Montant");
  return {
    rows,
    totalCents: rows.reduce((sum, row) => sum + Math.round(Number(row[amount]!.replace(",", ".")) * 100), 0),
  };
}

const countOf = async (table: SQLiteTable, where?: SQL) =>
  (await context.db.select({ n: count() }).from(table).where(where))[0]!.n;

describe("exportUserData", () => {
  it("holds the person's profile, orders with passengers, favourites, notifications, alerts, requests and consents", async () => {
    const data = (await exportUserData(context, ZEPHYRINE.id))!;
    expect(data.profile).toMatchObject({
      id: ZEPHYRINE.id,
      email: ZEPHYRINE.email,
      firstName: "Zéphyrine",
      lastName: "Quenouillard",
      phone: ZEPHYRINE.phone,
      language: "de",
    });
    expect(data.profile).not.toHaveProperty("passwordHash");
    // Her account's order and her guest order, newest first, with what the books and the operator know.
    expect(
      data.orders.map((order) => [order.reference, order.amountCents, order.placedWithAccount, order.passengers]),
    ).toEqual([
      ["JM-ZZZ222", 50_000, false, ["Hippolyte Tournesol"]],
      ["JM-ZZZ111", 123_450, true, ["Anatole Pamplemousse", "Hippolyte Tournesol"]],
    ]);
    expect(data.orders[1]).toMatchObject({
      customerInfo: { address: ZEPHYRINE.address, city: ZEPHYRINE.city },
      flight: { from: "Genève", to: "Nice", departureDate: PAST.toISOString() },
    });
    expect(data.favorites.map((favorite) => favorite.flightId).sort()).toEqual(["f-future", "f-past"]);
    expect(data.waitlist).toEqual([
      expect.objectContaining({ flightId: "f-future", from: "Genève", to: "Nice", notifiedAt: null }),
    ]);
    expect(data.notifications.map((notification) => notification.title)).toEqual(["Nouveau vol Genève → Nice"]);
    expect(data.alertPreferences.watches.map((row) => [row.fromValue, row.toValue, row.windowDays])).toEqual([
      ["Switzerland", null, 7],
      ["Genève", "France", 30],
    ]);
    expect(data.alertPreferences.alertsSent.map((row) => row.flightId)).toEqual(["f-future"]);
    expect(data.sessions).toHaveLength(2);
    expect(data.requests.exclusive.map((request) => request.id)).toEqual(["x-z"]);
    expect(data.requests.custom.map((request) => request.id)).toEqual(["c-z"]);
    expect(data.consents.newsletter).toMatchObject({
      email: ZEPHYRINE.email,
      subscribed: true,
      confirmedFromIp: ZEPHYRINE.newsletterIp,
    });
    // The cookie choice lives in the browser: the file says so, in her language.
    expect(data.consents.cookies).toEqual({ storedServerSide: false, note: expect.stringContaining("jm_consent") });
    expect(data.consents.cookies.note).toContain("Browsers");
    expect(data.mails.map((mail) => mail.template).sort()).toEqual(["orders/cancelled", "orders/placed"]);
    // JSON through and through: what the file holds is exactly this object.
    expect(JSON.parse(JSON.stringify(data))).toEqual(data);
  });

  it("holds nothing of anyone else, nor any secret", async () => {
    const zephyrine = JSON.stringify(await exportUserData(context, ZEPHYRINE.id));
    const barnabe = JSON.stringify(await exportUserData(context, BARNABE.id));
    const others = (text: string, person: Person, references: string[]) =>
      [...needlesOf(person), ...references].filter((needle) => text.toLowerCase().includes(needle.toLowerCase()));
    expect(others(zephyrine, BARNABE, ["JM-BBB111", "o-b1", "Italy", "Vol pour Barnabé"])).toEqual([]);
    expect(others(barnabe, ZEPHYRINE, ["JM-ZZZ111", "JM-ZZZ222", "x-z", "Nouveau vol Genève"])).toEqual([]);
    // Each file does hold its own person: the check above can fail.
    expect(others(barnabe, BARNABE, ["JM-BBB111"]).length).toBeGreaterThan(5);
    for (const secret of [passwordHash, "session-z1", "key-z1", "link-z1", "net-z", "token-z", "unsub-z"])
      expect(zephyrine).not.toContain(secret);
  });

  it("is null for an unknown account", async () => {
    expect(await exportUserData(context, "nobody")).toBeNull();
  });
});

describe("eraseUser", () => {
  it("leaves none of the person's personal fields in any column of any table, and sends the last mail first", async () => {
    const before = await findEverywhere(needlesOf(ZEPHYRINE));
    // The scan sees her everywhere she was, so an empty scan afterwards means something.
    expect(tablesOf(before)).toEqual([
      "alert_deliveries",
      "alert_watches",
      "custom_requests",
      "exclusive_requests",
      "favorites",
      "flight_logs",
      "mail_outbox",
      "newsletter_subscribers",
      "notifications",
      "one_time_tokens",
      "orders",
      "rate_limits",
      "sessions",
      "users",
      "waitlist",
    ]);

    expect(await eraseUser(context, { userId: ZEPHYRINE.id, by: "self" })).toEqual({ ok: true });

    expect(await findEverywhere(needlesOf(ZEPHYRINE))).toEqual([]);
    // The last mail left before, to her address, in her language.
    expect(transport.sent.map((mail) => [mail.to, mail.subject])).toEqual([
      [ZEPHYRINE.email, "Ihr Konto wurde gelöscht – JetMalin"],
    ]);
    expect(transport.sent[0]!.text).toContain("Guten Tag Zéphyrine,");
    expect(transport.sent[0]!.text).toContain("Wie von Ihnen gewünscht");
    // Barnabé is untouched.
    expect(tablesOf(await findEverywhere(needlesOf(BARNABE)))).toEqual([
      "alert_deliveries",
      "alert_watches",
      "exclusive_requests",
      "favorites",
      "mail_outbox",
      "newsletter_subscribers",
      "notifications",
      "orders",
      "rate_limits",
      "sessions",
      "users",
      "waitlist",
    ]);
    expect(await countOf(favorites, eq(favorites.userId, BARNABE.id))).toBe(1);
    expect(await countOf(sessions)).toBe(2);
  });

  it("keeps her orders, anonymised, so the orders CSV adds up the same", async () => {
    const before = await ordersCsv();
    // 1,234.50 + 500.00 + 999.00 EUR, computed by hand.
    expect(before.totalCents).toBe(273_350);
    expect(await eraseUser(context, { userId: ZEPHYRINE.id, by: "self" })).toEqual({ ok: true });
    const after = await ordersCsv();
    expect(after.totalCents).toBe(before.totalCents);
    expect(after.rows.map((row) => [row[0], row[5], row[6], row[7]])).toEqual(
      before.rows.map((row) => [row[0], row[5], row[6], row[7]]),
    );
    const client = (rows: string[][], id: string) => rows.find((row) => row[0] === id)!.slice(2, 4);
    expect(client(after.rows, "o-z1")).toEqual([
      "Client anonymisé",
      expect.stringMatching(/^anonymised-[0-9a-f]{8}@invalid$/),
    ]);
    expect(client(after.rows, "o-b1")).toEqual(["Barnabé Ostrogoth", BARNABE.email]);

    const [kept] = await context.db.select().from(orders).where(eq(orders.id, "o-z1"));
    expect(kept).toMatchObject({
      flightId: "f-past",
      status: "completed",
      paymentState: "captured",
      amountCents: 123_450,
      seats: 2,
      reference: "JM-ZZZ111",
      userId: null,
      clientKey: null,
    });
    expect(kept!.passengers).toEqual(["Passager anonymisé", "Passager anonymisé"]);
    expect(kept!.customerInfo).toMatchObject({
      firstName: "Client",
      lastName: "anonymisé",
      phone: "",
      address: "",
      zipCode: "",
      city: "",
      country: "Suisse",
    });
    // Her links stop working; the order's history stays, with the staff member who made it.
    expect(kept!.accessKeyHash).not.toBe("key-z1");
    expect((await context.db.select().from(orderLinks)).map((link) => link.keyHash)).toEqual(["link-b1"]);
    expect(await context.db.select({ changedBy: orderEvents.changedBy }).from(orderEvents)).toEqual([
      { changedBy: "boss" },
    ]);
  });

  it("drops her undelivered mails and clears the delivered ones, but keeps a last mail that still waits for delivery", async () => {
    context = createTestContext({ d1, now: NOW, transport: failingTransport() });
    expect(await eraseUser(context, { userId: ZEPHYRINE.id, by: "self" })).toEqual({ ok: true });
    // Only the last mail, for its retries, still carries her address and name (docs/privacy.md says so).
    expect(tablesOf(await findEverywhere(needlesOf(ZEPHYRINE)))).toEqual(["mail_outbox"]);
    const stillHers = await d1
      .prepare(
        "select template, status, next_attempt_at is not null as retried from mail_outbox where to_address = ? or instr(text, ?) > 0",
      )
      .bind(ZEPHYRINE.email, ZEPHYRINE.firstName)
      .all();
    expect(stillHers.results).toEqual([{ template: "auth/account-deleted", status: "failed", retried: 1 }]);
    const rows = await context.db
      .select({ template: mailOutbox.template, status: mailOutbox.status, subject: mailOutbox.subject })
      .from(mailOutbox)
      .orderBy(mailOutbox.id);
    expect(
      rows.map((row) => `${row.template} ${row.status} ${row.subject.startsWith("[anonymisé]") ? "cleared" : "kept"}`),
    ).toEqual([
      "orders/placed sent cleared",
      "orders/staff-placed sent cleared",
      "catalogue/custom-request-staff sent cleared",
      "orders/placed sent kept",
      "auth/account-deleted failed kept",
    ]);
  });

  it("never erases the last admin, nor staff themselves from the tab; two admins erasing each other leave one", async () => {
    expect(await eraseUser(context, { userId: "boss", by: "self" })).toEqual({ ok: false, reason: "lastAdmin" });
    expect(await eraseUser(context, { userId: "boss", by: "boss" })).toEqual({ ok: false, reason: "self" });
    expect(await countOf(sessions, eq(sessions.userId, "boss"))).toBe(1);
    expect(transport.sent).toEqual([]);

    await context.db.insert(users).values({
      id: "boss-2",
      email: "boss2@jetmalin.test",
      passwordHash,
      firstName: "Bob",
      lastName: "Admin",
      role: "admin",
    });
    await context.db
      .insert(sessions)
      .values({ idHash: "session-boss-2", userId: "boss-2", expiresAt: new Date(NOW.getTime() + 86_400_000) });
    const outcomes = await Promise.all([
      eraseUser(context, { userId: "boss", by: "boss-2" }),
      eraseUser(context, { userId: "boss-2", by: "boss" }),
    ]);
    expect(outcomes.map((outcome) => (outcome.ok ? "erased" : outcome.reason)).sort()).toEqual(["erased", "lastAdmin"]);
    const admins = await context.db.select({ id: users.id }).from(users).where(eq(users.role, "admin"));
    expect(admins).toHaveLength(1);
    // The refused erasure changed nothing: the survivor is still signed in.
    expect(await countOf(sessions, eq(sessions.userId, admins[0]!.id))).toBe(1);
  });

  it("waits while an order is under way, changing nothing", async () => {
    await context.db
      .update(orders)
      .set({ status: "processing", paymentState: "authorised" })
      .where(eq(orders.id, "o-z2"));
    const before = await findEverywhere(needlesOf(ZEPHYRINE));
    expect(await eraseUser(context, { userId: ZEPHYRINE.id, by: "boss" })).toEqual({
      ok: false,
      reason: "activeOrders",
    });
    expect(await findEverywhere(needlesOf(ZEPHYRINE))).toEqual(before);
    expect(transport.sent).toEqual([]);
  });

  it("is the users tab's deletion: a staff erasure, said so in the last mail", async () => {
    expect(await changeUser(context, { intent: "delete", userId: ZEPHYRINE.id, actorId: "boss" })).toEqual({
      ok: true,
      done: "deleted",
      userId: null,
    });
    expect(transport.sent[0]!.text).toContain("Unser Team hat Ihr JetMalin-Konto gelöscht.");
    expect(await countOf(users, eq(users.id, ZEPHYRINE.id))).toBe(0);
    expect((await context.db.select({ id: orders.id }).from(orders)).map((order) => order.id).sort()).toEqual([
      "o-b1",
      "o-z1",
      "o-z2",
    ]);
    expect(await changeUser(context, { intent: "delete", userId: ZEPHYRINE.id, actorId: "boss" })).toEqual({
      ok: false,
      reason: "notFound",
    });
  });
});

describe("deleteOwnAccount", () => {
  const zephyrine = {
    id: ZEPHYRINE.id,
    email: ZEPHYRINE.email,
    firstName: ZEPHYRINE.firstName,
    lastName: ZEPHYRINE.lastName,
    phone: ZEPHYRINE.phone,
    role: "client" as const,
    language: "de" as const,
  };

  it("asks for the right password, counted like a sign-in failure, then erases", async () => {
    expect(await deleteOwnAccount(context, { user: zephyrine, password: "not-it", ip: IP })).toEqual({
      ok: false,
      reason: "wrongPassword",
    });
    expect(await countOf(users, eq(users.id, ZEPHYRINE.id))).toBe(1);
    expect(transport.sent).toEqual([]);
    const [counter] = await context.db
      .select({ count: rateLimits.count })
      .from(rateLimits)
      .where(eq(rateLimits.key, `login:email:${ZEPHYRINE.email}`));
    expect(counter!.count).toBe(3);

    expect(await deleteOwnAccount(context, { user: zephyrine, password: PASSWORD, ip: IP })).toEqual({ ok: true });
    expect(await countOf(users, eq(users.id, ZEPHYRINE.id))).toBe(0);
    expect(await countOf(notifications, eq(notifications.userId, ZEPHYRINE.id))).toBe(0);
  });

  it("refuses once the network has failed too often, even with the right password", async () => {
    for (let i = 0; i < 10; i++) await deleteOwnAccount(context, { user: zephyrine, password: `wrong-${i}`, ip: IP });
    expect(await deleteOwnAccount(context, { user: zephyrine, password: PASSWORD, ip: IP })).toEqual({
      ok: false,
      reason: "rateLimited",
    });
    expect(await countOf(users, eq(users.id, ZEPHYRINE.id))).toBe(1);
  });
});
