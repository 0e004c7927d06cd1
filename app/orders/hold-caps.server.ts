/**
 * What keeps one buyer from holding the plane (docs/decisions/016-hold-caps.md): caps on
 * unpaid holds per network and per email, a checkout rate limit per network, and a cap
 * on the order mails one address receives. Counted in D1: one isolate's memory limits
 * nothing. The checkout (orders/checkout.server.ts) calls them before placing an order.
 */
import type { AppLoadContext } from "@remix-run/cloudflare";
import type { SQL } from "drizzle-orm";
import { hitRateLimit, type RateLimitRule } from "#app/db/rate-limits.server";
import { countUnpaidHolds, withinHoldCaps, type HoldWindow } from "./unpaid-holds.queries.server";

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

/** Unpaid orders one network, or one email, may have at once: the order and one retry. */
export const MAX_UNPAID_ORDERS = 2;
/** Unpaid seats one network, or one email, may hold at once: a private jet's cabin. */
export const MAX_UNPAID_SEATS = 8;
/**
 * How far back an unpaid order counts: an hour, or the hold itself when HOLD_MINUTES is
 * longer, so no live hold falls out of the count.
 */
export const UNPAID_WINDOW_MS = HOUR;

export const CHECKOUT_LIMITS = {
  /** Checkout attempts (valid forms) per network: a buyer who retries after a refusal stays far below. */
  checkoutPerNetwork: { limit: 10, windowMs: 10 * MINUTE },
  /** 'Commande reçue' mails per address: a typed address is nobody's to flood. */
  orderMailsPerEmail: { limit: 5, windowMs: HOUR },
} satisfies Record<string, RateLimitRule>;

export type CapRefusal = "tooManyUnpaidOrders" | "tooManyUnpaidSeats";

export type HoldCapsOutcome = { ok: true } | { ok: false; reason: CapRefusal };

/** One more order: the buyer's network, the email they typed (normalised), the seats it takes. */
export type HoldCapsInput = { clientKey: string; email: string; seats: number };

/** The unpaid orders that count now. */
function unpaidWindow(context: AppLoadContext): HoldWindow {
  const now = context.now();
  const windowMs = Math.max(UNPAID_WINDOW_MS, context.env.HOLD_MINUTES * MINUTE);
  return { since: new Date(now.getTime() - windowMs), now };
}

/**
 * Whether one more unpaid order of `seats` seats stays within the caps, for the buyer's
 * network (`clientKey`) and for the email (normalised) each: the count of orders is
 * checked first, then the seats. Counts nothing itself: the orders placed are the count.
 * Checked before placing, it names the reason; `holdCapsCondition` in the write itself
 * keeps requests sent at the same moment within the caps too.
 */
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
 * The caps as an SQL condition for the WHERE of the seat hold's conditional UPDATE
 * (orders/orders.queries.server.ts `placeOrder`): true while one more order of `seats` seats
 * fits. Two checkouts of one network at the same moment both pass `checkHoldCaps`; only
 * this, evaluated inside the batch, sees the order the other one placed.
 */
export function holdCapsCondition(context: AppLoadContext, input: HoldCapsInput): SQL {
  return withinHoldCaps({
    ...input,
    ...unpaidWindow(context),
    maxOrders: MAX_UNPAID_ORDERS,
    maxSeats: MAX_UNPAID_SEATS,
  });
}

/** Counts one checkout attempt from this network; false once over its limit. */
export async function checkCheckoutRate(context: AppLoadContext, clientKey: string): Promise<boolean> {
  const result = await hitRateLimit(
    context.db,
    `checkout:net:${clientKey}`,
    CHECKOUT_LIMITS.checkoutPerNetwork,
    context.now(),
  );
  return result.allowed;
}

/** Counts one order mail to this address (normalised); false once over its hourly cap: then none is sent. */
export async function allowOrderMail(context: AppLoadContext, email: string): Promise<boolean> {
  const result = await hitRateLimit(
    context.db,
    `order-mail:email:${email}`,
    CHECKOUT_LIMITS.orderMailsPerEmail,
    context.now(),
  );
  return result.allowed;
}
