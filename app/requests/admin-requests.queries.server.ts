import { type AnyColumn, count, desc, eq, or, type SQL, sql } from "drizzle-orm";

import type { Db } from "#app/db/client.server";
import { customRequests, exclusiveRequests, newsletterSubscribers, users } from "#app/db/schema";
import type { RequestStatus } from "#app/utils/constants";
import { containsPattern, LIST_PAGE_SIZE, pageOffset } from "#app/utils/list-params";

export const REQUESTS_PAGE_SIZE = LIST_PAGE_SIZE;

const handler = { handledByFirstName: users.firstName, handledByLastName: users.lastName };

function contactContains(
  contact: { firstName: AnyColumn; lastName: AnyColumn; email: AnyColumn },
  search: string,
): SQL | undefined {
  if (!search) return undefined;
  const pattern = containsPattern(search);
  return or(
    sql`${contact.firstName} like ${pattern} escape '\\'`,
    sql`${contact.lastName} like ${pattern} escape '\\'`,
    sql`(${contact.firstName} || ' ' || ${contact.lastName}) like ${pattern} escape '\\'`,
    sql`${contact.email} like ${pattern} escape '\\'`,
  );
}

export async function listExclusiveRequests(db: Db, page: number, search = "") {
  const where = contactContains(exclusiveRequests, search);
  const [rows, [total]] = await Promise.all([
    db
      .select({
        id: exclusiveRequests.id,
        exclusiveFlightId: exclusiveRequests.exclusiveFlightId,
        departureDate: exclusiveRequests.departureDate,
        firstName: exclusiveRequests.firstName,
        lastName: exclusiveRequests.lastName,
        email: exclusiveRequests.email,
        phone: exclusiveRequests.phone,
        address: exclusiveRequests.address,
        zipCode: exclusiveRequests.zipCode,
        city: exclusiveRequests.city,
        country: exclusiveRequests.country,
        message: exclusiveRequests.message,
        language: exclusiveRequests.language,
        status: exclusiveRequests.status,
        handledAt: exclusiveRequests.handledAt,
        createdAt: exclusiveRequests.createdAt,
        ...handler,
      })
      .from(exclusiveRequests)
      .leftJoin(users, eq(exclusiveRequests.handledBy, users.id))
      .where(where)
      .orderBy(desc(exclusiveRequests.createdAt), desc(exclusiveRequests.id))
      .limit(REQUESTS_PAGE_SIZE)
      .offset(pageOffset(page)),
    db.select({ n: count() }).from(exclusiveRequests).where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}

export async function listCustomRequests(db: Db, page: number, search = "") {
  const where = contactContains(customRequests, search);
  const [rows, [total]] = await Promise.all([
    db
      .select({
        id: customRequests.id,
        departure: customRequests.departure,
        arrival: customRequests.arrival,
        date: customRequests.date,
        passengers: customRequests.passengers,
        firstName: customRequests.firstName,
        lastName: customRequests.lastName,
        email: customRequests.email,
        phone: customRequests.phone,
        language: customRequests.language,
        status: customRequests.status,
        handledAt: customRequests.handledAt,
        createdAt: customRequests.createdAt,
        ...handler,
      })
      .from(customRequests)
      .leftJoin(users, eq(customRequests.handledBy, users.id))
      .where(where)
      .orderBy(desc(customRequests.createdAt), desc(customRequests.id))
      .limit(REQUESTS_PAGE_SIZE)
      .offset(pageOffset(page)),
    db.select({ n: count() }).from(customRequests).where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}

export async function listNewsletterSubscribers(db: Db, page: number, search = "") {
  const where = search ? sql`${newsletterSubscribers.email} like ${containsPattern(search)} escape '\\'` : undefined;
  const [rows, [total]] = await Promise.all([
    db
      .select({
        id: newsletterSubscribers.id,
        email: newsletterSubscribers.email,
        language: newsletterSubscribers.language,
        confirmedAt: newsletterSubscribers.confirmedAt,
        unsubscribedAt: newsletterSubscribers.unsubscribedAt,
        createdAt: newsletterSubscribers.createdAt,
      })
      .from(newsletterSubscribers)
      .where(where)
      .orderBy(desc(newsletterSubscribers.createdAt), desc(newsletterSubscribers.id))
      .limit(REQUESTS_PAGE_SIZE)
      .offset(pageOffset(page)),
    db.select({ n: count() }).from(newsletterSubscribers).where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}

export async function setRequestStatus(
  db: Db,
  {
    kind,
    id,
    status,
    userId,
    now,
  }: { kind: "exclusive" | "custom"; id: string; status: RequestStatus; userId: string; now: Date },
) {
  const table = kind === "exclusive" ? exclusiveRequests : customRequests;
  const handled = status === "handled";
  const rows = await db
    .update(table)
    .set({ status, handledAt: handled ? now : null, handledBy: handled ? userId : null })
    .where(sql`${table.id} = ${id}`)
    .returning({ id: table.id });
  return rows.length === 1;
}
