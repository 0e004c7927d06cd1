/**
 * /new-flight on a real D1: the airports found or created, the flight and its INSERT log
 * in one batch, the duration estimated when the coordinates are known.
 */
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import type { Db } from "#app/db/client.server";
import { airports } from "#app/db/schema";
import { formatTime } from "#app/utils/format";

import { flightHelpers, now, openFlightsDatabase, STAFF } from "./admin-flights.fixtures";
import { createFlightFromForm } from "./admin-flights.server";

let db: Db;
let dispose: () => Promise<void>;
let ids: Record<string, number>;
beforeAll(async () => {
  ({ db, dispose, ids } = await openFlightsDatabase());
});
afterAll(() => dispose());
const { flightRow, logsOf } = flightHelpers(() => ({ db, ids }));

describe("a new flight", () => {
  const input = {
    departureCity: "  NICE ",
    arrivalCity: "Évolène-Les-Haudères",
    date: "2026-11-30",
    departureTimeType: "exact" as const,
    exactTime: "11:45",
    timeSlot: "08-12" as const,
    aircraftType: "PC24" as const,
    probability: 85,
    flexibilityDays: 2,
  };

  it("finds the known airport, creates the unknown one, and logs the INSERT in one batch", async () => {
    const result = await createFlightFromForm(db, { input: { ...input, flightTime: 50 }, staffId: STAFF, now });
    expect(result.ok).toBe(true);
    const flightId = (result as { flightId: string }).flightId;
    const row = await flightRow(flightId);
    expect(row).toMatchObject({
      departureAirportId: ids.LFMN,
      aircraftType: "PC24",
      pricePerMinute: 75,
      feedSeats: 8,
      availableSeats: 8,
      probability: 85,
      flightTime: 50,
      source: "staff",
      flexibilityDays: 2,
    });
    expect(formatTime(row.departureDate)).toBe("11:45");
    const created = (await db.select().from(airports).where(eq(airports.id, row.arrivalAirportId)).get())!;
    expect(created).toMatchObject({ servedCity: "Évolène-Les-Haudères", country: "Unknown", latitude: 0 });
    expect(created.icaoCode).toMatch(/^ZZ[A-Z0-9]{6}$/);
    const [log] = await logsOf(flightId);
    expect(log).toMatchObject({
      action: "INSERT",
      actor: "staff",
      changedBy: STAFF,
      flightLabel: "Nice → Évolène-Les-Haudères",
      oldValues: null,
    });
    expect(log!.newValues).toMatchObject({ aircraft_type: "PC24", price_per_minute: 75, feed_seats: 8 });

    // The same city in another spelling is the same airport.
    const again = await createFlightFromForm(db, {
      input: { ...input, arrivalCity: "evolene-les-hauderes", exactTime: "12:00", flightTime: 50 },
      staffId: STAFF,
      now,
    });
    expect((await flightRow((again as { flightId: string }).flightId)).arrivalAirportId).toBe(row.arrivalAirportId);
  });

  it("estimates the duration from known coordinates, and asks for it otherwise", async () => {
    const known = await createFlightFromForm(db, {
      input: { ...input, arrivalCity: "zürich", aircraftType: "PC12", departureTimeType: "slot" },
      staffId: STAFF,
      now,
    });
    const row = await flightRow((known as { flightId: string }).flightId);
    expect(row.flightTime).toBeGreaterThan(25);
    expect([formatTime(row.departureDate), row.timeSlot, row.pricePerMinute, row.feedSeats]).toEqual([
      "08:00",
      "08-12",
      50,
      6,
    ]);
    expect(
      await createFlightFromForm(db, { input: { ...input, arrivalCity: "Nowhere-Ville" }, staffId: STAFF, now }),
    ).toEqual({ ok: false, reason: "flightTimeNeeded" });
    expect(
      await createFlightFromForm(db, {
        input: { ...input, date: "2026-11-23", exactTime: "09:00", flightTime: 40 },
        staffId: STAFF,
        now,
      }),
    ).toEqual({ ok: false, reason: "past" });
  });
});
