/**
 * On the server, an order is read by its owner, staff or the link's key, and by nobody
 * else, whatever ids are sent (DECISIONS.md D3); its mails show the amount it stores; the
 * checkout's action answers every refusal with its status, its message and a toast.
 */
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestContext, recordingTransport } from "#tests/context";
import { createTestD1 } from "#tests/d1";
import { airports, flights, orders, users } from "#app/db/schema";
import { action as checkoutAction } from "#app/routes/checkout.$flightId";
import { loader as confirmationLoader } from "#app/routes/confirmation.$orderId";
import { action as favoritesAction } from "#app/routes/favorites";
import { checkout } from "#app/services/checkout.server";
import { startSession } from "#app/services/session.server";
import { formatOrderAmount } from "#app/utils/format";
import { cookiePair, errorsOf, get, post, run } from "./remix";

let d1: D1Database;
let dispose: () => Promise<void>;
const now = new Date("2026-11-23T10:00:00Z");
let orderId = "";
let accessKey = "";

beforeAll(async () => {
  let db;
  ({ d1, db, dispose } = await createTestD1());
  await db.insert(users).values(
    (["owner", "other", "gestionnaire", "admin"] as const).map((id) => ({
      id,
      email: `${id}@example.ch`,
      passwordHash: "x",
      firstName: id,
      lastName: "T",
      role: id === "owner" || id === "other" ? ("client" as const) : id,
      emailConfirmedAt: now,
    })),
  );
  const [from, to] = await db.insert(airports).values([{ icaoCode: "LSGG", servedCity: "Genève" }, { icaoCode: "LFMN", servedCity: "Nice" }]).returning();
  const flight = (id: string, departure: string, extra: { seatsHeld?: number } = {}) => ({
    id,
    departureAirportId: from!.id,
    arrivalAirportId: to!.id,
    departureDate: new Date(departure),
    arrivalDate: new Date(new Date(departure).getTime() + 3_600_000),
    flightTime: 60,
    aircraftType: "PC12",
    pricePerMinute: 50,
    feedSeats: 6,
    refreshedAt: now,
    ...extra,
  });
  await db.insert(flights).values([
    flight("f1", "2026-12-01T09:00:00Z"),
    flight("f-book", "2026-12-02T09:00:00Z"),
    flight("f-gone", "2026-11-22T09:00:00Z"),
    flight("f-full", "2026-12-03T09:00:00Z", { seatsHeld: 6 }),
    flight("f-last", "2026-12-04T09:00:00Z"),
  ]);
  const context = createTestContext({ d1, now });
  const result = await checkout(context, {
    flightId: "f1",
    form: checkoutForm({ seats: 1, seenAvailableSeats: 6, email: "owner@example.ch" }),
    userId: "owner",
    language: "fr",
  });
  if (!result.ok) throw new Error(`setup: no order (${result.reason})`);
  ({ orderId, accessKey } = result);
});

/** A complete checkout form: N seats of a flight showing `seenAvailableSeats`. */
function checkoutForm({ seats, seenAvailableSeats, email }: { seats: number; seenAvailableSeats: number; email: string }) {
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
  return run((args) => confirmationLoader({ ...args, params: { orderId: pathname!.split("/").pop()! } }), get(path, { cookie }), context);
}

describe("who reads an order", () => {
  it("lets the owner, the admin (orders:manage) and the key holder in", async () => {
    expect((await readOrder(`/confirmation/${orderId}`, await cookieOf("owner"))).status).toBe(200);
    expect((await readOrder(`/confirmation/${orderId}`, await cookieOf("admin"))).status).toBe(200);
    expect((await readOrder(`/confirmation/${orderId}?key=${accessKey}`)).status).toBe(200);
  });

  it("answers another user, a gestionnaire, a wrong key and an unknown id with the same 404", async () => {
    expect((await readOrder(`/confirmation/${orderId}`, await cookieOf("other"))).status).toBe(404);
    expect((await readOrder(`/confirmation/${orderId}`, await cookieOf("gestionnaire"))).status).toBe(404);
    expect((await readOrder(`/confirmation/${orderId}?key=${accessKey}x`)).status).toBe(404);
    expect((await readOrder(`/confirmation/${orderId}`)).status).toBe(404);
    expect((await readOrder(`/confirmation/no-such-order?key=${accessKey}`)).status).toBe(404);
  });
});

describe("favourites on the server", () => {
  it("refuses a signed-out toggle with the spec's toast and a sign-in link", async () => {
    const context = createTestContext({ d1, now });
    const result = await run(favoritesAction, post("/favorites", { flightId: "f1", redirectTo: "/home?from=Gen%C3%A8ve" }), context);
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
    });
    if (!result.ok) throw new Error(`no order (${result.reason})`);
    const row = (await context.db.select({ amountCents: orders.amountCents }).from(orders).where(eq(orders.id, result.orderId)).get())!;
    // 60 min x 50 EUR = 3,000 EUR over the 5 seats left = 600 EUR a seat; 2 seats = 1,200 EUR.
    expect(row.amountCents).toBe(120_000);
    expect(transport.sent).toHaveLength(2);
    for (const mail of transport.sent) expect(mail.text).toContain(formatOrderAmount(row.amountCents, "fr"));
  });
});

describe("the checkout's action", () => {
  /** The form as the page sends it, for `flightId`. */
  const send = (flightId: string, fields: Record<string, string>) => {
    const context = createTestContext({ d1, now });
    return run((args) => checkoutAction({ ...args, params: { flightId } }), post(`/checkout/${flightId}`, fields), context);
  };
  const fields = (overrides: Record<string, string> = {}) =>
    Object.fromEntries(Object.entries({ ...checkoutForm({ seats: 1, seenAvailableSeats: 6, email: "buyer@example.ch" }), ...overrides }).map(([name, value]) => [name, String(value)]));
  const formErrorOf = (result: Awaited<ReturnType<typeof send>>) => errorsOf(result)[""];
  const hasToast = (result: Awaited<ReturnType<typeof send>>) => result.setCookies.some((cookie) => cookie.startsWith("jm_toast="));

  it("places the order of an anonymous buyer and goes to its page with the link's key", async () => {
    const result = await send("f-book", fields());
    expect(result.status).toBe(302);
    expect(result.location).toMatch(/^\/confirmation\/[\w-]+\?key=[\w-]+$/);
    const [, id] = result.location!.match(/^\/confirmation\/([\w-]+)/)!;
    const context = createTestContext({ d1, now });
    const row = (await context.db.select({ userId: orders.userId, seats: orders.seats }).from(orders).where(eq(orders.id, id!)).get())!;
    expect(row).toEqual({ userId: null, seats: 1 });
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

  it("refuses the order when the seats shown are no longer the seats left", async () => {
    // f-book has 5 seats left after the first test; the page showed 6.
    const result = await send("f-book", fields({ seenAvailableSeats: "6" }));
    expect(result.status).toBe(409);
    expect(formErrorOf(result)).toEqual(["checkout.errors.changed"]);
    expect(hasToast(result)).toBe(true);
  });

  it("gives the same form sent again its order, even once that order took the last seats", async () => {
    const aircraft = fields({ choice: "aircraft" });
    const first = await send("f-last", aircraft);
    const again = await send("f-last", aircraft);
    expect(first.status).toBe(302);
    expect(again.location).toBe(first.location);
    const context = createTestContext({ d1, now });
    expect(await context.db.select({ id: orders.id }).from(orders).where(eq(orders.flightId, "f-last"))).toHaveLength(1);
  });

  it("answers an id longer than ids are with the translated 404", async () => {
    const result = await send("x".repeat(65), fields());
    expect(result.status).toBe(404);
    expect(JSON.parse(String(result.body))).toEqual({ message: "Vol non trouvé" });
  });
});
