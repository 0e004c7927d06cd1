// The one writer of an order's status and money, in SQL (docs/orders.md 'The state machine'):
// a conditional UPDATE, then, only if it changed the row, its history row, its messages and,
// for a cancellation, the seats back, in one batch. order-moves.server.ts applies the table.
import { and, desc, eq, type SQL, sql } from "drizzle-orm";

import type { Db } from "#app/db/client.server";
import { flightLogs, flights, orderEvents, orderMessages, orders } from "#app/db/schema";
import type { CancelReason, OrderActor, OrderStatus, PaymentState } from "#app/utils/constants";

import type { MessageKind, OrderMove } from "./types";

const flightLabelSql = sql.raw(
  "(select served_city from airports where id = f.departure_airport_id) || ' → ' || (select served_city from airports where id = f.arrival_airport_id)",
);

// Moves and messages are typed by order-machine.ts, which a queries module may not import: written as given.

export type MoveRow = {
  orderId: string;
  move: OrderMove;
  from: OrderStatus;
  paymentState: PaymentState;
  actor: OrderActor;
  changedBy?: string | null;
  detail?: string | null;
  now: Date;
  /** `paymentState` here when the row's differs from the history row's. */
  set?: Partial<{
    paymentIntentId: string;
    captureBefore: Date | null;
    cancelReason: CancelReason;
    cancelledAt: Date;
    cancellationFeeCents: number | null;
    paymentState: PaymentState;
  }>;
  when?: SQL;
  messageOptions?: Record<string, unknown>;
};

type EventSpec = Pick<MoveRow, "orderId" | "paymentState" | "actor" | "changedBy" | "detail" | "now"> & {
  move: OrderMove;
  from: OrderStatus | null;
  to: OrderStatus;
};

function eventInsert(db: Db, spec: EventSpec, { afterChange }: { afterChange: boolean }) {
  return db.insert(orderEvents).select(sql`
    select null, ${spec.orderId}, ${spec.move}, ${spec.from}, ${spec.to}, ${spec.paymentState}, ${spec.actor},
      ${spec.changedBy ?? null}, ${spec.detail ?? null}, ${spec.now.getTime()}
    where ${afterChange ? sql`changes() = 1` : sql`1`}`);
}

/** The messages of a move, each written only if the statement before it wrote one row. */
export function messageInserts(
  db: Db,
  { orderId, kinds, options, now }: { orderId: string; kinds: readonly MessageKind[]; options?: object; now: Date },
) {
  const json = options && Object.keys(options).length > 0 ? JSON.stringify(options) : null;
  return kinds.map((kind) =>
    db
      .insert(orderMessages)
      .select(sql`select null, ${orderId}, ${kind}, ${json}, ${now.getTime()}, null, 0 where changes() = 1`),
  );
}

function seatsBack(db: Db, spec: MoveRow) {
  const nowMs = spec.now.getTime();
  const release = db
    .update(flights)
    .set({
      seatsHeld: sql`max(0, ${flights.seatsHeld} - (select seats from orders where id = ${spec.orderId}))`,
      updatedAt: spec.now,
    })
    .where(sql`${flights.id} = (select flight_id from orders where id = ${spec.orderId}) and changes() = 1`);
  const actor = spec.actor === "staff" ? "staff" : spec.actor === "customer" ? "customer" : "system";
  const log = db.insert(flightLogs).select(sql`
    select null, f.id, ${flightLabelSql}, 'UPDATE', '["seats_held"]', json_object('seats_held', f.seats_held + o.seats),
      json_object('seats_held', f.seats_held), ${actor}, ${spec.changedBy ?? null}, ${nowMs}
    from orders o join flights f on f.id = o.flight_id where o.id = ${spec.orderId} and changes() = 1`);
  return [release, log] as const;
}

export function statusMoveStatements(db: Db, spec: MoveRow & { to: OrderStatus; kinds: readonly MessageKind[] }) {
  const update = db
    .update(orders)
    .set({
      status: spec.to,
      paymentState: spec.paymentState,
      updatedAt: spec.now,
      holdExpiresAt: null,
      ...spec.set,
    })
    .where(and(sql`${orders.id} = ${spec.orderId} and ${orders.status} = ${spec.from}`, spec.when));
  return [
    update,
    eventInsert(db, spec, { afterChange: true }),
    ...messageInserts(db, { orderId: spec.orderId, kinds: spec.kinds, options: spec.messageOptions, now: spec.now }),
    ...(spec.to === "cancelled" ? seatsBack(db, spec) : []),
  ] as const;
}

export async function recordEvent(
  db: Db,
  spec: Omit<EventSpec, "from" | "to"> & {
    status: OrderStatus;
    kinds: readonly MessageKind[];
    messageOptions?: Record<string, unknown>;
  },
) {
  const event = eventInsert(db, { ...spec, from: spec.status, to: spec.status }, { afterChange: false });
  const messages = messageInserts(db, {
    orderId: spec.orderId,
    kinds: spec.kinds,
    options: spec.messageOptions,
    now: spec.now,
  });
  await db.batch([event, ...messages]);
}

export async function confirmCaptureRow(
  db: Db,
  { orderId, now, kinds }: { orderId: string; now: Date; kinds: readonly MessageKind[] },
) {
  const [result] = await db.batch([
    db
      .update(orders)
      .set({ paymentState: "captured", updatedAt: now })
      .where(
        sql`${orders.id} = ${orderId} and ${orders.status} = 'completed' and ${orders.paymentState} = 'authorised'`,
      ),
    ...messageInserts(db, { orderId, kinds, now }),
  ]);
  return result.meta.changes === 1;
}

export async function findOrderIdByPaymentIntent(db: Db, paymentIntentId: string): Promise<string | null> {
  const row = await db.select({ id: orders.id }).from(orders).where(eq(orders.paymentIntentId, paymentIntentId)).get();
  return row?.id ?? null;
}

export async function setCaptureBefore(
  db: Db,
  input: { orderId: string; paymentIntentId: string; captureBefore: Date; now: Date },
) {
  await db
    .update(orders)
    .set({ captureBefore: input.captureBefore, updatedAt: input.now })
    .where(
      sql`${orders.id} = ${input.orderId} and ${orders.paymentIntentId} = ${input.paymentIntentId} and ${orders.captureBefore} is null`,
    );
}

type PaymentMoveRow = {
  orderId: string;
  move: OrderMove;
  from: readonly PaymentState[];
  to: PaymentState;
  /** `refunded_cents` never goes down. */
  refundedCents?: number;
  /** Only if it raises `refunded_cents`: a refund the webhook recorded meanwhile is not recorded again over a later one. */
  raises?: boolean;
  actor: OrderActor;
  changedBy?: string | null;
  detail?: string | null;
  now: Date;
};

export async function movePayment(db: Db, spec: PaymentMoveRow): Promise<boolean> {
  const fromList = sql.join(
    spec.from.map((state) => sql`${state}`),
    sql`, `,
  );
  const update = db
    .update(orders)
    .set({
      paymentState: spec.to,
      updatedAt: spec.now,
      ...(spec.refundedCents === undefined
        ? {}
        : { refundedCents: sql`max(${orders.refundedCents}, ${spec.refundedCents})` }),
    })
    .where(
      sql`${orders.id} = ${spec.orderId} and ${orders.paymentState} in (${fromList})
        ${spec.raises && spec.refundedCents !== undefined ? sql`and ${orders.refundedCents} < ${spec.refundedCents}` : sql``}`,
    );
  const event = db.insert(orderEvents).select(sql`
    select null, o.id, ${spec.move}, o.status, o.status, o.payment_state, ${spec.actor}, ${spec.changedBy ?? null},
      ${spec.detail ?? null}, ${spec.now.getTime()}
    from orders o where o.id = ${spec.orderId} and changes() = 1`);
  const [result] = await db.batch([update, event]);
  return result.meta.changes === 1;
}

/** Recorded once; a refund of ours already recorded adds a 'refundConfirmed' history row only. */
export async function recordRefundTotal(
  db: Db,
  input: { orderId: string; paymentIntentId: string; totalCents: number; eventId: string; now: Date },
) {
  const { orderId, totalCents, now } = input;
  const update = db
    .update(orders)
    .set({ paymentState: "refunded", refundedCents: totalCents, updatedAt: now })
    .where(
      sql`${orders.id} = ${orderId} and ${orders.paymentIntentId} = ${input.paymentIntentId}
        and ${orders.paymentState} in ('captured', 'refundFailed', 'refunded')
        and (${orders.paymentState} <> 'refunded' or ${orders.refundedCents} < ${totalCents})
        and ${totalCents} between 0 and ${orders.amountCents}`,
    );
  const event = (move: OrderMove, afterChange: boolean) =>
    db.insert(orderEvents).select(sql`
    select null, o.id, ${move}, o.status, o.status, o.payment_state, 'provider', null,
      ${`${input.eventId}: ${totalCents}`}, ${now.getTime()}
    from orders o where o.id = ${orderId} and ${afterChange ? sql`changes() = 1` : sql`1`}`);
  const [result] = await db.batch([update, event("refunded", true)]);
  if (result.meta.changes === 1) return true;
  await event("refundConfirmed", false);
  return false;
}

export async function lastEventId(db: Db, orderId: string, move: OrderMove): Promise<number | null> {
  const row = await db
    .select({ id: orderEvents.id })
    .from(orderEvents)
    .where(and(eq(orderEvents.orderId, orderId), eq(orderEvents.move, move)))
    .orderBy(desc(orderEvents.id))
    .limit(1)
    .get();
  return row?.id ?? null;
}

export async function waiveFeeRow(
  db: Db,
  input: { orderId: string; now: Date; kinds: readonly MessageKind[]; messageOptions: Record<string, unknown> },
) {
  const { orderId, now } = input;
  const [result] = await db.batch([
    db
      .update(orders)
      .set({ cancellationFeeCents: 0, paymentState: "refundFailed", updatedAt: now })
      .where(
        sql`${orders.id} = ${orderId} and ${orders.status} = 'cancelled' and ${orders.cancellationFeeCents} > 0
          and ${orders.paymentState} in ('captured', 'refunded', 'offline')`,
      ),
    eventInsert(
      db,
      {
        orderId,
        move: "feeWaived",
        from: "cancelled",
        to: "cancelled",
        paymentState: "refundFailed",
        actor: "system",
        now,
      },
      { afterChange: true },
    ),
    ...messageInserts(db, { orderId, kinds: input.kinds, options: input.messageOptions, now }),
  ]);
  return result.meta.changes === 1;
}
