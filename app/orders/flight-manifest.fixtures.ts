/**
 * The set-up of the flight manifest's tests (flight-manifest.server.test.ts, tests/unit/flight-manifest.test.ts):
 * one flight with its operator, an order of each status on it and one on another flight, staff of each role.
 */
import type { Db } from "#app/db/client.server";
import { flights, orders, users } from "#app/db/schema";
import type { OrderStatus } from "#app/utils/constants";
import { createTestContext } from "#tests/context";
import { createTestD1 } from "#tests/d1";
import { insertAirportsByCity, testFlight } from "#tests/flight-rows";
import { enrolSecondFactor } from "#tests/staff";
import { testUser } from "#tests/user-rows";

import { saveManifest } from "./manifest.server";

export const now = new Date("2026-12-01T10:00:00Z");
const HOUR = 3_600_000;
export const FLIGHT = "manifest-flight";
export const OTHER_FLIGHT = "other-flight";
export const STAFF = { admin: "mf-admin", gestionnaire: "mf-gestionnaire", client: "mf-client" } as const;

export const lea = {
  givenNames: "Léa",
  surname: "Muller",
  birthDate: "1990-04-12",
  nationality: "CH",
  documentKind: "identityCard" as const,
  documentNumber: "C1234567",
  issuer: "CH",
  expiresOn: "2030-01-31",
};

/** Orders by status on FLIGHT (two passengers each), and a completed one on OTHER_FLIGHT. */
export const ORDERS: Array<{ id: string; flightId: string; status: OrderStatus; reference: string }> = [
  { id: "mf-completed", flightId: FLIGHT, status: "completed", reference: "JM-MFCOM1" },
  { id: "mf-processing", flightId: FLIGHT, status: "processing", reference: "JM-MFPRO2" },
  { id: "mf-pending", flightId: FLIGHT, status: "pending", reference: "JM-MFPEN3" },
  { id: "mf-cancelled", flightId: FLIGHT, status: "cancelled", reference: "JM-MFCAN4" },
  { id: "mf-elsewhere", flightId: OTHER_FLIGHT, status: "completed", reference: "JM-MFOTH5" },
];

/** FLIGHT leaves in `inHours` hours (its deadline: 24 hours before). */
export async function openManifestDatabase(inHours = 72) {
  const { d1, db, dispose } = await createTestD1();
  const airport = await insertAirportsByCity(db, {
    Genève: { icaoCode: "LSGG", country: "Switzerland" },
    Nice: { icaoCode: "LFMN", country: "France" },
  });
  const departure = new Date(now.getTime() + inHours * HOUR);
  await db.insert(flights).values([
    testFlight(FLIGHT, {
      from: airport("Genève"),
      to: airport("Nice"),
      departure,
      refreshedAt: now,
      operatorName: "Alpine Air SA",
      operatorAoc: "CH.AOC.1234",
      aircraftRegistration: "HB-FXA",
    }),
    testFlight(OTHER_FLIGHT, { from: airport("Nice"), to: airport("Genève"), departure, refreshedAt: now }),
  ]);
  await db
    .insert(users)
    .values([
      testUser(STAFF.admin, { role: "admin", firstName: "Ada", lastName: "Admin" }),
      testUser(STAFF.gestionnaire, { role: "gestionnaire" }),
      testUser(STAFF.client),
    ]);
  await enrolSecondFactor(db, [STAFF.admin, STAFF.gestionnaire]);
  await db.insert(orders).values(
    ORDERS.map((order) => ({
      ...order,
      amountCents: 100_000,
      seats: 2,
      passengers: ["Léa Muller", "Anne-Marie de la Tour"],
      customerInfo: {
        firstName: "Léa",
        lastName: "Muller",
        email: "lea@example.ch",
        phone: "+41 79 123 45 67",
        address: "Rue du Rhône 1",
        zipCode: "1204",
        city: "Genève",
        country: "CH",
      },
      linkKeyHash: `hash-${order.id}`,
      holdExpiresAt: order.status === "pending" ? new Date(now.getTime() + 20 * 60_000) : null,
      // Booked in the list's order, the first the oldest.
      createdAt: new Date(now.getTime() - (ORDERS.length - ORDERS.indexOf(order)) * 60_000),
    })),
  );
  // The completed order: Léa's line and the luggage given; the second passenger only named at checkout.
  const context = createTestContext({ d1, now });
  await saveManifest(context, {
    orderId: "mf-completed",
    userId: null,
    byStaff: false,
    form: { passengers: [lea], luggagePieces: 2, luggageKg: 30, pets: 1 },
  });
  return { d1, db: db as Db, dispose };
}
