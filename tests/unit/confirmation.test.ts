/**
 * The order page on the server (docs/orders.md, docs/payments.md):
 * who reads it and acts on it (its owner, whoever may manage orders, the key of any of its
 * links, and nobody else), what it says of the payment, and 'Payer maintenant'.
 */
import type { AppLoadContext } from "@remix-run/cloudflare";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { startSession } from "#app/accounts/session.server";
import type { Db } from "#app/db/client.server";
import { airports, flights, orderLinks, orders, users } from "#app/db/schema";
import { createOrderLink } from "#app/orders/order-life.queries.server";
import type { CheckoutSessionInput } from "#app/payments/provider.server";
import { action as confirmationAction, loader as confirmationLoader } from "#app/routes/confirmation.$orderId/route";
import { createTestContext } from "#tests/context";
import { createTestD1 } from "#tests/d1";
import { enrolSecondFactor } from "#tests/staff";
import { testUser } from "#tests/user-rows";

import { cookiePair, get, post, run } from "./remix";

let d1: D1Database;
let db: Db;
let dispose: () => Promise<void>;
const now = new Date("2026-11-23T10:00:00Z");
const FLIGHT_ID = "0a1b2c3d-flight-confirmation";
const KEY = "first-mail-key-0123456789abcdefghijklmnopqrstu";

/** SHA-256 in hex, computed here rather than with the app's helper. */
async function sha256(text: string) {
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(text));
  return [...new Uint8Array(digest)].map((byte) => byte.toString(16).padStart(2, "0")).join("");
}

const customerInfo = {
  firstName: "Léa",
  lastName: "Muller",
  email: "lea@example.ch",
  phone: "+41 79 123 45 67",
  address: "Rue du Rhône 1",
  zipCode: "1204",
  city: "Genève",
  country: "CH",
};

type OrderRow = typeof orders.$inferInsert;
/** An order of FLIGHT_ID with its first link's key (`KEY` + its id). */
async function insertOrder(id: string, row: Partial<OrderRow>) {
  await db.insert(orders).values({
    id,
    flightId: FLIGHT_ID,
    amountCents: 150_000,
    seats: 2,
    customerInfo,
    linkKeyHash: await sha256(`${KEY}${id}`),
    reference: `JM-${id.toUpperCase().slice(0, 6)}`,
    passengers: ["Léa Muller", "Marc Muller"],
    createdAt: now,
    ...row,
  });
  await db.insert(orderLinks).values({ linkKeyHash: await sha256(`${KEY}${id}`), orderId: id });
}

beforeAll(async () => {
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
  await db.insert(flights).values({
    id: FLIGHT_ID,
    departureAirportId: from!.id,
    arrivalAirportId: to!.id,
    departureDate: new Date("2026-12-01T09:00:00Z"),
    arrivalDate: new Date("2026-12-01T10:00:00Z"),
    flightTime: 60,
    aircraftType: "PC12",
    pricePerMinute: 50,
    feedSeats: 6,
    refreshedAt: now,
  });
  // A flight the operator cancelled and, a day later from the same area, one still on sale.
  const [lausanne, nice] = await db
    .insert(airports)
    .values([
      { icaoCode: "LSGL", servedCity: "Lausanne", country: "CH", latitude: 46.55, longitude: 6.62 },
      { icaoCode: "LFMD", servedCity: "Cannes", country: "FR", latitude: 43.55, longitude: 6.95 },
    ])
    .returning();
  const fromLausanne = (id: string, day: string, extra: Partial<typeof flights.$inferInsert> = {}) => ({
    id,
    departureAirportId: lausanne!.id,
    arrivalAirportId: nice!.id,
    departureDate: new Date(`${day}T09:00:00Z`),
    arrivalDate: new Date(`${day}T10:00:00Z`),
    flightTime: 60,
    aircraftType: "PC12" as const,
    pricePerMinute: 50,
    feedSeats: 6,
    refreshedAt: now,
    ...extra,
  });
  await db.insert(flights).values([
    fromLausanne("cancelled-flight", "2026-12-05", {
      status: "cancelled",
      cancelledAt: now,
      cancelReason: "weather",
    }),
    fromLausanne("similar-flight", "2026-12-06"),
  ]);
  await insertOrder("grounded", { status: "cancelled", cancelReason: "flightCancelled", flightId: "cancelled-flight" });
  const inMinutes = (minutes: number) => new Date(now.getTime() + minutes * 60_000);
  await insertOrder("owned", { userId: "owner", status: "pending", holdExpiresAt: inMinutes(20) });
  await insertOrder("another", { status: "pending", holdExpiresAt: inMinutes(20) });
  await insertOrder("lapsed", { status: "pending", holdExpiresAt: inMinutes(-1) });
  await insertOrder("paying", { status: "processing", paymentState: "authorised" });
  await insertOrder("refused", { status: "cancelled", paymentState: "released", cancelReason: "refused" });
  await insertOrder("expired", { status: "cancelled", cancelReason: "expired" });
});
afterAll(() => dispose());

/** A test context whose provider records the hosted pages it is asked for. */
function contextWithPages() {
  const context = createTestContext({ d1, now });
  const opened: CheckoutSessionInput[] = [];
  context.payments = {
    ...context.payments,
    createCheckout: async (input) => {
      opened.push(input);
      return {
        sessionId: `cs_test_${opened.length}_${input.orderId}`,
        url: `https://pay.example.test/${input.orderId}`,
      };
    },
    expireCheckout: async () => undefined,
  };
  return { context, opened };
}

async function cookieOf(userId: string) {
  return cookiePair(await startSession(get("/login"), createTestContext({ d1, now }), userId));
}

const orderIdOf = (path: string) => path.split("?")[0]!.split("/").pop()!;
const read = (path: string, cookie?: string, context: AppLoadContext = createTestContext({ d1, now })) =>
  run((args) => confirmationLoader({ ...args, params: { orderId: orderIdOf(path) } }), get(path, { cookie }), context);
const pay = (path: string, fields: Record<string, string>, context: AppLoadContext, cookie?: string) =>
  run(
    (args) => confirmationAction({ ...args, params: { orderId: orderIdOf(path) } }),
    post(path, fields, { cookie }),
    context,
  );

type PageData = {
  order: Record<string, unknown>;
  flightReference: string | null;
  flight: { from: { icao: string }; to: { icao: string } };
  onward: { ways: unknown; rebookFlightId: string | null };
  title: string;
};
const dataOf = (result: Awaited<ReturnType<typeof read>>) => result.body as PageData;

describe("who reads an order", () => {
  it("lets the owner, the admin (orders:manage) and the holder of any of its links' keys in", async () => {
    expect((await read("/confirmation/owned", await cookieOf("owner"))).status).toBe(200);
    expect((await read("/confirmation/owned", await cookieOf("admin"))).status).toBe(200);
    expect((await read(`/confirmation/owned?key=${KEY}owned`)).status).toBe(200);
    // A later mail's link (the payment page's return, the status mails) carries a key of its own.
    const later = await createOrderLink(db, "owned");
    expect(later).not.toBe(`${KEY}owned`);
    expect((await read(`/confirmation/owned?key=${encodeURIComponent(later)}`)).status).toBe(200);
  });

  it("answers another user, a gestionnaire, a wrong key, another order's key and an unknown id with the same 404", async () => {
    for (const [path, cookie] of [
      ["/confirmation/owned", await cookieOf("other")],
      ["/confirmation/owned", await cookieOf("gestionnaire")],
      ["/confirmation/owned", undefined],
      [`/confirmation/owned?key=${KEY}owne`, undefined],
      [`/confirmation/owned?key=${KEY}another`, undefined],
      [`/confirmation/no-such-order?key=${KEY}owned`, undefined],
      [`/confirmation/${"x".repeat(65)}`, await cookieOf("admin")],
      [`/confirmation/owned?key=${"k".repeat(257)}`, undefined],
    ] as const) {
      const result = await read(path, cookie);
      expect(result.status, path).toBe(404);
      expect(JSON.parse(String(result.body)), path).toEqual({ message: "Commande introuvable" });
    }
  });
});

describe("what the page says of the payment", () => {
  it("offers payment while the seats are held, with the order's own reference; the flight's only to staff", async () => {
    const { order, flightReference, flight } = dataOf(await read(`/confirmation/owned?key=${KEY}owned`));
    expect(order).toMatchObject({
      status: "pending",
      paymentState: "none",
      reference: "JM-OWNED",
      payable: true,
      holdExpiresAt: new Date("2026-11-23T10:20:00Z"),
      passengers: ["Léa Muller", "Marc Muller"],
    });
    expect(flightReference).toBeNull();
    expect([flight.from.icao, flight.to.icao]).toEqual(["LSGG", "LFMN"]);
    expect(dataOf(await read("/confirmation/owned", await cookieOf("admin"))).flightReference).toBe("0A1B2C3D");
  });

  it("offers nothing to pay once the hold has run out, or once the card is authorised", async () => {
    expect(dataOf(await read(`/confirmation/lapsed?key=${KEY}lapsed`)).order).toMatchObject({
      status: "pending",
      payable: false,
    });
    expect(dataOf(await read(`/confirmation/paying?key=${KEY}paying`)).order).toMatchObject({
      status: "processing",
      paymentState: "authorised",
      payable: false,
      holdExpiresAt: null,
    });
  });

  it("gives a cancelled order's reason and where its money stands, and thanks nobody in its title", async () => {
    const refused = dataOf(await read(`/confirmation/refused?key=${KEY}refused`));
    expect(refused.order).toMatchObject({
      status: "cancelled",
      cancelReason: "refused",
      paymentState: "released",
      payable: false,
    });
    expect(refused.title).toBe("Votre réservation n'a pas pu être confirmée – JetMalin");
    expect(refused.onward).toEqual({ ways: null, rebookFlightId: null });
    expect(dataOf(await read(`/confirmation/owned?key=${KEY}owned`)).title).toBe(
      "Merci pour votre réservation – JetMalin",
    );
  });

  it("offers an order that ended unpaid its flight again while the flight is on sale", async () => {
    const expired = dataOf(await read(`/confirmation/expired?key=${KEY}expired`));
    expect(expired.title).toBe("Votre réservation a expiré – JetMalin");
    expect(expired.onward).toEqual({ ways: null, rebookFlightId: FLIGHT_ID });
    const departed = createTestContext({ d1, now: new Date("2026-12-02T09:00:00Z") });
    expect(dataOf(await read(`/confirmation/expired?key=${KEY}expired`, undefined, departed)).onward).toEqual({
      ways: null,
      rebookFlightId: null,
    });
  });
  it("gives an order whose flight the operator cancelled similar flights and the prefilled request", async () => {
    const grounded = dataOf(await read(`/confirmation/grounded?key=${KEY}grounded`));
    expect(grounded.title).toBe("Votre vol a été annulé – JetMalin");
    expect(grounded.onward).toEqual({
      ways: {
        similar: [expect.objectContaining({ id: "similar-flight" })],
        customFlightPath: "/custom-flight?departure=Lausanne&arrival=Cannes&date=2026-12-05",
      },
      rebookFlightId: null,
    });
  });
});

describe("'Payer maintenant'", () => {
  it("sends the key holder to the provider's page for that order", async () => {
    const { context, opened } = contextWithPages();
    const result = await pay(`/confirmation/another?key=${KEY}another`, { intent: "pay" }, context);
    expect(result.status).toBe(302);
    expect(result.location).toBe("https://pay.example.test/another");
    expect(opened.map((input) => [input.orderId, input.amountCents])).toEqual([["another", 150_000]]);
  });

  it("refuses whoever may not read the order, with the 404 and no page opened", async () => {
    const { context, opened } = contextWithPages();
    for (const [path, cookie] of [
      [`/confirmation/another?key=${KEY}owned`, undefined],
      ["/confirmation/owned", await cookieOf("other")],
    ] as const) {
      const result = await pay(path, { intent: "pay" }, context, cookie);
      expect(result.status, path).toBe(404);
    }
    expect(opened).toEqual([]);
  });

  it("comes back to the page with a toast when the hold has run out, the order is paid, or the form is not the button's", async () => {
    const { context, opened } = contextWithPages();
    for (const [id, fields] of [
      ["lapsed", { intent: "pay" }],
      ["paying", { intent: "pay" }],
      ["another", { intent: "cancel" }],
    ] as const) {
      const result = await pay(`/confirmation/${id}?key=${KEY}${id}`, fields, context);
      expect(result.status, id).toBe(302);
      expect(result.location, id).toBe(`/confirmation/${id}?${new URLSearchParams({ key: `${KEY}${id}` })}`);
      expect(
        result.setCookies.some((cookie) => cookie.startsWith("jm_toast=")),
        id,
      ).toBe(true);
    }
    expect(opened).toEqual([]);
  });

  it("counts each press against the checkout's rate limit of the network: the 11th in 10 minutes opens no page", async () => {
    const { context, opened } = contextWithPages();
    const path = `/confirmation/another?key=${KEY}another`;
    const press = () =>
      run(
        (args) => confirmationAction({ ...args, params: { orderId: "another" } }),
        post(path, { intent: "pay" }, { ip: "198.51.100.201" }),
        context,
      );
    for (let i = 0; i < 10; i++) expect((await press()).location).toBe(`https://pay.example.test/another`);
    const refused = await press();
    expect(refused.status).toBe(302);
    expect(refused.location).toBe(`/confirmation/another?${new URLSearchParams({ key: `${KEY}another` })}`);
    expect(refused.setCookies.some((cookie) => cookie.startsWith("jm_toast="))).toBe(true);
    expect(opened).toHaveLength(10);
  });

  it("lets the owner pay without a key, and comes back without one", async () => {
    const { context } = contextWithPages();
    const owner = await cookieOf("owner");
    const result = await pay("/confirmation/owned", { intent: "pay" }, context, owner);
    expect(result.location).toBe("https://pay.example.test/owned");
    await db
      .update(orders)
      .set({ holdExpiresAt: new Date(now.getTime() - 1) })
      .where(eq(orders.id, "owned"));
    const late = await pay("/confirmation/owned", { intent: "pay" }, context, owner);
    expect(late.location).toBe("/confirmation/owned");
  });
});
