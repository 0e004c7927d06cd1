/** The seat hold of an open offer on a rerouted whole-aircraft leg, on a real D1 (docs/decisions/059-rerouted-legs.md). */
import type { AppLoadContext } from "@remix-run/cloudflare";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";

import { airports, customRequests, flights, offers, rerouteDetails, users } from "#app/db/schema";
import { createTestContext } from "#tests/context";
import { createTestD1 } from "#tests/d1";
import { testUser } from "#tests/user-rows";

import type { StaffOfferInput } from "./offer-forms";
import { declineOffer, makeOffer, releaseExpiredOfferHolds, withdrawOffer } from "./offers.server";

const HOUR = 3_600_000;
const start = new Date("2026-11-24T10:00:00Z");
let clock = start;
let context: AppLoadContext;
let dispose: () => Promise<void>;
let airportIds: number[] = [];
let legNumber = 0;

beforeAll(async () => {
  let d1: D1Database;
  ({ d1, dispose } = await createTestD1());
  context = createTestContext({ d1, now: () => clock });
  await context.db.insert(users).values(testUser("staff", { role: "gestionnaire" }));
  const rows = await context.db
    .insert(airports)
    .values([
      { icaoCode: "LSGG", servedCity: "Genève", latitude: 46.2381, longitude: 6.1089 },
      { icaoCode: "LFMN", servedCity: "Nice", latitude: 43.6584, longitude: 7.2159 },
      { icaoCode: "LSGS", servedCity: "Sion", latitude: 46.2196, longitude: 7.3267 },
    ])
    .returning();
  airportIds = rows.map((row) => row.id);
});
afterAll(() => dispose());
beforeEach(() => {
  clock = start;
});

/** A listed leg Geneva → Nice with `seats` seats (`held` of them already held), and a custom request to fly it from Sion. */
async function rerouteRequest({ seats = 6, held = 0 } = {}) {
  legNumber += 1;
  const legId = `leg-${legNumber}`;
  await context.db.insert(flights).values({
    id: legId,
    departureAirportId: airportIds[0]!,
    arrivalAirportId: airportIds[1]!,
    departureDate: new Date(start.getTime() + (10 + legNumber) * 24 * HOUR),
    arrivalDate: new Date(start.getTime() + (10 + legNumber) * 24 * HOUR + HOUR),
    flightTime: 60,
    aircraftType: "PC12",
    pricePerMinute: 50,
    feedSeats: seats,
    seatsHeld: held,
    refreshedAt: start,
  });
  const id = `reroute-${legNumber}`;
  await context.db.insert(customRequests).values({
    id,
    departure: "Sion",
    arrival: "Nice",
    date: "2026-12-10",
    passengers: 2,
    firstName: "Rémi",
    lastName: "Route",
    email: `remi-${legNumber}@example.ch`,
    phone: "+41 79 000 00 00",
    idempotencyKey: `key-${id}`,
  });
  await context.db.insert(rerouteDetails).values({
    requestId: id,
    flightId: legId,
    end: "departure",
    airportId: airportIds[2]!,
    departureAt: new Date(start.getTime() + 10 * 24 * HOUR),
    km: 94,
    minutes: 12,
    estimateCents: 60_000,
  });
  return { legId, request: { kind: "custom" as const, id } };
}

const form = (time = "09:00"): StaffOfferInput => ({
  intent: "offer",
  from: "LSGS",
  to: "LFMN",
  day: "2026-12-10",
  time,
  windowHours: 0,
  flightMinutes: 75,
  aircraftId: "pc12-ngx",
  seats: 2,
  priceEuros: 5_200,
  included: "Positionnement depuis Genève",
  expiryHours: 48,
  operatorName: "Alpes Jet SA",
  operatorAoc: "CH.AOC.1042",
  operatorState: "CH",
});

async function offer(request: { kind: "custom"; id: string }, time?: string) {
  const made = await makeOffer(context, { request, form: form(time), by: "staff" });
  if (!made.ok) throw new Error(made.reason);
  return made;
}
const seatsHeld = async (legId: string) =>
  (await context.db.select().from(flights).where(eq(flights.id, legId)).get())!.seatsHeld;
const heldByOffers = async (legId: string) =>
  (await context.db.select().from(offers).where(eq(offers.heldFlightId, legId))).reduce(
    (sum, row) => sum + row.heldSeats,
    0,
  );

describe("an open offer on a rerouted leg", () => {
  it("holds the whole leg once, across a new version, and gives it back when withdrawn", async () => {
    const { legId, request } = await rerouteRequest();
    expect((await offer(request)).heldLeg).toBe(true);
    expect([await seatsHeld(legId), await heldByOffers(legId)]).toEqual([6, 6]);
    await offer(request, "10:00");
    expect([await seatsHeld(legId), await heldByOffers(legId)]).toEqual([6, 6]);
    const [open] = await context.db.select().from(offers).where(eq(offers.status, "open"));
    expect(await withdrawOffer(context, open!.id)).toEqual({ ok: true });
    expect([await seatsHeld(legId), await heldByOffers(legId)]).toEqual([0, 0]);
  });

  it("gives the leg back when the customer declines", async () => {
    const { legId, request } = await rerouteRequest();
    const { offerId } = await offer(request);
    expect(await seatsHeld(legId)).toBe(6);
    expect(await declineOffer(context, { offerId, ip: "203.0.113.4" })).toEqual({ ok: true });
    expect(await seatsHeld(legId)).toBe(0);
  });

  it("gives the leg back at the offer's expiry, once however often the cron runs", async () => {
    const { legId, request } = await rerouteRequest();
    await offer(request);
    clock = new Date(start.getTime() + 48 * HOUR - 1);
    await releaseExpiredOfferHolds(context);
    expect(await seatsHeld(legId)).toBe(6);
    clock = new Date(start.getTime() + 48 * HOUR);
    await releaseExpiredOfferHolds(context);
    await releaseExpiredOfferHolds(context);
    expect([await seatsHeld(legId), await heldByOffers(legId)]).toEqual([0, 0]);
  });

  it("holds nothing of a leg a customer already holds a seat on: the offer is made, the seat stays theirs", async () => {
    const { legId, request } = await rerouteRequest({ held: 1 });
    expect((await offer(request)).heldLeg).toBe(false);
    expect([await seatsHeld(legId), await heldByOffers(legId)]).toEqual([1, 0]);
  });
});
