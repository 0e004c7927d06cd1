// An order's receipt and credit note: docs/decisions/035-receipts.md.
import { and, asc, eq, sql } from "drizzle-orm";

import type { Db } from "#app/db/client.server";
import { orders, receipts } from "#app/db/schema";
import type { ProfileLanguage, ReceiptKind } from "#app/utils/constants";

export type ReceiptRow = Pick<
  typeof receipts.$inferSelect,
  "number" | "kind" | "amountCents" | "language" | "issuedAt"
>;

const ROW = {
  number: receipts.number,
  kind: receipts.kind,
  amountCents: receipts.amountCents,
  language: receipts.language,
  issuedAt: receipts.issuedAt,
} as const;

/** A receipt once the money was taken (a later refund keeps it); a credit note once money went back. */
const ISSUABLE = {
  receipt: {
    when: sql`${orders.paymentState} in ('captured', 'offline', 'refunded', 'refundFailed')`,
    amount: sql`${orders.amountCents}`,
  },
  creditNote: { when: sql`${orders.refundedCents} > 0`, amount: sql`${orders.refundedCents}` },
} as const satisfies Record<ReceiptKind, unknown>;

/**
 * One batch, so a replay or a concurrent call reads the same row. `not exists` because SQLite's AUTOINCREMENT
 * spends a number even on a row `on conflict do nothing` drops; the unique index stays as the guard.
 */
export async function insertReceipt(
  db: Db,
  { orderId, kind, language, now }: { orderId: string; kind: ReceiptKind; language: ProfileLanguage; now: Date },
): Promise<ReceiptRow | null> {
  const rule = ISSUABLE[kind];
  // Every column in the table's order (docs/database.md 'Changing the schema'), the number null.
  const insert = db
    .insert(receipts)
    .select(
      sql`select null, ${orders.id}, ${kind}, ${rule.amount}, ${language}, ${now.getTime()}
      from ${orders} where ${orders.id} = ${orderId} and ${rule.when}
        and not exists (select 1 from ${receipts} where ${receipts.orderId} = ${orderId} and ${receipts.kind} = ${kind})`,
    )
    .onConflictDoNothing({ target: [receipts.orderId, receipts.kind] });
  const [, rows] = await db.batch([
    insert,
    db
      .select(ROW)
      .from(receipts)
      .where(and(eq(receipts.orderId, orderId), eq(receipts.kind, kind))),
  ]);
  return rows[0] ?? null;
}

export function listReceipts(db: Db, orderId: string): Promise<ReceiptRow[]> {
  return db.select(ROW).from(receipts).where(eq(receipts.orderId, orderId)).orderBy(asc(receipts.number));
}
