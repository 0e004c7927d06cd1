/**
 * What a customer who cancels pays, from the terms' table (content/cancellation-terms.ts,
 * docs/decisions/033-customer-cancellation.md). Pure: the order page's confirmation step
 * and the cancellation itself call the same function, at their own instant.
 */
import {
  CANCELLATION_FEE_PERCENT,
  EARLY_CANCELLATION_DAYS,
  LAST_MINUTE_HOURS,
  type CancellationBracket,
} from "#app/content/cancellation-terms";
import type { OrderStatus } from "#app/utils/constants";

const HOUR_MS = 60 * 60 * 1000;
const EARLY_MS = EARLY_CANCELLATION_DAYS * 24 * HOUR_MS;
const LAST_MINUTE_MS = LAST_MINUTE_HOURS * HOUR_MS;

/**
 * The bracket of the terms, or "free" (a reschedule of 3 hours or more let the customer
 * cancel free of charge), or "departed" (the flight has left: nothing to cancel any more).
 */
export type FeeBracket = CancellationBracket | "free" | "departed";

export type CancellationFee = { feeCents: number; refundCents: number; bracket: FeeBracket; feePercent: number };

/** Which bracket of the terms applies `timeToDepartureMs` before departure (durations, not calendar days). */
export function cancellationBracket(timeToDepartureMs: number): CancellationBracket | "departed" {
  if (timeToDepartureMs <= 0) return "departed";
  if (timeToDepartureMs > EARLY_MS) return "early";
  if (timeToDepartureMs >= LAST_MINUTE_MS) return "late";
  return "lastMinute";
}

/**
 * The fee the terms keep of `amountCents` when the customer cancels at `now`, and what
 * comes back: the fee is rounded DOWN to the cent (in the customer's favour), the refund is
 * the rest, so fee + refund is always the amount. A departed flight keeps everything.
 */
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

/** The order statuses a customer may cancel from the order page (before departure). */
export const CUSTOMER_CANCELLABLE_STATUSES = ["pending", "processing", "completed"] as const satisfies OrderStatus[];

export function isCustomerCancellable(status: OrderStatus): boolean {
  return (CUSTOMER_CANCELLABLE_STATUSES as readonly OrderStatus[]).includes(status);
}

/**
 * What cancelling this order costs and returns, as the confirmation step shows it and the
 * action applies it. Only money taken can be kept: a pending or processing order (nothing
 * captured, the authorisation is released) costs nothing; a completed order keeps the
 * terms' fee and refunds the rest.
 */
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

/**
 * What became of the money of an order the customer cancelled, as the page, the mail and
 * the notification say it: nothing was charged (an authorisation released, or nothing
 * authorised), `refundCents` went back through the provider, `refundCents` is still to
 * come back (a refund the provider refused, which staff retry, or a bank transfer staff
 * refund by hand), or the terms kept everything.
 */
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
