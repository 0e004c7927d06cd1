/**
 * Everything the database holds about one person (docs/privacy.md 'Droits des personnes'):
 * which rows are theirs, and what the erasure deletes or anonymises. The export
 * (person-data.queries.server.ts) finds the person's rows with the same conditions as the
 * erasure, so the two cannot drift apart. A row is the person's by their account (`user_id`)
 * or, for what they sent without signing in, by their address: orders, requests, the
 * newsletter, mails and the sign-in counters.
 */
import { and, eq, inArray, ne, sql, type SQL } from "drizzle-orm";
import type { Db } from "#app/db/client.server";
import {
  alertDeliveries,
  customRequests,
  exclusiveRequests,
  favorites,
  flights,
  mailOutbox,
  newsletterSubscribers,
  alertWatches,
  notifications,
  oneTimeTokens,
  orderLinks,
  orders,
  rateLimits,
  sessions,
  users,
} from "#app/db/schema";
import { userMayBeDeleted } from "#app/db/last-admin.server";

/** What an erasure writes in place of a person's names (orders, requests). */
export const ANONYMISED_NAME = { firstName: "Client", lastName: "anonymisé" } as const;
/** What an erasure writes in place of each passenger's name. */
export const ANONYMISED_PASSENGER = "Passager anonymisé";
/** The subject a delivered mail keeps once its person is erased (its body goes). */
export const ERASED_MAIL_SUBJECT = "[anonymisé]";

/** An order's customer once anonymised: the placeholder names and `email`, no contact details, the country kept (VAT). */
export const anonymisedCustomerInfo = (email: string) =>
  sql`json_object('firstName', ${ANONYMISED_NAME.firstName}, 'lastName', ${ANONYMISED_NAME.lastName}, 'email', ${email},
    'phone', '', 'address', '', 'zipCode', '', 'city', '', 'country', json_extract(${orders.customerInfo}, '$.country'))`;
/** One placeholder per named passenger, so the count of names still matches the seats. */
export const anonymisedPassengers = sql`case when ${orders.passengers} is null then null else
  (select json_group_array(case when trim(value) = '' then '' else ${ANONYMISED_PASSENGER} end) from json_each(${orders.passengers})) end`;

/** The account row, password hash included (the service checks it and never returns it). */
export async function findAccount(db: Db, userId: string) {
  const [row] = await db.select().from(users).where(eq(users.id, userId)).limit(1);
  return row ?? null;
}

/** The person's orders: placed with the account, or without it under the account's address. */
export const ordersOf = (userId: string, email: string) =>
  sql`(${orders.userId} = ${userId} or json_extract(${orders.customerInfo}, '$.email') = ${email})`;
/** The person's requests, the same way (request addresses were stored as typed). */
export const requestsOf = (table: typeof exclusiveRequests | typeof customRequests, userId: string, email: string) =>
  sql`(${table.userId} = ${userId} or lower(${table.email}) = ${email})`;
/**
 * Mails to the address, and mails whose data carry it (in any case: request addresses
 * are stored as typed) or one of the person's order references (`orderReferences`): staff
 * mails about their orders and requests, order mails sent to another address they typed
 * at checkout.
 */
const mailsAbout = (email: string, orderReferences: string[]) =>
  sql`(lower(${mailOutbox.toAddress}) = ${email} or instr(lower(${mailOutbox.data}), json_quote(${email})) > 0
    or exists (select 1 from json_each(${JSON.stringify(orderReferences)}) where instr(${mailOutbox.data}, json_quote(value)) > 0))`;
/** Sign-in and reset counters keyed by the address (limits/rate-limits.server.ts: every such key ends ':' + email). */
const countersOf = (email: string) => sql`substr(${rateLimits.key}, -(length(${email}) + 1)) = ':' || ${email}`;

/**
 * Whether the account may be erased now: `mayBeDeleted` (it exists and is not the last
 * admin, the rule of every deletion); how many of the person's orders are still under
 * way (unpaid, awaiting validation, or a confirmed flight yet to depart: the operator
 * needs the names until the flight); and the references of all their orders (what
 * finds the mails about them). Null when the account does not exist.
 */
export async function erasureCheck(db: Db, { userId, email, now }: { userId: string; email: string; now: Date }) {
  const [[account], personOrders] = await db.batch([
    db
      .select({ mayBeDeleted: sql<number>`${userMayBeDeleted(userId)}` })
      .from(users)
      .where(eq(users.id, userId)),
    db
      .select({
        reference: sql<string>`coalesce(${orders.reference}, ${orders.id})`,
        active: sql<number>`${orders.status} in ('pending', 'processing') or (${orders.status} = 'completed' and ${flights.departureDate} > ${now.getTime()})`,
      })
      .from(orders)
      .innerJoin(flights, eq(flights.id, orders.flightId))
      .where(ordersOf(userId, email)),
  ]);
  if (!account) return null;
  return {
    mayBeDeleted: Boolean(account.mayBeDeleted),
    activeOrders: personOrders.filter((order) => Boolean(order.active)).length,
    orderReferences: personOrders.map((order) => order.reference),
  };
}

export type ErasureInput = {
  userId: string;
  /** The account's address, as stored (lower-case). */
  email: string;
  /** What the person's orders and requests read as their address from now on. */
  placeholderEmail: string;
  /** The references of the person's orders (`erasureCheck`). */
  orderReferences: string[];
  /** The goodbye mail's outbox row while it still waits for delivery: kept for its retries. */
  keepMailId: number | null;
  now: Date;
};

/**
 * The erasure, in one batch (one transaction): the person's sessions, mail-link tokens,
 * favourites, notifications, alert watches and deliveries, newsletter subscription,
 * address-keyed counters and undelivered mails go; their orders and requests stay with
 * the personal fields replaced (amounts, flights, dates, references and statuses kept:
 * the accounting record), the orders' links revoked; delivered mails keep their date
 * and template only; then the account row goes. Every statement carries
 * `userMayBeDeleted`, evaluated before the account row goes, so when the last-admin
 * rule says no, or the account is already gone, nothing at all changes.
 * True when the account was erased.
 */
export async function eraseAccountRows(
  db: Db,
  { userId, email, placeholderEmail, orderReferences, keepMailId, now }: ErasureInput,
): Promise<boolean> {
  const allowed = userMayBeDeleted(userId);
  const guarded = (condition: SQL | undefined) => and(condition, allowed);
  const personOrders = ordersOf(userId, email);
  const mails = mailsAbout(email, orderReferences);
  const anonymiseRequest = {
    firstName: ANONYMISED_NAME.firstName,
    lastName: ANONYMISED_NAME.lastName,
    email: placeholderEmail,
    phone: "",
    userId: null,
  };
  const results = await db.batch([
    db.delete(sessions).where(guarded(eq(sessions.userId, userId))),
    db.delete(oneTimeTokens).where(guarded(eq(oneTimeTokens.userId, userId))),
    db.delete(favorites).where(guarded(eq(favorites.userId, userId))),
    db.delete(notifications).where(guarded(eq(notifications.userId, userId))),
    db.delete(alertWatches).where(guarded(eq(alertWatches.userId, userId))),
    db.delete(alertDeliveries).where(guarded(eq(alertDeliveries.userId, userId))),
    db.delete(newsletterSubscribers).where(guarded(eq(newsletterSubscribers.email, email))),
    db.delete(rateLimits).where(guarded(countersOf(email))),
    // Undelivered mails about the person are dropped (the goodbye aside); delivered ones keep their date and template.
    db
      .delete(mailOutbox)
      .where(
        guarded(
          and(mails, ne(mailOutbox.status, "sent"), keepMailId === null ? undefined : ne(mailOutbox.id, keepMailId)),
        ),
      ),
    db
      .update(mailOutbox)
      .set({ toAddress: placeholderEmail, subject: ERASED_MAIL_SUBJECT, data: {}, html: "", text: "" })
      .where(guarded(and(mails, eq(mailOutbox.status, "sent")))),
    // Before the orders lose what finds them: every link to them stops working.
    db
      .delete(orderLinks)
      .where(guarded(inArray(orderLinks.orderId, db.select({ id: orders.id }).from(orders).where(personOrders)))),
    db
      .update(orders)
      .set({
        customerInfo: anonymisedCustomerInfo(placeholderEmail),
        passengers: anonymisedPassengers,
        clientKey: null,
        userId: null,
        linkKeyHash: sql`lower(hex(randomblob(32)))`,
        updatedAt: now,
      })
      .where(guarded(personOrders)),
    db
      .update(exclusiveRequests)
      .set({ ...anonymiseRequest, address: "", zipCode: "", city: "", message: null })
      .where(guarded(requestsOf(exclusiveRequests, userId, email))),
    db
      .update(customRequests)
      .set(anonymiseRequest)
      .where(guarded(requestsOf(customRequests, userId, email))),
    db
      .delete(users)
      .where(guarded(eq(users.id, userId)))
      .returning({ id: users.id }),
  ]);
  const deleted = results[results.length - 1] as Array<{ id: string }>;
  return deleted.length === 1;
}
