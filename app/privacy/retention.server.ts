/**
 * Retention (docs/privacy.md 'Retention'): one task per rule, each one statement
 * or one batch bounded by a date cut-off, so a run does a day's worth of work and a second
 * run changes nothing. Periods come from app/content/retention-periods.ts. Expired sessions,
 * one-time tokens and rate-limit windows go every five minutes (./cleanup.server.ts).
 */
import { TZDate } from "@date-fns/tz";
import { and, eq, exists, inArray, isNull, lt, ne, not, notExists, or, sql } from "drizzle-orm";
import { sub } from "date-fns";
import type { Db } from "#app/db/client.server";
import {
  alertDeliveries,
  customRequests,
  devPaymentSessions,
  exclusiveRequests,
  flights,
  mailOutbox,
  newsletterSubscribers,
  notifications,
  orderLinks,
  orders,
  syncRuns,
  users,
} from "#app/db/schema";
import { ANONYMISED_NAME, ANONYMISED_PASSENGER, ERASED_MAIL_SUBJECT } from "./privacy.queries.server";
import { DISPLAY_TIME_ZONE } from "#app/utils/format";
import {
  ACCOUNTING_RECORDS_PERIOD,
  RETENTION,
  type RetentionPeriod,
  type RetentionRule,
} from "#app/content/retention-periods";

/** What an expired mail's recipient and an anonymised order's address read as (`invalid`: RFC 2606, never deliverable; the erasure adds a random part). */
export const ANONYMISED_EMAIL = "anonymised@invalid";

/** The instant `period` before `now`, counted in Zurich calendar days, months or years. */
export function retentionCutoff(now: Date, period: RetentionPeriod): Date {
  return new Date(sub(new TZDate(now.getTime(), DISPLAY_TIME_ZONE), period).getTime());
}

/**
 * Before this instant, a flight's year ended more than the accounting period ago: the
 * first midnight (Zurich) of the year `ACCOUNTING_RECORDS_PERIOD` before the current one.
 */
export function accountingCutoff(now: Date): Date {
  const year = new TZDate(now.getTime(), DISPLAY_TIME_ZONE).getFullYear();
  return new Date(new TZDate(year - ACCOUNTING_RECORDS_PERIOD.years, 0, 1, DISPLAY_TIME_ZONE).getTime());
}

/** Sent mails past their period keep their template, locale, status, tries and dates; the rest is cleared. */
export async function clearSentMailContent(db: Db, now: Date) {
  const result = await db
    .update(mailOutbox)
    .set({ toAddress: ANONYMISED_EMAIL, subject: ERASED_MAIL_SUBJECT, html: "", text: "", data: {} })
    .where(
      and(
        eq(mailOutbox.status, "sent"),
        lt(mailOutbox.sentAt, retentionCutoff(now, RETENTION.sentMailContent)),
        // Not cleared yet (here, or by an erasure that left its own placeholder address).
        or(ne(mailOutbox.html, ""), ne(mailOutbox.text, ""), ne(mailOutbox.subject, ERASED_MAIL_SUBJECT)),
      ),
    );
  return { mails: result.meta.changes };
}

/** Unread notifications stay (the customer has not seen them); read ones go after their period. */
export async function deleteReadNotifications(db: Db, now: Date) {
  const result = await db
    .delete(notifications)
    .where(
      and(eq(notifications.read, true), lt(notifications.createdAt, retentionCutoff(now, RETENTION.readNotifications))),
    );
  return { notifications: result.meta.changes };
}

/** Finished syncs past their period; a run still `running` is the sync's lease and stays. */
export async function deleteOldSyncRuns(db: Db, now: Date) {
  const result = await db
    .delete(syncRuns)
    .where(and(ne(syncRuns.status, "running"), lt(syncRuns.startedAt, retentionCutoff(now, RETENTION.syncRuns))));
  return { syncRuns: result.meta.changes };
}

/**
 * Alert records past their period, once their flight has left: a pair whose record went
 * while its flight could still be alerted would be alerted twice (a pair is alerted once only).
 */
export async function deleteOldAlertDeliveries(db: Db, now: Date) {
  const flightNotLeft = db
    .select({ id: flights.id })
    .from(flights)
    .where(and(eq(flights.id, alertDeliveries.flightId), sql`${flights.departureDate} >= ${now.getTime()}`));
  const result = await db
    .delete(alertDeliveries)
    .where(
      and(lt(alertDeliveries.alertedAt, retentionCutoff(now, RETENTION.alertDeliveries)), notExists(flightNotLeft)),
    );
  return { alertDeliveries: result.meta.changes };
}

/**
 * Customer accounts whose address was never confirmed, past their period. Such an
 * account cannot sign in, so it has nothing but its tokens, which go with it (ON DELETE
 * CASCADE). Staff accounts (created confirmed) and any account with an order are left
 * alone: deleting them would change who may see an order, or count the admins.
 */
export async function deleteUnconfirmedAccounts(db: Db, now: Date) {
  const deleted = await db
    .delete(users)
    .where(
      and(
        isNull(users.emailConfirmedAt),
        eq(users.role, "client"),
        lt(users.createdAt, retentionCutoff(now, RETENTION.unconfirmedAccounts)),
        notExists(db.select({ id: orders.id }).from(orders).where(eq(orders.userId, users.id))),
      ),
    )
    // Counted by the rows returned: D1's `changes` would count the cascaded tokens too.
    .returning({ id: users.id });
  return { accounts: deleted.length };
}

/** The orders whose flight left before `cutoff`. */
const ordersFlownBefore = (db: Db, cutoff: Date) =>
  db
    .select({ id: orders.id })
    .from(orders)
    .innerJoin(flights, eq(flights.id, orders.flightId))
    .where(lt(flights.departureDate, cutoff));

/**
 * The mailed links of orders whose flight left more than its period ago stop working:
 * the order's page has nothing left to do, and an old mail forwarded or leaked no longer
 * opens a page with the customer's details. Signed-in customers still see their orders
 * in their profile.
 */
export async function deleteOldOrderLinks(db: Db, now: Date) {
  const result = await db
    .delete(orderLinks)
    .where(inArray(orderLinks.orderId, ordersFlownBefore(db, retentionCutoff(now, RETENTION.orderLinks))));
  return { orderLinks: result.meta.changes };
}

/** An anonymised customer: the erasure's names (privacy/privacy.queries.server.ts), the country kept. */
const anonymisedCustomerInfo = sql`json_object('firstName', ${ANONYMISED_NAME.firstName}, 'lastName', ${ANONYMISED_NAME.lastName},
  'email', ${ANONYMISED_EMAIL}, 'phone', '', 'address', '', 'zipCode', '', 'city', '', 'country', json_extract(${orders.customerInfo}, '$.country'))`;
/** One placeholder per named passenger, so the count of names still matches the seats. */
const anonymisedPassengers = sql`case when ${orders.passengers} is null then null else
  (select json_group_array(case when trim(value) = '' then '' else ${ANONYMISED_PASSENGER} end) from json_each(${orders.passengers})) end`;

/**
 * Orders placed without an account whose flight's year ended more than the accounting
 * period ago: the customer's details, the passengers' names and the network key are
 * anonymised; amount, seats, flight, status, reference and dates stay, so the books
 * still add up. (An account's orders are anonymised when the account is deleted.)
 */
export async function anonymiseOldAnonymousOrders(db: Db, now: Date) {
  const result = await db
    .update(orders)
    .set({ customerInfo: anonymisedCustomerInfo, passengers: anonymisedPassengers, clientKey: null, updatedAt: now })
    .where(
      and(
        isNull(orders.userId),
        inArray(orders.id, ordersFlownBefore(db, accountingCutoff(now))),
        not(
          and(
            sql`${orders.customerInfo} = ${anonymisedCustomerInfo}`,
            sql`${orders.passengers} is ${anonymisedPassengers}`,
            isNull(orders.clientKey),
          )!,
        ),
      ),
    );
  return { orders: result.meta.changes };
}

/** Exclusive and made-to-measure requests past their period, in one batch. */
export async function deleteOldRequests(db: Db, now: Date) {
  const cutoff = retentionCutoff(now, RETENTION.requests);
  const [exclusive, custom] = await db.batch([
    db.delete(exclusiveRequests).where(lt(exclusiveRequests.createdAt, cutoff)),
    db.delete(customRequests).where(lt(customRequests.createdAt, cutoff)),
  ]);
  return { exclusiveRequests: exclusive.meta.changes, customRequests: custom.meta.changes };
}

/**
 * Newsletter addresses that are not subscribed (never confirmed, or unsubscribed) and
 * saw nothing (sign-up, confirmation request, unsubscription) for their period.
 * Subscribed addresses stay until they unsubscribe.
 */
export async function deleteLapsedNewsletterSignUps(db: Db, now: Date) {
  const cutoff = retentionCutoff(now, RETENTION.lapsedNewsletterSignUps).getTime();
  const s = newsletterSubscribers;
  const result = await db
    .delete(s)
    .where(
      and(
        or(isNull(s.confirmedAt), sql`${s.unsubscribedAt} is not null`),
        sql`max(${s.createdAt}, coalesce(${s.confirmRequestedAt}, 0), coalesce(${s.unsubscribedAt}, 0)) < ${cutoff}`,
      ),
    );
  return { newsletterSubscribers: result.meta.changes };
}

/**
 * The payment simulator's pages past their period whose order is settled or gone (local
 * development only): an order still pending or processing may yet capture or release
 * its simulated payment.
 */
export async function deleteOldDevPaymentSessions(db: Db, now: Date) {
  const orderUnderWay = db
    .select({ id: orders.id })
    .from(orders)
    .where(and(eq(orders.id, devPaymentSessions.orderId), inArray(orders.status, ["pending", "processing"])));
  const result = await db
    .delete(devPaymentSessions)
    .where(
      and(
        lt(devPaymentSessions.createdAt, retentionCutoff(now, RETENTION.devPaymentSessions)),
        not(exists(orderUnderWay)),
      ),
    );
  return { devPaymentSessions: result.meta.changes };
}

/**
 * The daily retention run: one task per rule of app/content/retention-periods.ts. The names are
 * those of docs/privacy.md's table (a test checks the table against this list).
 */
export const RETENTION_TASKS = [
  { name: "clear-sent-mail-content", rule: "sentMailContent", run: clearSentMailContent },
  { name: "delete-read-notifications", rule: "readNotifications", run: deleteReadNotifications },
  { name: "delete-old-sync-runs", rule: "syncRuns", run: deleteOldSyncRuns },
  { name: "delete-old-alert-deliveries", rule: "alertDeliveries", run: deleteOldAlertDeliveries },
  { name: "delete-unconfirmed-accounts", rule: "unconfirmedAccounts", run: deleteUnconfirmedAccounts },
  { name: "delete-old-order-links", rule: "orderLinks", run: deleteOldOrderLinks },
  { name: "anonymise-old-anonymous-orders", rule: "anonymousOrders", run: anonymiseOldAnonymousOrders },
  { name: "delete-old-requests", rule: "requests", run: deleteOldRequests },
  { name: "delete-lapsed-newsletter-sign-ups", rule: "lapsedNewsletterSignUps", run: deleteLapsedNewsletterSignUps },
  { name: "delete-old-dev-payment-sessions", rule: "devPaymentSessions", run: deleteOldDevPaymentSessions },
] as const satisfies ReadonlyArray<{
  name: string;
  rule: RetentionRule;
  run: (db: Db, now: Date) => Promise<Record<string, number>>;
}>;
