/**
 * On the server, an order is read by its owner, staff or the link's key, and by nobody
 * else, whatever ids are sent (DECISIONS.md D3).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestContext } from "#tests/context";
import { createTestD1 } from "#tests/d1";
import { airports, flights, users } from "#app/db/schema";
import { findFlightListing } from "#app/models/flights.server";
import { loader as confirmationLoader } from "#app/routes/confirmation.$orderId";
import { action as favoritesAction } from "#app/routes/favorites";
import { checkout } from "#app/services/checkout.server";
import { startSession } from "#app/utils/session.server";
import { cookiePair, get, post, run } from "./remix";

let d1: D1Database;
let dispose: () => Promise<void>;
const now = new Date("2026-11-23T10:00:00Z");
let orderId = "";
let accessKey = "";

beforeAll(async () => {
  let db;
  ({ d1, db, dispose } = await createTestD1());
  await db.insert(users).values(
    (["owner", "other", "staff"] as const).map((id) => ({
      id,
      email: `${id}@example.ch`,
      passwordHash: "x",
      firstName: id,
      lastName: "T",
      role: id === "staff" ? ("gestionnaire" as const) : ("client" as const),
      emailConfirmedAt: now,
    })),
  );
  const [from, to] = await db.insert(airports).values([{ icaoCode: "LSGG", servedCity: "Genève" }, { icaoCode: "LFMN", servedCity: "Nice" }]).returning();
  await db.insert(flights).values({
    id: "f1",
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
  const context = createTestContext({ d1, now });
  const result = await checkout(context, {
    flight: (await findFlightListing(context.db, "f1"))!,
    request: { kind: "seats", seats: 1 },
    seenAvailableSeats: 6,
    customer: { firstName: "O", lastName: "W", email: "owner@example.ch", phone: "+41 79 000 00 00", address: "A", zipCode: "1", city: "C", country: "CH" },
    userId: "owner",
    language: "fr",
    idempotencyKey: crypto.randomUUID(),
  });
  if (result.status !== "ordered") throw new Error("setup: no order");
  ({ orderId, accessKey } = result);
});
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
  it("lets the owner, staff and the key holder in", async () => {
    expect((await readOrder(`/confirmation/${orderId}`, await cookieOf("owner"))).status).toBe(200);
    expect((await readOrder(`/confirmation/${orderId}`, await cookieOf("staff"))).status).toBe(200);
    expect((await readOrder(`/confirmation/${orderId}?key=${accessKey}`)).status).toBe(200);
  });

  it("answers another user, a wrong key and an unknown id with the same 404", async () => {
    expect((await readOrder(`/confirmation/${orderId}`, await cookieOf("other"))).status).toBe(404);
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
