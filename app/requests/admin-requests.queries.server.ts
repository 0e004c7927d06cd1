import { and, type AnyColumn, count, desc, eq, or, type SQL, sql } from "drizzle-orm";

import type { Db } from "#app/db/client.server";
import { customRequests, exclusiveRequests, newsletterSubscribers, users } from "#app/db/schema";
import { INBOX_STATES, type InboxState, type RequestStatus } from "#app/utils/constants";
import { containsPattern, LIST_PAGE_SIZE, pageOffset } from "#app/utils/list-params";

export const REQUESTS_PAGE_SIZE = LIST_PAGE_SIZE;

const handler = { handledByFirstName: users.firstName, handledByLastName: users.lastName };

export type InboxView = { state: InboxState | null; sort: "newest" | "expiring"; now: Date };

/**
 * A request's state in the inbox (docs/decisions/058-offers.md), from its last offer: offered while it is open and
 * unexpired, expired once past, accepted, declined; else the request's own status (new or handled), a withdrawn offer
 * included.
 */
function inboxColumns(
  kind: "custom" | "exclusive",
  table: typeof customRequests | typeof exclusiveRequests,
  now: Date,
) {
  const latest = (column: string) =>
    sql.raw(
      `(select o.${column} from offers o where o.request_kind = '${kind}' and o.request_id = ${kind === "custom" ? "custom_requests" : "exclusive_requests"}.id order by o.version desc limit 1)`,
    );
  const state = sql<InboxState>`case
    when ${latest("status")} = 'open' and ${latest("expires_at")} > ${now.getTime()} then 'offered'
    when ${latest("status")} = 'open' then 'expired'
    when ${latest("status")} in ('accepted', 'declined') then ${latest("status")}
    else ${table.status} end`;
  // Only a live offer's: the inbox sorts by what expires next, and an expired one says so in its state.
  const expiresAt = sql<
    number | null
  >`case when ${latest("status")} = 'open' and ${latest("expires_at")} > ${now.getTime()}
    then ${latest("expires_at")} end`;
  return { state, expiresAt };
}

function inboxQuery(
  kind: "custom" | "exclusive",
  table: typeof customRequests | typeof exclusiveRequests,
  search: string,
  view: InboxView,
) {
  const { state, expiresAt } = inboxColumns(kind, table, view.now);
  const where = and(contactContains(table, search), view.state ? sql`${state} = ${view.state}` : undefined);
  // What expires first: open offers by their expiry, then the rest newest first.
  const order =
    view.sort === "expiring"
      ? [sql`${expiresAt} is null`, sql`${expiresAt}`, desc(table.createdAt), desc(table.id)]
      : [desc(table.createdAt), desc(table.id)];
  return { columns: { inboxState: state, offerExpiresAt: expiresAt }, where, order };
}

export function isInboxState(value: string | null): value is InboxState {
  return (INBOX_STATES as readonly (string | null)[]).includes(value);
}

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

const NEWEST: InboxView = { state: null, sort: "newest", now: new Date(0) };

export async function listExclusiveRequests(db: Db, page: number, search = "", view: InboxView = NEWEST) {
  const { columns, where, order } = inboxQuery("exclusive", exclusiveRequests, search, view);
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
        ...columns,
        ...handler,
      })
      .from(exclusiveRequests)
      .leftJoin(users, eq(exclusiveRequests.handledBy, users.id))
      .where(where)
      .orderBy(...order)
      .limit(REQUESTS_PAGE_SIZE)
      .offset(pageOffset(page)),
    db.select({ n: count() }).from(exclusiveRequests).where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}

export async function listCustomRequests(db: Db, page: number, search = "", view: InboxView = NEWEST) {
  const { columns, where, order } = inboxQuery("custom", customRequests, search, view);
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
        ...columns,
        ...handler,
      })
      .from(customRequests)
      .leftJoin(users, eq(customRequests.handledBy, users.id))
      .where(where)
      .orderBy(...order)
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
