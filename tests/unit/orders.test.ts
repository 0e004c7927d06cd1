/**
 * On the server, an order is read by its owner, staff or the link's key, and by nobody else,
 * whatever ids are sent (docs/orders.md 'Who reads an order'); its mails show the amount it
 * stores; the checkout's action answers every refusal with its status, its message and a
 * toast.
 */
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { startSession } from "#app/accounts/session.server";
import { airports, flights, orders, users } from "#app/db/schema";
import { checkout } from "#app/orders/checkout.server";
import { PLACED_MAIL_DELAY_MS, sendDueOrderMessages } from "#app/orders/order-messages.server";
import { action as checkoutAction } from "#app/routes/checkout.$flightId/route";
import { loader as confirmationLoader } from "#app/routes/confirmation.$orderId/route";
import { action as favoritesAction } from "#app/routes/favorites";
import { formatOrderAmount } from "#app/utils/format";
import { createTestContext, recordingTransport } from "#tests/context";
import { createTestD1 } from "#tests/d1";
import { testFlight } from "#tests/flight-rows";
import { enrolSecondFactor } from "#tests/staff";
import { testUser } from "#tests/user-rows";

import { cookiePair, errorsOf, get, post, run } from "./remix";

let d1: D1Database;
let dispose: () => Promise<void>;
const now = new Date("2026-11-23T10:00:00Z");
let orderId = "";
let linkKey = "";

beforeAll(async () => {
  let db;
  ({ d1, db, dispose } = await createTestD1());
  await db
    .insert(users)
    .values(
      (["owner", "other", "gestionnaire", "admin"] as const).map((id) =>
        testUser(id, { role: id === "owner" || id === "other" ? ("client" as const) : id, emailConfirmedAt: now }),
      ),
    );
  // Staff open the back-office only with a second factor (decision 027).
  await enrolSecondFactor(db, ["gestionnaire", "admin"]);
  const [from, to] = await db
    .insert(airports)
    .values([
      { icaoCode: "LSGG", servedCity: "Genève" },
      { icaoCode: "LFMN", servedCity: "Nice" },
    ])
    .returning();
  const flight = (id: string, departure: string, extra: { seatsHeld?: number } = {}) =>
    testFlight(id, { from: from!.id, to: to!.id, departure: new Date(departure), refreshedAt: now, ...extra });
  await db
    .insert(flights)
    .values([
      flight("f1", "2026-12-01T09:00:00Z"),
      flight("f-book", "2026-12-02T09:00:00Z"),
      flight("f-gone", "2026-11-22T09:00:00Z"),
      flight("f-full", "2026-12-03T09:00:00Z", { seatsHeld: 6 }),
      flight("f-last", "2026-12-04T09:00:00Z"),
      flight("f-replay", "2026-12-05T09:00:00Z"),
    ]);
  const context = createTestContext({ d1, now });
  const result = await checkout(context, {
    flightId: "f1",
    form: checkoutForm({ seats: 1, seenAvailableSeats: 6, email: "owner@example.ch" }),
    userId: "owner",
    language: "fr",
    clientKey: "test-network",
  });
  if (!result.ok) throw new Error(`setup: no order (${result.reason})`);
  ({ orderId, linkKey } = result);
});

/** A complete checkout form: N seats of a flight showing `seenAvailableSeats`. */
function checkoutForm({
  seats,
  seenAvailableSeats,
  email,
}: {
  seats: number;
  seenAvailableSeats: number;
  email: string;
}) {
  return {
    idempotencyKey: crypto.randomUUID(),
    seenAvailableSeats,
    choice: "seats" as const,
    seats,
    firstName: "O",
    lastName: "W",
    email,
    phone: "+41 79 000 00 00",
    address: "A",
    zipCode: "1",
    city: "C",
    country: "CH" as const,
    passengers: Array.from({ length: seats }, (_, index) => `Passager ${index + 1}`),
    terms: "on" as const,
  };
}
afterAll(() => dispose());

async function cookieOf(userId: string) {
  const context = createTestContext({ d1, now });
  return cookiePair(await startSession(get("/login"), context, userId));
}

async function readOrder(path: string, cookie?: string) {
  const context = createTestContext({ d1, now });
  const [pathname] = path.split("?");
  return run(
    (args) => confirmationLoader({ ...args, params: { orderId: pathname!.split("/").pop()! } }),
    get(path, { cookie }),
    context,
  );
}

describe("who reads an order", () => {
  it("lets the owner, the admin (orders:manage) and the key holder in", async () => {
    expect((await readOrder(`/confirmation/${orderId}`, await cookieOf("owner"))).status).toBe(200);
    expect((await readOrder(`/confirmation/${orderId}`, await cookieOf("admin"))).status).toBe(200);
    expect((await readOrder(`/confirmation/${orderId}?key=${linkKey}`)).status).toBe(200);
  });

  it("answers another user, a gestionnaire, a wrong key and an unknown id with the same 404", async () => {
    expect((await readOrder(`/confirmation/${orderId}`, await cookieOf("other"))).status).toBe(404);
    expect((await readOrder(`/confirmation/${orderId}`, await cookieOf("gestionnaire"))).status).toBe(404);
    expect((await readOrder(`/confirmation/${orderId}?key=${linkKey}x`)).status).toBe(404);
    expect((await readOrder(`/confirmation/${orderId}`)).status).toBe(404);
    expect((await readOrder(`/confirmation/no-such-order?key=${linkKey}`)).status).toBe(404);
  });
});

describe("favourites on the server", () => {
  it("refuses a signed-out toggle with the spec's toast and a sign-in link", async () => {
    const context = createTestContext({ d1, now });
    const result = await run(
      favoritesAction,
      post("/favorites", { flightId: "f1", redirectTo: "/home?from=Gen%C3%A8ve" }),
      context,
    );
    expect(result.status).toBe(302);
    expect(result.location).toBe("/home?from=Gen%C3%A8ve");
    expect(result.setCookies.some((cookie) => cookie.startsWith("jm_toast="))).toBe(true);
  });
});

describe("the order mail's amount", () => {
  it("is the amount the order row stores", async () => {
    const transport = recordingTransport();
    const context = createTestContext({ d1, now, transport });
    const result = await checkout(context, {
      flightId: "f1",
      form: checkoutForm({ seats: 2, seenAvailableSeats: 5, email: "mail@example.ch" }),
      userId: null,
      language: "fr",
      clientKey: "test-network",
    });
    if (!result.ok) throw new Error(`no order (${result.reason})`);
    const row = (await context.db
      .select({ amountCents: orders.amountCents, reference: orders.reference })
      .from(orders)
      .where(eq(orders.id, result.orderId))
      .get())!;
    // 60 min x 50 EUR = 3,000 EUR over the 6 seats offered = 500 EUR a seat; 2 seats = 1,000 EUR
    // (docs/payments.md 'Prices').
    expect(row.amountCents).toBe(100_000);
    // The customer's placed mail waits for a payment; staff's goes at once. Unpaid after the wait, it goes too.
    expect(transport.sent).toHaveLength(1);
    await sendDueOrderMessages(
      createTestContext({ d1, transport, now: new Date(now.getTime() + PLACED_MAIL_DELAY_MS + 60_000) }),
    );
    // The cron sends other tests' waiting mails too: this order's are the two that name its reference.
    const mine = transport.sent.filter((mail) => mail.subject.includes(row.reference!));
    expect(mine).toHaveLength(2);
    for (const mail of mine) expect(mail.text).toContain(formatOrderAmount(row.amountCents, "fr"));
  });
});

describe("the checkout's action", () => {
  /** The form as the page sends it, for `flightId`. */
  /** Each test posts from a network of its own, so the caps on unpaid holds (decision 016) count its orders only. */
  const send = (flightId: string, fields: Record<string, string>, ip = "203.0.113.1") => {
    const context = createTestContext({ d1, now });
    return run(
      (args) => checkoutAction({ ...args, params: { flightId } }),
      post(`/checkout/${flightId}`, fields, { ip }),
      context,
    );
  };
  /** The form as the page posts it: every field a string, the passengers' names as a list (`passengers[0]`, ...). */
  const fields = (overrides: Record<string, string> = {}) => {
    const { passengers, ...form } = checkoutForm({ seats: 1, seenAvailableSeats: 6, email: "buyer@example.ch" });
    const names = Object.fromEntries(passengers.map((name, index) => [`passengers[${index}]`, name]));
    return Object.fromEntries(
      Object.entries({ ...form, ...names, ...overrides }).map(([name, value]) => [name, String(value)]),
    );
  };
  /** The whole aircraft of a 6-seat flight: one passenger's name per seat offered. */
  const sixNames = Object.fromEntries(
    Array.from({ length: 6 }, (_, index) => [`passengers[${index}]`, `Passager ${index + 1}`]),
  );
  const formErrorOf = (result: Awaited<ReturnType<typeof send>>) => errorsOf(result)[""];
  const hasToast = (result: Awaited<ReturnType<typeof send>>) =>
    result.setCookies.some((cookie) => cookie.startsWith("jm_toast="));

  it("places the order of an anonymous buyer, with its passenger, and goes to the provider's page to pay", async () => {
    const result = await send("f-book", fields({ email: "anonymous@example.ch" }));
    expect(result.status).toBe(302);
    // The simulator's hosted page (docs/payments.md).
    expect(result.location).toMatch(/^http:\/\/localhost:8787\/dev\/pay\/[\w-]+$/);
    const context = createTestContext({ d1, now });
    const row = (await context.db
      .select({ userId: orders.userId, seats: orders.seats, passengers: orders.passengers })
      .from(orders)
      .where(sql`json_extract(${orders.customerInfo}, '$.email') = 'anonymous@example.ch'`)
      .get())!;
    expect(row).toEqual({ userId: null, seats: 1, passengers: ["Passager 1"] });
  });

  it("a D1 error at the end of the checkout's batch leaves no half order and the seats intact (issue 20, faults)", async () => {
    // The batch's writes all run, then one more statement fails: D1 must roll the batch back.
    const failing = new Proxy(d1, {
      get(target, property, receiver) {
        if (property === "batch")
          return (statements: D1PreparedStatement[]) =>
            target.batch([...statements, target.prepare("insert into injected_failure values (1)")]);
        const value = Reflect.get(target, property, receiver);
        return typeof value === "function" ? value.bind(target) : value;
      },
    });
    const state = async () =>
      JSON.stringify([
        await d1.prepare("select count(*) as n from orders").first(),
        await d1.prepare("select count(*) as n from order_events").first(),
        await d1.prepare("select * from flights where id = 'f-book'").first(),
      ]);
    const before = await state();
    const context = createTestContext({ d1: failing, now });
    const outcome = await run(
      (args) => checkoutAction({ ...args, params: { flightId: "f-book" } }),
      post("/checkout/f-book", fields({ email: "d1-fault@example.ch" }), { ip: "203.0.113.77" }),
      context,
    ).catch((error: Error) => error);
    expect(outcome instanceof Error || outcome.status >= 400).toBe(true);
    expect(await state()).toBe(before);
    // With D1 back, the same buyer books.
    expect((await send("f-book", fields({ email: "d1-fault@example.ch" }), "203.0.113.78")).status).toBe(302);
  });

  it("gives the form back with its field errors (keys) and a 400 when the input is bad", async () => {
    const result = await send("f-book", fields({ terms: "", seats: "0x2" }));
    expect(result.status).toBe(400);
    expect(errorsOf(result)).toMatchObject({ terms: ["checkout.errors.terms"], seats: ["checkout.errors.seats"] });
    expect(hasToast(result)).toBe(false);
  });

  it("refuses a departed, a sold-out and an unknown flight with their message and a toast", async () => {
    for (const [flightId, status, message] of [
      ["f-gone", 409, "checkout.unavailable.departed"],
      ["f-full", 409, "checkout.unavailable.soldOut"],
      ["no-such-flight", 404, "booking.notFound.title"],
    ] as const) {
      const result = await send(flightId, fields());
      expect(result.status, flightId).toBe(status);
      expect(formErrorOf(result), flightId).toEqual([message]);
      expect(hasToast(result), flightId).toBe(true);
    }
  });

  it("refuses the whole aircraft when the seats shown are no longer the seats left", async () => {
    // f-book has 5 seats left after the first test; the page showed 6, and 6 names.
    const result = await send(
      "f-book",
      { ...fields({ choice: "aircraft", seenAvailableSeats: "6" }), ...sixNames },
      "203.0.113.2",
    );
    expect(result.status).toBe(409);
    expect(formErrorOf(result)).toEqual(["checkout.errors.changed"]);
    expect(hasToast(result)).toBe(true);
  });

  it("gives the same form sent again its order, even once that order took the last seats", async () => {
    const aircraft = { ...fields({ choice: "aircraft", email: "twice@example.ch" }), ...sixNames };
    const first = await send("f-last", aircraft, "203.0.113.3");
    const again = await send("f-last", aircraft, "203.0.113.3");
    expect(first.status).toBe(302);
    const context = createTestContext({ d1, now });
    const placed = await context.db.select({ id: orders.id }).from(orders).where(eq(orders.flightId, "f-last"));
    expect(placed).toHaveLength(1);
    // That order's page with a fresh link (its payment is offered there), not the caps' refusal.
    expect(again.status).toBe(302);
    expect(again.location).toMatch(new RegExp(`^/confirmation/${placed[0]!.id}\\?key=[\\w-]+$`));
  });

  it("counts the same form sent again against the checkout's rate limit: each answer is a new order link", async () => {
    const form = fields({ email: "replay@example.ch" });
    const answers = [];
    for (let i = 0; i < 11; i++) answers.push(await send("f-replay", form, "203.0.113.31"));
    expect(answers.slice(0, 10).map((result) => result.status)).toEqual(Array(10).fill(302));
    expect(answers[10]!.status).toBe(429);
    expect(formErrorOf(answers[10]!)).toEqual(["checkout.errors.rateLimited"]);
  });

  it("answers an id longer than ids are with the translated 404", async () => {
    const result = await send("x".repeat(65), fields());
    expect(result.status).toBe(404);
    expect(JSON.parse(String(result.body))).toEqual({ message: "Vol non trouvé" });
  });
});

describe("a phone given at checkout", () => {
  it("fills a signed-in buyer's profile that has none, and never replaces one the buyer typed", async () => {
    const context = createTestContext({ d1, now });
    await context.db.insert(users).values([testUser("phoneless"), testUser("phoned", { phone: "+41 22 111 11 11" })]);
    for (const userId of ["phoneless", "phoned"]) {
      const result = await checkout(context, {
        flightId: "f1",
        form: checkoutForm({ seats: 1, seenAvailableSeats: 6, email: `${userId}@example.ch` }),
        userId,
        language: "fr",
        clientKey: `phone-${userId}`,
      });
      expect(result.ok, userId).toBe(true);
    }
    const phones = await context.db
      .select({ id: users.id, phone: users.phone })
      .from(users)
      .where(sql`${users.id} in ('phoneless', 'phoned')`)
      .orderBy(users.id);
    expect(phones).toEqual([
      { id: "phoned", phone: "+41 22 111 11 11" },
      { id: "phoneless", phone: "+41 79 000 00 00" },
    ]);
  });
});
