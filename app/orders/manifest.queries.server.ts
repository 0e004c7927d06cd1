// The manifest's rows (docs/orders.md 'The manifest'): sealed values in, sealed values out; the service
// seals and opens them. Its missing fields are counted in SQL, so lists never open a sealed value.
import { asc, eq, sql } from "drizzle-orm";

import { arrivalAirport, departureAirport } from "#app/db/airport-aliases.server";
import type { Db } from "#app/db/client.server";
import { runBatch } from "#app/db/d1-batch.server";
import { flights, manifestAccess, manifestPassengers, orders } from "#app/db/schema";
import type { ManifestAccessAction } from "#app/utils/constants";

export type ManifestRow = typeof manifestPassengers.$inferSelect;
export type SealedLine = Omit<ManifestRow, "orderId" | "updatedAt" | "updatedBy">;
/** The line as the form showed it: its row's `updated_at` in ms, 0 for a line not written yet. */
export type VersionedLine = SealedLine & { version: number };
export type Luggage = { luggagePieces: number | null; luggageKg: number | null; pets: number | null };

/** The fields of one passenger's line: a line not yet written misses all of them. */
export const FIELDS_PER_PASSENGER = 8;

/** What the manifest's page and its checks need of an order and its flight. */
export async function findManifestOrder(db: Db, orderId: string) {
  const row = await db
    .select({
      order: {
        id: orders.id,
        reference: orders.reference,
        status: orders.status,
        userId: orders.userId,
        seats: orders.seats,
        passengers: orders.passengers,
        language: orders.language,
        luggagePieces: orders.luggagePieces,
        luggageKg: orders.luggageKg,
        pets: orders.pets,
      },
      flight: {
        id: flights.id,
        status: flights.status,
        departureDate: flights.departureDate,
        aircraftType: flights.aircraftType,
        manifestDeadlineHours: flights.manifestDeadlineHours,
      },
      from: { servedCity: departureAirport.servedCity, country: departureAirport.country },
      to: { servedCity: arrivalAirport.servedCity, country: arrivalAirport.country },
    })
    .from(orders)
    .innerJoin(flights, eq(orders.flightId, flights.id))
    .innerJoin(departureAirport, eq(flights.departureAirportId, departureAirport.id))
    .innerJoin(arrivalAirport, eq(flights.arrivalAirportId, arrivalAirport.id))
    .where(eq(orders.id, orderId))
    .get();
  return row ?? null;
}
export type ManifestOrder = NonNullable<Awaited<ReturnType<typeof findManifestOrder>>>;

export function readManifestRows(db: Db, orderId: string) {
  return db
    .select()
    .from(manifestPassengers)
    .where(eq(manifestPassengers.orderId, orderId))
    .orderBy(asc(manifestPassengers.seat))
    .all();
}

/** The non-empty fields of each order's lines, by order id. */
export async function filledFieldCounts(db: Db, orderIds: readonly string[]): Promise<Map<string, number>> {
  if (orderIds.length === 0) return new Map();
  const filled = sql<number>`sum(
    (given_names <> '') + (surname <> '') + (nationality is not null) + (document_kind is not null)
    + (document_number_sealed is not null) + (issuer is not null) + (expires_on is not null)
    + (birth_date_sealed is not null))`;
  const rows = await db
    .select({ orderId: manifestPassengers.orderId, filled })
    .from(manifestPassengers)
    // One bound value however many orders: D1 takes at most 100 per statement.
    .where(sql`${manifestPassengers.orderId} in (select value from json_each(${JSON.stringify(orderIds)}))`)
    .groupBy(manifestPassengers.orderId)
    .all();
  return new Map(rows.map((row) => [row.orderId, Number(row.filled)]));
}

/**
 * Every line and the luggage in one batch, with the access record when staff write; `lines` only hold the seats
 * the form sent, so another seat's line stays as it was.
 */
export async function writeManifest(
  db: Db,
  {
    orderId,
    flightId,
    lines,
    luggage,
    userId,
    byStaff,
    now,
  }: {
    orderId: string;
    flightId: string;
    lines: readonly VersionedLine[];
    luggage: Luggage;
    userId: string | null;
    byStaff: boolean;
    now: Date;
  },
) {
  const statements = lines.map((line) => {
    const { seat: _seat, version, ...fields } = line;
    return db
      .insert(manifestPassengers)
      .values({ ...fields, seat: line.seat, orderId, updatedBy: userId, updatedAt: now })
      .onConflictDoUpdate({
        target: [manifestPassengers.orderId, manifestPassengers.seat],
        // A sealed field left blank keeps its value: the form never gets it back (docs/privacy.md 'Manifests').
        set: {
          ...fields,
          documentNumberSealed: sql`coalesce(excluded.document_number_sealed, ${manifestPassengers.documentNumberSealed})`,
          birthDateSealed: sql`coalesce(excluded.birth_date_sealed, ${manifestPassengers.birthDateSealed})`,
          updatedBy: userId,
          updatedAt: now,
        },
        // Only the line the form showed: another save in between leaves this one unwritten.
        setWhere: sql`${manifestPassengers.updatedAt} = ${version}`,
      })
      .getSQL();
  });
  statements.push(db.update(orders).set(luggage).where(eq(orders.id, orderId)).getSQL());
  if (byStaff) statements.push(accessInsert(db, { flightId, orderId, userId, action: "edit", now }).getSQL());
  const results = await runBatch(db, statements);
  // The seats another save changed since the form was shown: not written.
  return lines.filter((_, index) => (results[index]?.meta.changes ?? 0) === 0).map((line) => line.seat);
}

export function accessInsert(
  db: Db,
  entry: { flightId: string; orderId: string | null; userId: string | null; action: ManifestAccessAction; now: Date },
) {
  const { now, ...rest } = entry;
  return db.insert(manifestAccess).values({ ...rest, createdAt: now });
}

export async function recordManifestAccess(
  db: Db,
  entry: { flightId: string; orderId: string | null; userId: string | null; action: ManifestAccessAction; now: Date },
) {
  await accessInsert(db, entry).run();
}
