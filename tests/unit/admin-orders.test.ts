/**
 * The 'Commandes' tab on the server (docs/back-office.md 'Orders', docs/payments.md): the
 * cards' order reference, payment state, hold and history; 'Valider' captures a processing
 * order or records a pending one's offline payment, 'Refuser' releases what was authorised,
 * and a refused capture says the provider's reason and leaves the order processing.
 */
import type { AppLoadContext } from "@remix-run/cloudflare";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { startSession } from "#app/accounts/session.server";
import type { Db } from "#app/db/client.server";
import { demoOperatorColumns } from "#app/db/demo-data";
import { airports, flights, orderEvents, orders, users } from "#app/db/schema";
import type { AdminOrderCardData } from "#app/routes/admin.orders/order-card";
import { action as ordersAction, loader as ordersLoader } from "#app/routes/admin.orders/route";
import { getToast } from "#app/utils/toast.server";
import { createTestContext } from "#tests/context";
import { createTestD1 } from "#tests/d1";
import { enrolSecondFactor } from "#tests/staff";

import { cookiePair, get, type HandlerResult, post, run } from "./remix";

let d1: D1Database;
let db: Db;
let dispose: () => Promise<void>;
const now = new Date("2026-11-23T10:00:00Z");
const CAPTURE_REFUSAL = "Your card has insufficient funds.";

/** The provider's calls, and a capture it refuses for one payment. */
const calls: string[] = [];
function contextWithProvider(): AppLoadContext {
  const context = createTestContext({ d1, now });
  context.payments = {
    ...context.payments,
    capture: async (intent) => {
      calls.push(`capture:${intent}`);
      return intent === "pi_refused" ? { ok: false, message: CAPTURE_REFUSAL } : { ok: true };
    },
    cancelAuthorisation: async (intent) => {
      calls.push(`release:${intent}`);
      return { ok: true };
    },
    expireCheckout: async (session) => {
      calls.push(`expire:${session}`);
    },
  };
  return context;
}

const customer = (firstName: string) => ({
  firstName,
  lastName: "Muller",
  email: `${firstName.toLowerCase()}@example.ch`,
  phone: "+41 79 123 45 67",
  address: "Rue du Rhône 1",
  zipCode: "1204",
  city: "Genève",
  country: "CH",
});

beforeAll(async () => {
  ({ d1, db, dispose } = await createTestD1());
  await db.insert(users).values(
    (["gestionnaire", "admin"] as const).map((role) => ({
      id: role,
      email: `${role}@example.ch`,
      passwordHash: "x",
      firstName: role === "admin" ? "Ada" : "Gus",
      lastName: "Staff",
      role,
      emailConfirmedAt: now,
    })),
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
    id: "f0a1b2c3-tab",
    departureAirportId: from!.id,
    arrivalAirportId: to!.id,
    departureDate: new Date("2026-12-01T09:00:00Z"),
    arrivalDate: new Date("2026-12-01T10:00:00Z"),
    flightTime: 60,
    aircraftType: "PC12",
    ...demoOperatorColumns(0, "PC12"),
    pricePerMinute: 50,
    feedSeats: 6,
    seatsHeld: 4,
    refreshedAt: now,
  });
  const order = (id: string, minutesAgo: number, row: Partial<typeof orders.$inferInsert>) => ({
    id,
    flightId: "f0a1b2c3-tab",
    amountCents: 75_000,
    seats: 1,
    customerInfo: customer(id.slice(2, 3).toUpperCase() + id.slice(3)),
    linkKeyHash: `hash-${id}`,
    passengers: [`Passager ${id}`],
    createdAt: new Date(now.getTime() - minutesAgo * 60_000),
    ...row,
  });
  await db.insert(orders).values([
    order("o-pending", 1, {
      reference: "JM-PEND22",
      status: "pending",
      holdExpiresAt: new Date(now.getTime() + 20 * 60_000),
      paymentSessionId: "cs_pending",
    }),
    order("o-paid", 2, {
      reference: "JM-PA1D33",
      status: "processing",
      paymentState: "authorised",
      paymentIntentId: "pi_paid",
    }),
    order("o-declined", 3, {
      reference: "JM-DECL44",
      status: "processing",
      paymentState: "authorised",
      paymentIntentId: "pi_refused",
    }),
    order("o-refused", 4, {
      reference: "JM-REFU55",
      status: "processing",
      paymentState: "authorised",
      paymentIntentId: "pi_released",
    }),
  ]);
  await db.insert(orderEvents).values([
    {
      orderId: "o-paid",
      move: "placed",
      toStatus: "pending",
      paymentState: "none",
      actor: "customer",
      createdAt: new Date(now.getTime() - 120_000),
    },
    {
      orderId: "o-paid",
      move: "authorised",
      fromStatus: "pending",
      toStatus: "processing",
      paymentState: "authorised",
      actor: "provider",
      detail: "evt_1",
      createdAt: new Date(now.getTime() - 60_000),
    },
    {
      orderId: "o-pending",
      move: "placed",
      toStatus: "pending",
      paymentState: "none",
      actor: "customer",
      createdAt: new Date(now.getTime() - 60_000),
    },
  ]);
});
afterAll(() => dispose());

const cookieOf = async (userId: string) =>
  cookiePair(await startSession(get("/login"), createTestContext({ d1, now }), userId));

async function list(query: string) {
  const result = await run(
    ordersLoader,
    get(`/admin/orders?${query}`, { cookie: await cookieOf("admin") }),
    createTestContext({ d1, now }),
  );
  return (result.body as { orders: AdminOrderCardData[] }).orders;
}

async function decide(intent: string, orderId: string, userId = "admin") {
  const request = post(
    "/admin/orders",
    { intent, orderId, redirectTo: "/admin/orders?status=processing" },
    { cookie: await cookieOf(userId) },
  );
  return run(ordersAction, request, contextWithProvider());
}

async function toastOf(result: HandlerResult) {
  const cookie = cookiePair(result.setCookies.find((value) => value.startsWith("jm_toast=")));
  return (await getToast(get("/", { cookie }), createTestContext({ d1, now }))).toast;
}

const stateOf = async (orderId: string) =>
  (await db
    .select({ status: orders.status, paymentState: orders.paymentState })
    .from(orders)
    .where(eq(orders.id, orderId))
    .get())!;

describe("the orders tab's cards", () => {
  it("finds an order by its own reference and shows its payment, its hold and its history", async () => {
    const [pending, ...others] = await list("q=jm-pend");
    expect(others).toEqual([]);
    expect(pending).toMatchObject({
      id: "o-pending",
      reference: "JM-PEND22",
      flightReference: "F0A1B2C3",
      paymentState: "none",
      // 10:20 UTC is 11:20 in Zurich in November.
      hold: { until: "23/11/2026 11:20", expired: false },
      passengers: ["Passager o-pending"],
      history: [{ move: "placed", actor: "customer", by: null, detail: null, at: "23/11/2026 10:59" }],
    });
    const [paid] = await list("q=JM-PA1D33");
    expect(paid).toMatchObject({ status: "processing", paymentState: "authorised", hold: null });
    expect(paid!.history.map((entry) => [entry.move, entry.actor, entry.detail])).toEqual([
      ["placed", "customer", null],
      // The provider's event id is for the logs, not for a person reading the history.
      ["authorised", "provider", null],
    ]);
  });

  it("filters on 'En traitement'", async () => {
    expect((await list("status=processing")).map((order) => order.id)).toEqual(["o-paid", "o-declined", "o-refused"]);
  });
});

describe("'Valider' and 'Refuser'", () => {
  it("captures a processing order's card", async () => {
    const result = await decide("validate", "o-paid");
    expect(result.status).toBe(302);
    expect(result.location).toBe("/admin/orders?status=processing");
    expect(await toastOf(result)).toMatchObject({ type: "success", description: "Commande validée avec succès" });
    expect(await stateOf("o-paid")).toEqual({ status: "completed", paymentState: "captured" });
    expect(calls).toContain("capture:pi_paid");
  });

  it("records a pending order's offline payment", async () => {
    const result = await decide("validate", "o-pending");
    expect(await toastOf(result)).toMatchObject({ type: "success", description: "Commande validée avec succès" });
    expect(await stateOf("o-pending")).toEqual({ status: "completed", paymentState: "offline" });
    expect(calls.filter((call) => call.startsWith("capture:"))).toEqual(["capture:pi_paid"]);
  });

  it("says the provider's reason when the capture is refused, and leaves the order processing", async () => {
    const result = await decide("validate", "o-declined");
    expect(await toastOf(result)).toMatchObject({
      type: "error",
      description: `La capture du paiement a échoué : ${CAPTURE_REFUSAL}`,
    });
    expect(await stateOf("o-declined")).toEqual({ status: "processing", paymentState: "authorised" });
    const [declined] = await list("q=JM-DECL44");
    expect(declined!.history.map((entry) => entry.move)).toContain("captureFailed");
  });

  it("refuses a processing order and releases its authorisation, once", async () => {
    const result = await decide("refuse", "o-refused");
    expect(await toastOf(result)).toMatchObject({ type: "success", description: "Commande refusée avec succès" });
    expect(await stateOf("o-refused")).toEqual({ status: "cancelled", paymentState: "released" });
    expect(calls).toContain("release:pi_released");
    const again = await decide("refuse", "o-refused");
    expect(await toastOf(again)).toMatchObject({ type: "error", description: "Statut non mis à jour" });
    const [refused] = await list("q=JM-REFU55");
    expect(refused!.history.at(-1)).toMatchObject({ move: "refused", actor: "staff", by: "Ada Staff" });
  });

  it("refuses a gestionnaire with the 403", async () => {
    const result = await decide("validate", "o-declined", "gestionnaire");
    expect(result.status).toBe(403);
    expect(await stateOf("o-declined")).toEqual({ status: "processing", paymentState: "authorised" });
  });
});
