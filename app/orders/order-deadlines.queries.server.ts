/**
 * The reads of the authorisation's deadline and of departed flights
 * (docs/decisions/034-reschedules-and-deadlines.md): processing orders whose card
 * authorisation has lapsed or lapses soon, processing orders whose flight has left, the
 * staff who validate orders, and the daily mail's claim.
 */
import { and, asc, eq, inArray, isNotNull, lte, sql } from "drizzle-orm";
import type { Db } from "#app/db/client.server";
import { flights, orders, users } from "#app/db/schema";
import { type Role } from "#app/utils/constants";
import { arrivalAirport, departureAirport } from "#app/db/airport-aliases.server";
import { insertOutboxMailWhen, type NewOutboxMail } from "#app/db/outbox-insert.server";
import { runBatch } from "#app/db/d1-batch.server";

/** Processing orders whose authorisation lapsed at `now` or before (a bounded batch for one cron run). */
export function listLapsedAuthorisations(db: Db, { now, limit = 200 }: { now: Date; limit?: number }) {
  return db
    .select({ id: orders.id })
    .from(orders)
    .where(and(eq(orders.status, "processing"), lte(orders.captureBefore, now)))
    .orderBy(asc(orders.captureBefore))
    .limit(limit);
}

/** Processing orders whose flight has left: nobody can validate them any more. */
export function listDepartedProcessingOrders(db: Db, { now, limit = 200 }: { now: Date; limit?: number }) {
  return db
    .select({ id: orders.id })
    .from(orders)
    .innerJoin(flights, eq(orders.flightId, flights.id))
    .where(and(eq(orders.status, "processing"), lte(flights.departureDate, now)))
    .limit(limit);
}

/** Processing orders whose authorisation lapses by `until`, nearest first, as the staff mail lists them. */
export function listDueAuthorisations(db: Db, { until }: { until: Date }) {
  return db
    .select({
      reference: orders.reference,
      id: orders.id,
      from: departureAirport.servedCity,
      to: arrivalAirport.servedCity,
      firstName: sql<string>`json_extract(${orders.customerInfo}, '$.firstName')`,
      lastName: sql<string>`json_extract(${orders.customerInfo}, '$.lastName')`,
      amountCents: orders.amountCents,
      captureBefore: orders.captureBefore,
    })
    .from(orders)
    .innerJoin(flights, eq(orders.flightId, flights.id))
    .innerJoin(departureAirport, eq(flights.departureAirportId, departureAirport.id))
    .innerJoin(arrivalAirport, eq(flights.arrivalAirportId, arrivalAirport.id))
    .where(and(eq(orders.status, "processing"), isNotNull(orders.captureBefore), lte(orders.captureBefore, until)))
    .orderBy(asc(orders.captureBefore), asc(orders.id));
}

/** The staff of these roles (those who may validate orders), with the language each reads. */
export function listStaffOf(db: Db, roles: Role[]) {
  return db.select({ email: users.email, language: users.language }).from(users).where(inArray(users.role, roles));
}

/**
 * The daily mail to one staff member, stored only if none of its template went to them since
 * `since` (the start of the Zurich day): one statement, so two crons at once store it once.
 * Its outbox id, or null when it was already sent today.
 */
export async function claimDailyMail(db: Db, mail: NewOutboxMail, { since }: { since: Date }) {
  const [result] = await runBatch(db, [
    insertOutboxMailWhen(
      mail,
      sql`not exists (select 1 from mail_outbox where template = ${mail.template} and to_address = ${mail.toAddress}
        and created_at >= ${since.getTime()})`,
    ),
  ]);
  return (result!.results[0] as { id: number } | undefined)?.id ?? null;
}
