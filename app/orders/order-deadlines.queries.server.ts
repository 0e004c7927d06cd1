import { and, asc, eq, inArray, isNotNull, lte, sql } from "drizzle-orm";

import { arrivalAirport, departureAirport } from "#app/db/airport-aliases.server";
import type { Db } from "#app/db/client.server";
import { runBatch } from "#app/db/d1-batch.server";
import { insertOutboxMailWhen, type NewOutboxMail } from "#app/db/outbox-insert.server";
import { flights, orders, users } from "#app/db/schema";
import type { Role } from "#app/utils/constants";

export function listLapsedAuthorisations(db: Db, { now, limit = 200 }: { now: Date; limit?: number }) {
  return db
    .select({ id: orders.id })
    .from(orders)
    .where(and(eq(orders.status, "processing"), lte(orders.captureBefore, now)))
    .orderBy(asc(orders.captureBefore))
    .limit(limit);
}

export function listDepartedProcessingOrders(db: Db, { now, limit = 200 }: { now: Date; limit?: number }) {
  return db
    .select({ id: orders.id })
    .from(orders)
    .innerJoin(flights, eq(orders.flightId, flights.id))
    .where(and(eq(orders.status, "processing"), lte(flights.departureDate, now)))
    .limit(limit);
}

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

export function listStaffOf(db: Db, roles: Role[]) {
  return db.select({ email: users.email, language: users.language }).from(users).where(inArray(users.role, roles));
}

/** One statement, so two crons at once store the day's mail once; null when it was already sent today. */
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
