// Which rows are a person's and what the erasure does to them: docs/privacy.md 'Droits des personnes'.
import { and, eq, inArray, ne, type SQL, sql } from "drizzle-orm";

import type { Db } from "#app/db/client.server";
import { userMayBeDeleted } from "#app/db/last-admin.server";
import {
  alertDeliveries,
  alertWatches,
  customRequests,
  exclusiveRequests,
  favorites,
  flights,
  mailOutbox,
  manifestPassengers,
  newsletterSubscribers,
  notifications,
  oneTimeTokens,
  orderLinks,
  orders,
  rateLimits,
  sessions,
  users,
} from "#app/db/schema";

export const ANONYMISED_NAME = { firstName: "Client", lastName: "anonymisé" } as const;
export const ANONYMISED_PASSENGER = "Passager anonymisé";
export const ERASED_MAIL_SUBJECT = "[anonymisé]";

/** The country is kept (VAT). */
export const anonymisedCustomerInfo = (email: string) =>
  sql`json_object('firstName', ${ANONYMISED_NAME.firstName}, 'lastName', ${ANONYMISED_NAME.lastName}, 'email', ${email},
    'phone', '', 'address', '', 'zipCode', '', 'city', '', 'country', json_extract(${orders.customerInfo}, '$.country'))`;
/** One placeholder per named passenger, so the count of names still matches the seats. */
export const anonymisedPassengers = sql`case when ${orders.passengers} is null then null else
  (select json_group_array(case when trim(value) = '' then '' else ${ANONYMISED_PASSENGER} end) from json_each(${orders.passengers})) end`;

export async function findAccount(db: Db, userId: string) {
  const [row] = await db.select().from(users).where(eq(users.id, userId)).limit(1);
  return row ?? null;
}

export const ordersOf = (userId: string, email: string) =>
  sql`(${orders.userId} = ${userId} or json_extract(${orders.customerInfo}, '$.email') = ${email})`;
/** Request addresses were stored as typed, hence `lower`. */
export const requestsOf = (table: typeof exclusiveRequests | typeof customRequests, userId: string, email: string) =>
  sql`(${table.userId} = ${userId} or lower(${table.email}) = ${email})`;
/** Also the mails whose data carry the address or an order reference: staff mails, order mails to another address. */
const mailsAbout = (email: string, orderReferences: string[]) =>
  sql`(lower(${mailOutbox.toAddress}) = ${email} or instr(lower(${mailOutbox.data}), json_quote(${email})) > 0
    or exists (select 1 from json_each(${JSON.stringify(orderReferences)}) where instr(${mailOutbox.data}, json_quote(value)) > 0))`;
/** Every address-keyed limit ends with ':' + email (limits/rate-limits.server.ts). */
const countersOf = (email: string) => sql`substr(${rateLimits.key}, -(length(${email}) + 1)) = ':' || ${email}`;

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
  email: string;
  placeholderEmail: string;
  orderReferences: string[];
  keepMailId: number | null;
  now: Date;
};

/**
 * Every statement carries `userMayBeDeleted`, evaluated before the account row goes: when the last-admin rule says
 * no, or the account is already gone, nothing changes.
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
    // Before the orders lose what finds them: the manifests go whole (the passengers' names stay nowhere).
    db
      .delete(manifestPassengers)
      .where(
        guarded(inArray(manifestPassengers.orderId, db.select({ id: orders.id }).from(orders).where(personOrders))),
      ),
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
