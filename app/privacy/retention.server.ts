// Retention, one task per rule: docs/privacy.md 'Retention' (the periods: app/content/retention-periods.ts).
import { TZDate } from "@date-fns/tz";
import { sub } from "date-fns";
import { and, eq, exists, inArray, isNull, lt, ne, not, notExists, or, sql } from "drizzle-orm";

import {
  ACCOUNTING_RECORDS_PERIOD,
  RETENTION,
  type RetentionPeriod,
  type RetentionRule,
} from "#app/content/retention-periods";
import type { Db } from "#app/db/client.server";
import {
  alertDeliveries,
  customRequests,
  devPaymentSessions,
  exclusiveRequests,
  flights,
  mailOutbox,
  manifestAccess,
  newsletterSubscribers,
  notifications,
  orderLinks,
  orders,
  syncRuns,
  users,
} from "#app/db/schema";
import { DISPLAY_TIME_ZONE } from "#app/utils/format";

import { ANONYMISED_NAME, ANONYMISED_PASSENGER, ERASED_MAIL_SUBJECT } from "./privacy.queries.server";

/** `invalid` (RFC 2606) is never deliverable; the erasure adds a random part. */
export const ANONYMISED_EMAIL = "anonymised@invalid";

/** Counted in Zurich calendar days, months or years. */
export function retentionCutoff(now: Date, period: RetentionPeriod): Date {
  return new Date(sub(new TZDate(now.getTime(), DISPLAY_TIME_ZONE), period).getTime());
}

/** The first Zurich midnight of the year `ACCOUNTING_RECORDS_PERIOD` before the current one. */
export function accountingCutoff(now: Date): Date {
  const year = new TZDate(now.getTime(), DISPLAY_TIME_ZONE).getFullYear();
  return new Date(new TZDate(year - ACCOUNTING_RECORDS_PERIOD.years, 0, 1, DISPLAY_TIME_ZONE).getTime());
}

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

export async function deleteReadNotifications(db: Db, now: Date) {
  const result = await db
    .delete(notifications)
    .where(
      and(eq(notifications.read, true), lt(notifications.createdAt, retentionCutoff(now, RETENTION.readNotifications))),
    );
  return { notifications: result.meta.changes };
}

export async function deleteOldSyncRuns(db: Db, now: Date) {
  const result = await db
    .delete(syncRuns)
    .where(and(ne(syncRuns.status, "running"), lt(syncRuns.startedAt, retentionCutoff(now, RETENTION.syncRuns))));
  return { syncRuns: result.meta.changes };
}

/** Once the flight has left: a pair whose record went earlier would be alerted again. */
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

const ordersFlownBefore = (db: Db, cutoff: Date) =>
  db
    .select({ id: orders.id })
    .from(orders)
    .innerJoin(flights, eq(flights.id, orders.flightId))
    .where(lt(flights.departureDate, cutoff));

export async function deleteOldOrderLinks(db: Db, now: Date) {
  const result = await db
    .delete(orderLinks)
    .where(inArray(orderLinks.orderId, ordersFlownBefore(db, retentionCutoff(now, RETENTION.orderLinks))));
  return { orderLinks: result.meta.changes };
}

const anonymisedCustomerInfo = sql`json_object('firstName', ${ANONYMISED_NAME.firstName}, 'lastName', ${ANONYMISED_NAME.lastName},
  'email', ${ANONYMISED_EMAIL}, 'phone', '', 'address', '', 'zipCode', '', 'city', '', 'country', json_extract(${orders.customerInfo}, '$.country'))`;
const anonymisedPassengers = sql`case when ${orders.passengers} is null then null else
  (select json_group_array(case when trim(value) = '' then '' else ${ANONYMISED_PASSENGER} end) from json_each(${orders.passengers})) end`;

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

export async function deleteOldRequests(db: Db, now: Date) {
  const cutoff = retentionCutoff(now, RETENTION.requests);
  const [exclusive, custom] = await db.batch([
    db.delete(exclusiveRequests).where(lt(exclusiveRequests.createdAt, cutoff)),
    db.delete(customRequests).where(lt(customRequests.createdAt, cutoff)),
  ]);
  return { exclusiveRequests: exclusive.meta.changes, customRequests: custom.meta.changes };
}

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

/** Every personal field emptied but the initials, once the flight is 30 days gone; a second run changes nothing. */
export async function purgeOldManifests(db: Db, now: Date) {
  const flownBefore = retentionCutoff(now, RETENTION.manifests).getTime();
  const result = await db.run(sql`
    update manifest_passengers
       set given_names = substr(given_names, 1, 1) || '.', surname = substr(surname, 1, 1) || '.',
           nationality = null, document_kind = null, document_number_sealed = null, issuer = null,
           expires_on = null, birth_date_sealed = null
     where (document_number_sealed is not null or birth_date_sealed is not null or nationality is not null
            or document_kind is not null or issuer is not null or expires_on is not null
            or given_names is not substr(given_names, 1, 1) || '.' or surname is not substr(surname, 1, 1) || '.')
       and order_id in (select o.id from orders o join flights f on f.id = o.flight_id
                         where f.departure_date < ${flownBefore})`);
  return { manifestLines: result.meta.changes };
}

export async function deleteOldManifestRecords(db: Db, now: Date) {
  const result = await db
    .delete(manifestAccess)
    .where(lt(manifestAccess.createdAt, retentionCutoff(now, RETENTION.manifestAccess)));
  return { manifestAccess: result.meta.changes };
}

/** The names are docs/privacy.md's table's: a test checks the table against this list. */
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
  { name: "purge-old-manifests", rule: "manifests", run: purgeOldManifests },
  { name: "delete-old-manifest-access", rule: "manifestAccess", run: deleteOldManifestRecords },
] as const satisfies ReadonlyArray<{
  name: string;
  rule: RetentionRule;
  run: (db: Db, now: Date) => Promise<Record<string, number>>;
}>;
