import { sql } from "drizzle-orm";

import type { Db } from "#app/db/client.server";
import { orders } from "#app/db/schema";
import type { OrderStatus } from "#app/utils/constants";

import { allows, messagesOf, TRANSITIONS } from "./order-machine";
import {
  confirmCaptureRow,
  type MoveRow,
  recordEvent,
  statusMoveStatements,
  waiveFeeRow,
} from "./order-moves.queries.server";
import type { OrderMove, StatusMove } from "./types";

export type MoveSpec = MoveRow & { move: StatusMove };

/** For the caller's batch; the first statement's `changes` says whether the move was made. */
export function moveStatements(db: Db, spec: MoveSpec) {
  if (!allows(spec.move, spec.from, spec.actor))
    throw new Error(`order move ${spec.move} from ${spec.from} by ${spec.actor} is not in the table`);
  return statusMoveStatements(db, { ...spec, to: TRANSITIONS[spec.move].to, kinds: messagesOf(spec.move, spec.from) });
}

export async function moveOrder(db: Db, spec: MoveSpec): Promise<boolean> {
  const [update, ...rest] = moveStatements(db, spec);
  const [result] = await db.batch([update, ...rest]);
  return result.meta.changes === 1;
}

export function recordOrderEvent(
  db: Db,
  spec: Omit<Parameters<typeof recordEvent>[1], "kinds" | "move"> & { move: OrderMove; status: OrderStatus },
) {
  return recordEvent(db, { ...spec, kinds: messagesOf(spec.move, spec.status) });
}

export function undoCapture(db: Db, { orderId, now, detail }: { orderId: string; now: Date; detail: string }) {
  return moveOrder(db, {
    orderId,
    move: "captureFailed",
    from: "completed",
    paymentState: "authorised",
    actor: "provider",
    detail,
    now,
    when: sql`${orders.paymentState} = 'authorised'`,
    messageOptions: { detail },
  });
}

/** False when the order was cancelled while the capture ran. */
export function confirmCapture(db: Db, input: { orderId: string; now: Date }) {
  return confirmCaptureRow(db, { ...input, kinds: messagesOf("captureConfirmed", "completed") });
}

export function waiveFee(db: Db, input: { orderId: string; now: Date; messageOptions: Record<string, unknown> }) {
  return waiveFeeRow(db, { ...input, kinds: messagesOf("feeWaived", "cancelled") });
}
