/**
 * The payment simulator's hosted pages (`dev_payment_sessions`, local development only):
 * one row per page opened, with where its payment is. Every change of status is one
 * conditional UPDATE, so a double click or a retry moves a row once.
 */
import { and, eq, inArray } from "drizzle-orm";
import type { Db } from "#app/db/client.server";
import { devPaymentSessions, orders } from "#app/db/schema";

/** Where a simulated page and its payment are: Stripe's session and intent states, in short. */
export const DEV_PAYMENT_SESSION_STATUSES = [
  "open",
  "authorised",
  "captured",
  "released",
  "failed",
  "expired",
] as const;
export type DevPaymentSessionStatus = (typeof DEV_PAYMENT_SESSION_STATUSES)[number];

export type DevPaymentSession = typeof devPaymentSessions.$inferSelect;
/** A page with its order's reference (Stripe carries it in the metadata). */
export type DevPaymentSessionWithReference = DevPaymentSession & { reference: string | null };

export async function insertDevPaymentSession(db: Db, values: typeof devPaymentSessions.$inferInsert) {
  await db.insert(devPaymentSessions).values(values);
}

export async function findDevPaymentSession(db: Db, id: string): Promise<DevPaymentSessionWithReference | null> {
  const [row] = await db
    .select({ session: devPaymentSessions, reference: orders.reference })
    .from(devPaymentSessions)
    .leftJoin(orders, eq(orders.id, devPaymentSessions.orderId))
    .where(eq(devPaymentSessions.id, id))
    .limit(1);
  return row ? { ...row.session, reference: row.reference } : null;
}

export async function findDevPaymentSessionByIntent(
  db: Db,
  paymentIntentId: string,
): Promise<DevPaymentSession | null> {
  const [row] = await db
    .select()
    .from(devPaymentSessions)
    .where(eq(devPaymentSessions.paymentIntentId, paymentIntentId))
    .limit(1);
  return row ?? null;
}

/**
 * Moves a page (by its id) or its payment (by the intent's id) from one of `from` to
 * `to`; true when this call moved it.
 */
export async function moveDevPaymentSession(
  db: Db,
  {
    by,
    from,
    to,
  }: {
    by: { id: string } | { paymentIntentId: string };
    from: readonly DevPaymentSessionStatus[];
    to: DevPaymentSessionStatus;
  },
): Promise<boolean> {
  const key =
    "id" in by ? eq(devPaymentSessions.id, by.id) : eq(devPaymentSessions.paymentIntentId, by.paymentIntentId);
  const moved = await db
    .update(devPaymentSessions)
    .set({ status: to })
    .where(and(key, inArray(devPaymentSessions.status, [...from])))
    .returning({ id: devPaymentSessions.id });
  return moved.length > 0;
}
