/**
 * An order's receipt and credit note (docs/decisions/035-receipts.md): each written once, its
 * number taken from the table's autoincrement, its amount copied from the order row in the
 * same statement. Read by receipts.server.ts only.
 */
import { and, asc, eq, sql } from "drizzle-orm";
import type { Db } from "#app/db/client.server";
import { orders, receipts } from "#app/db/schema";
import type { ReceiptKind } from "#app/utils/constants";

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

/**
 * When an order has a document of each kind, and what it says: a receipt once the money was
 * taken (captured or paid offline, whatever came after: a later refund keeps it), for the
 * order's amount; a credit note once money went back, for what went back.
 */
const ISSUABLE = {
  receipt: {
    when: sql`${orders.paymentState} in ('captured', 'offline', 'refunded', 'refundFailed')`,
    amount: sql`${orders.amountCents}`,
  },
  creditNote: { when: sql`${orders.refundedCents} > 0`, amount: sql`${orders.refundedCents}` },
} as const satisfies Record<ReceiptKind, unknown>;

/**
 * Writes the order's document of `kind` unless it has one, then reads it: one batch, so a
 * replay or a concurrent call reads the same row (D1 runs one statement at a time). The
 * `not exists` matters for the numbering: SQLite's AUTOINCREMENT spends a number even on a
 * row that `on conflict do nothing` drops, so a replay must not try the insert at all; the
 * unique index stays as the guard. Null when the order does not qualify (or does not exist).
 */
export async function insertReceipt(
  db: Db,
  { orderId, kind, now }: { orderId: string; kind: ReceiptKind; now: Date },
): Promise<ReceiptRow | null> {
  const rule = ISSUABLE[kind];
  // Every column of `receipts` in the table's order (drizzle lists them all for an insert-select), the number null.
  const insert = db
    .insert(receipts)
    .select(
      sql`select null, ${orders.id}, ${kind}, ${rule.amount}, ${orders.language}, ${now.getTime()}
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

/** An order's documents, receipt first. */
export function listReceipts(db: Db, orderId: string): Promise<ReceiptRow[]> {
  return db.select(ROW).from(receipts).where(eq(receipts.orderId, orderId)).orderBy(asc(receipts.number));
}
