// What keeps one buyer from holding the plane, and why these numbers: docs/decisions/016-hold-caps.md.
import type { AppLoadContext } from "@remix-run/cloudflare";
import type { SQL } from "drizzle-orm";

import { hitRateLimit, type RateLimitRule } from "#app/db/rate-limits.server";

import { countUnpaidHolds, type HoldWindow, withinHoldCaps } from "./unpaid-holds.queries.server";

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

export const MAX_UNPAID_ORDERS = 2;
export const MAX_UNPAID_SEATS = 8;
export const UNPAID_WINDOW_MS = HOUR;

export const CHECKOUT_LIMITS = {
  checkoutPerNetwork: { limit: 10, windowMs: 10 * MINUTE },
  orderMailsPerEmail: { limit: 5, windowMs: HOUR },
} satisfies Record<string, RateLimitRule>;

export type CapRefusal = "tooManyUnpaidOrders" | "tooManyUnpaidSeats";

export type HoldCapsOutcome = { ok: true } | { ok: false; reason: CapRefusal };

/** `email` normalised, as the order stores it. */
export type HoldCapsInput = { clientKey: string; email: string; seats: number };

function unpaidWindow(context: AppLoadContext): HoldWindow {
  const now = context.now();
  const windowMs = Math.max(UNPAID_WINDOW_MS, context.env.HOLD_MINUTES * MINUTE);
  return { since: new Date(now.getTime() - windowMs), now };
}

export async function checkHoldCaps(
  context: AppLoadContext,
  { clientKey, email, seats }: HoldCapsInput,
): Promise<HoldCapsOutcome> {
  const held = await countUnpaidHolds(context.db, { clientKey, email, ...unpaidWindow(context) });
  const mostOrders = Math.max(held.network.orders, held.email.orders);
  const mostSeats = Math.max(held.network.seats, held.email.seats);
  if (mostOrders + 1 > MAX_UNPAID_ORDERS) return { ok: false, reason: "tooManyUnpaidOrders" };
  if (mostSeats + seats > MAX_UNPAID_SEATS) return { ok: false, reason: "tooManyUnpaidSeats" };
  return { ok: true };
}

/**
 * Two checkouts of one network at the same moment both pass `checkHoldCaps`; only this condition,
 * evaluated inside the seat hold's batch, sees the order the other one placed.
 */
export function holdCapsCondition(context: AppLoadContext, input: HoldCapsInput): SQL {
  return withinHoldCaps({
    ...input,
    ...unpaidWindow(context),
    maxOrders: MAX_UNPAID_ORDERS,
    maxSeats: MAX_UNPAID_SEATS,
  });
}

export async function checkCheckoutRate(context: AppLoadContext, clientKey: string): Promise<boolean> {
  const result = await hitRateLimit(
    context.db,
    `checkout:net:${clientKey}`,
    CHECKOUT_LIMITS.checkoutPerNetwork,
    context.now(),
  );
  return result.allowed;
}

export async function allowOrderMail(context: AppLoadContext, email: string): Promise<boolean> {
  const result = await hitRateLimit(
    context.db,
    `order-mail:email:${email}`,
    CHECKOUT_LIMITS.orderMailsPerEmail,
    context.now(),
  );
  return result.allowed;
}
