// An order's receipt and credit note: docs/decisions/035-receipts.md, stored once: 054-documents-issued-once.md.
import { and, asc, eq, gte, isNull, lt, sql } from "drizzle-orm";

import type { Db } from "#app/db/client.server";
import { orders, receipts } from "#app/db/schema";
import type { ProfileLanguage, ReceiptKind } from "#app/utils/constants";

export type ReceiptRow = Pick<
  typeof receipts.$inferSelect,
  "number" | "kind" | "amountCents" | "language" | "issuedAt" | "pdfSha256"
>;

/** A row with what its document says (JSON; null on a row issued before decision 054). */
export type StoredReceipt = ReceiptRow & { orderId: string; snapshot: string | null };

const ROW = {
  number: receipts.number,
  kind: receipts.kind,
  amountCents: receipts.amountCents,
  language: receipts.language,
  issuedAt: receipts.issuedAt,
  pdfSha256: receipts.pdfSha256,
} as const;
const STORED = { ...ROW, orderId: receipts.orderId, snapshot: receipts.snapshot } as const;

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
 * spends a number even on a row `on conflict do nothing` drops; the unique index stays as the guard. The snapshot
 * is written in the same statement as the number: the document says what was true when it was numbered.
 */
export async function insertReceipt(
  db: Db,
  {
    orderId,
    kind,
    language,
    snapshot,
    now,
  }: { orderId: string; kind: ReceiptKind; language: ProfileLanguage; snapshot: string; now: Date },
): Promise<StoredReceipt | null> {
  const rule = ISSUABLE[kind];
  // Every column in the table's order (docs/database.md 'Changing the schema'), the number null.
  const insert = db
    .insert(receipts)
    .select(
      sql`select null, ${orders.id}, ${kind}, ${rule.amount}, ${language}, ${now.getTime()}, ${snapshot}, null, null, 0
      from ${orders} where ${orders.id} = ${orderId} and ${rule.when}
        and not exists (select 1 from ${receipts} where ${receipts.orderId} = ${orderId} and ${receipts.kind} = ${kind})`,
    )
    .onConflictDoNothing({ target: [receipts.orderId, receipts.kind] });
  const [, rows] = await db.batch([
    insert,
    db
      .select(STORED)
      .from(receipts)
      .where(and(eq(receipts.orderId, orderId), eq(receipts.kind, kind))),
  ]);
  return rows[0] ?? null;
}

export function listReceipts(db: Db, orderId: string): Promise<ReceiptRow[]> {
  return db.select(ROW).from(receipts).where(eq(receipts.orderId, orderId)).orderBy(asc(receipts.number));
}

export async function findStoredReceipt(db: Db, orderId: string, kind: ReceiptKind): Promise<StoredReceipt | null> {
  const [row] = await db
    .select(STORED)
    .from(receipts)
    .where(and(eq(receipts.orderId, orderId), eq(receipts.kind, kind)));
  return row ?? null;
}

export async function receiptPdfSha(db: Db, number: number): Promise<string | null> {
  const [row] = await db.select({ pdfSha256: receipts.pdfSha256 }).from(receipts).where(eq(receipts.number, number));
  return row?.pdfSha256 ?? null;
}

/** A row issued before decision 054 gets its snapshot once, at its first use; whoever writes first wins. */
export async function writeLateSnapshot(db: Db, number: number, snapshot: string): Promise<string> {
  const [, rows] = await db.batch([
    db
      .update(receipts)
      .set({ snapshot })
      .where(and(eq(receipts.number, number), isNull(receipts.snapshot))),
    db.select({ snapshot: receipts.snapshot }).from(receipts).where(eq(receipts.number, number)),
  ]);
  return rows[0]!.snapshot!;
}

/**
 * Records the stored file's checksum over the one the caller read (`previous`: null for the first file): two
 * drawings at once keep one. A re-drawing (`previous` set) is counted and dated.
 */
export async function recordReceiptPdf(
  db: Db,
  { number, sha256, previous, now }: { number: number; sha256: string; previous: string | null; now: Date },
): Promise<boolean> {
  const redraw = previous === null ? {} : { pdfRedrawnAt: now, pdfRedraws: sql`${receipts.pdfRedraws} + 1` };
  const result = await db
    .update(receipts)
    .set({ pdfSha256: sha256, ...redraw })
    .where(
      and(
        eq(receipts.number, number),
        previous === null ? isNull(receipts.pdfSha256) : eq(receipts.pdfSha256, previous),
      ),
    );
  return result.meta.changes === 1;
}

/** The documents issued in [from, to), in number order, with their order's reference and customer (the accounts). */
export function listIssuedBetween(db: Db, { from, to }: { from: Date; to: Date }) {
  return db
    .select({
      ...STORED,
      orderReference: orders.reference,
      customerInfo: orders.customerInfo,
    })
    .from(receipts)
    .innerJoin(orders, eq(orders.id, receipts.orderId))
    .where(and(gte(receipts.issuedAt, from), lt(receipts.issuedAt, to)))
    .orderBy(asc(receipts.number));
}
