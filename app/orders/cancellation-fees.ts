// The terms' fee of a customer's cancellation (docs/decisions/033-customer-cancellation.md); pure, so
// the confirmation step and the cancellation compute it alike, each at its own instant.
import {
  CANCELLATION_FEE_PERCENT,
  type CancellationBracket,
  EARLY_CANCELLATION_DAYS,
  LAST_MINUTE_HOURS,
} from "#app/content/cancellation-terms";
import type { OrderStatus } from "#app/utils/constants";

const HOUR_MS = 60 * 60 * 1000;
const EARLY_MS = EARLY_CANCELLATION_DAYS * 24 * HOUR_MS;
const LAST_MINUTE_MS = LAST_MINUTE_HOURS * HOUR_MS;

/** "free": a reschedule of 3 hours or more lets the customer cancel free of charge. */
export type FeeBracket = CancellationBracket | "free" | "flightCancelled" | "departed";

export type CancellationFee = { feeCents: number; refundCents: number; bracket: FeeBracket; feePercent: number };

/** Durations, not calendar days. */
export function cancellationBracket(timeToDepartureMs: number): CancellationBracket | "departed" {
  if (timeToDepartureMs <= 0) return "departed";
  if (timeToDepartureMs > EARLY_MS) return "early";
  if (timeToDepartureMs >= LAST_MINUTE_MS) return "late";
  return "lastMinute";
}

/** The fee is rounded down to the cent, in the customer's favour; fee + refund is always the amount. */
export function cancellationFee(input: {
  amountCents: number;
  departure: Date;
  now: Date;
  freeCancellation: boolean;
}): CancellationFee {
  const bracket = cancellationBracket(input.departure.getTime() - input.now.getTime());
  if (bracket === "departed") return { feeCents: input.amountCents, refundCents: 0, bracket, feePercent: 100 };
  if (input.freeCancellation) return { feeCents: 0, refundCents: input.amountCents, bracket: "free", feePercent: 0 };
  const feePercent = CANCELLATION_FEE_PERCENT[bracket];
  const feeCents = Math.floor((input.amountCents * feePercent) / 100);
  return { feeCents, refundCents: input.amountCents - feeCents, bracket, feePercent };
}

export const CUSTOMER_CANCELLABLE_STATUSES = ["pending", "processing", "completed"] as const satisfies OrderStatus[];

export function isCustomerCancellable(status: OrderStatus): boolean {
  return (CUSTOMER_CANCELLABLE_STATUSES as readonly OrderStatus[]).includes(status);
}

/** Only money taken can be kept: a pending or processing order costs nothing. */
export type CancellationQuote =
  | { cancellable: false }
  | { cancellable: true; charged: false; feeCents: 0; refundCents: 0; bracket: FeeBracket; feePercent: number }
  | {
      cancellable: true;
      charged: true;
      feeCents: number;
      refundCents: number;
      bracket: FeeBracket;
      feePercent: number;
    };

export function cancellationQuote(input: {
  status: OrderStatus;
  amountCents: number;
  departure: Date;
  now: Date;
  freeCancellation: boolean;
}): CancellationQuote {
  if (!isCustomerCancellable(input.status)) return { cancellable: false };
  const { bracket, feeCents, refundCents, feePercent } = cancellationFee(input);
  if (bracket === "departed") return { cancellable: false };
  if (input.status !== "completed")
    return { cancellable: true, charged: false, feeCents: 0, refundCents: 0, bracket, feePercent };
  return { cancellable: true, charged: true, feeCents, refundCents, bracket, feePercent };
}

/** `refundPending`: a refund the provider refused (staff retry it) or a bank transfer staff refund by hand. */
export type CancelledMoneyKind = "nothingCharged" | "refunded" | "refundPending" | "nothingBack";

export function cancelledMoney(order: {
  paymentState: string;
  amountCents: number;
  cancellationFeeCents: number | null;
  refundedCents: number;
}): { kind: CancelledMoneyKind; feeCents: number; refundCents: number } {
  const feeCents = order.cancellationFeeCents ?? 0;
  if (order.paymentState === "none" || order.paymentState === "failed" || order.paymentState === "released")
    return { kind: "nothingCharged", feeCents: 0, refundCents: 0 };
  if (order.paymentState === "refunded" && order.refundedCents > 0)
    return { kind: "refunded", feeCents, refundCents: order.refundedCents };
  const owed = order.amountCents - feeCents;
  return owed > 0
    ? { kind: "refundPending", feeCents, refundCents: owed }
    : { kind: "nothingBack", feeCents, refundCents: 0 };
}
