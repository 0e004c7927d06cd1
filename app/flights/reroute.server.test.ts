/** A leg asked from or to another airport, on a real D1 (docs/decisions/059-rerouted-legs.md). */
import type { AppLoadContext } from "@remix-run/cloudflare";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { airports, customRequests, flights, mailOutbox, rerouteDetails } from "#app/db/schema";
import { createTestContext } from "#tests/context";
import { createTestD1 } from "#tests/d1";

import { findReroutableLeg, rerouteOptions, submitReroute } from "./reroute.server";
import type { RerouteRequestInput } from "./reroute-forms";

const now = new Date("2026-11-24T10:00:00Z");
let context: AppLoadContext;
let dispose: () => Promise<void>;

beforeAll(async () => {
  let d1: D1Database;
  ({ d1, dispose } = await createTestD1());
  context = createTestContext({ d1, now });
  const rows = await context.db
    .insert(airports)
    .values([
      { icaoCode: "LSGG", servedCity: "Genève", latitude: 46.2381, longitude: 6.1089 },
      { icaoCode: "LFMN", servedCity: "Nice", latitude: 43.6584, longitude: 7.2159 },
      { icaoCode: "LSGS", servedCity: "Sion", latitude: 46.2196, longitude: 7.3267 },
      { icaoCode: "LSZB", servedCity: "Berne", latitude: 46.9141, longitude: 7.4971 },
      // 290 km from Geneva: out of reach.
      { icaoCode: "LSZH", servedCity: "Zurich", latitude: 47.4647, longitude: 8.5492 },
    ])
    .returning();
  await context.db.insert(flights).values({
    id: "leg",
    departureAirportId: rows[0]!.id,
    arrivalAirportId: rows[1]!.id,
    departureDate: new Date("2026-12-05T09:00:00Z"),
    arrivalDate: new Date("2026-12-05T10:10:00Z"),
    flightTime: 70,
    aircraftType: "PC24",
    pricePerMinute: 75,
    feedSeats: 8,
    flexibilityDays: 1,
    refreshedAt: now,
  });
});
afterAll(() => dispose());

const input = (extra: Partial<RerouteRequestInput> = {}): RerouteRequestInput => ({
  idempotencyKey: crypto.randomUUID(),
  end: "departure",
  airport: "LSGS",
  day: "2026-12-05",
  time: "08:30",
  passengers: 4,
  firstName: "Léa",
  lastName: "Muller",
  email: "lea@example.ch",
  phone: "+41 79 123 45 67",
  ...extra,
});

describe("a leg from another airport", () => {
  it("offers the airports within 200 km of each end, nearest first, and the leg's window of days", async () => {
    const leg = (await findReroutableLeg(context, "leg"))!;
    const options = await rerouteOptions(context, leg);
    expect(options.departure).toEqual([
      { code: "LSGS", city: "Sion", km: 94 },
      { code: "LSZB", city: "Berne", km: 130 },
    ]);
    expect(options.arrival).toEqual([]);
    expect(options.days).toEqual(["2026-12-04", "2026-12-05", "2026-12-06"]);
  });

  it("stores the request with the leg, the positioning and its estimate, and mails staff and the customer", async () => {
    const leg = (await findReroutableLeg(context, "leg"))!;
    const sent = input();
    expect(await submitReroute(context, { leg, input: sent, language: "en", userId: null, ip: "203.0.113.9" })).toEqual(
      {
        ok: true,
        created: true,
      },
    );
    const request = (await context.db
      .select()
      .from(customRequests)
      .where(eq(customRequests.idempotencyKey, sent.idempotencyKey))
      .get())!;
    expect(request).toMatchObject({ departure: "Sion", arrival: "Nice", date: "2026-12-05", passengers: 4 });
    // 94 km at 815 km/h: 6.9 minutes, 7 started, at 75 € a minute.
    expect(
      await context.db.select().from(rerouteDetails).where(eq(rerouteDetails.requestId, request.id)).get(),
    ).toMatchObject({ flightId: "leg", end: "departure", km: 94, minutes: 7, estimateCents: 52_500 });
    // 08:30 in Zurich in December is 07:30 UTC.
    expect(
      (await context.db.select().from(rerouteDetails).where(eq(rerouteDetails.requestId, request.id)).get())!
        .departureAt,
    ).toEqual(new Date("2026-12-05T07:30:00Z"));
    const mails = await context.db.select().from(mailOutbox);
    expect(mails.map((mail) => [mail.template, mail.locale])).toEqual([
      ["catalogue/custom-request-staff", "fr"],
      ["catalogue/custom-request-customer", "en"],
    ]);
  });

  it("refuses an airport out of reach and a day out of the window, storing nothing", async () => {
    const leg = (await findReroutableLeg(context, "leg"))!;
    const before = (await context.db.select().from(customRequests)).length;
    const submit = (extra: Partial<RerouteRequestInput>) =>
      submitReroute(context, { leg, input: input(extra), language: "fr", userId: null, ip: "203.0.113.9" });
    expect(await submit({ airport: "LSZH" })).toEqual({
      ok: false,
      reason: "invalid",
      error: "reroute.errors.airport",
    });
    expect(await submit({ day: "2026-12-07" })).toEqual({ ok: false, reason: "invalid", error: "reroute.errors.day" });
    expect(await submit({ end: "arrival" })).toEqual({ ok: false, reason: "invalid", error: "reroute.errors.airport" });
    expect((await context.db.select().from(customRequests)).length).toBe(before);
  });
});
