// The checkout: docs/orders.md 'Checkout'; its caps, docs/decisions/016-hold-caps.md.
import type { AppLoadContext } from "@remix-run/cloudflare";
import type { SQL } from "drizzle-orm";

import { rememberCheckoutPhone } from "#app/accounts/profile.server";
import { rearmAfterSale } from "#app/alerts/waitlist.server";
import { findFlightListing } from "#app/db/flight-listing.server";
import type { FlightListing } from "#app/flights/types";
import type { ProfileLanguage } from "#app/utils/constants";
import { createRandomToken, sha256Hex } from "#app/utils/crypto.server";
import { normalizeEmail } from "#app/utils/forms/fields";
import { logError } from "#app/utils/request-log.server";

import type { CheckoutForm } from "./checkout-forms";
import { type CapRefusal, checkCheckoutRate, checkHoldCaps, holdCapsCondition } from "./hold-caps.server";
import { createOrderLink } from "./order-life.queries.server";
import { expireUnpaidHolds, holdExpiry } from "./order-life.server";
import { messagesOf } from "./order-machine";
import { sendOrderMessages } from "./order-messages.server";
import { startPayment } from "./order-payment.server";
import { findOrderByIdempotencyKey, placeOrder, type SeatRequest } from "./orders.queries.server";
import type { UnavailableReason } from "./types";

export function unavailableReason(
  flight: Pick<FlightListing, "departureDate" | "isSoldOut" | "availableSeats" | "status">,
  now: Date,
): UnavailableReason | null {
  if (flight.status === "cancelled") return "cancelled";
  if (flight.departureDate.getTime() <= now.getTime()) return "departed";
  if (flight.isSoldOut || flight.availableSeats < 1) return "soldOut";
  return null;
}

export type CheckoutInput = {
  flightId: string;
  form: CheckoutForm;
  userId: string | null;
  language: ProfileLanguage;
  clientKey: string;
};

export type CheckoutOutcome =
  | { ok: true; orderId: string; linkKey: string; paymentUrl: string | null }
  | {
      ok: false;
      reason: "notFound" | UnavailableReason | "changed" | CapRefusal | "rateLimited" | "duplicate" | "failed";
    };

export type CheckoutRefusal = Extract<CheckoutOutcome, { ok: false }>["reason"];

export async function checkout(context: AppLoadContext, input: CheckoutInput): Promise<CheckoutOutcome> {
  try {
    // Every valid form counts, a form sent again too: each answer makes a new order link.
    if (!(await checkCheckoutRate(context, input.clientKey))) return { ok: false, reason: "rateLimited" };
    // A form sent again (a double click, a reload) is its buyer's order, even past the caps.
    const existing = await findOrderByIdempotencyKey(context.db, input.form.idempotencyKey);
    if (existing) return answerDuplicate(context, existing, input);
    const flight = await findFlightListing(context.db, input.flightId, context.now());
    if (!flight) return { ok: false, reason: "notFound" };
    const seats = input.form.choice === "aircraft" ? input.form.seenAvailableSeats : input.form.seats!;
    const caps = { clientKey: input.clientKey, email: normalizeEmail(input.form.email), seats };
    const checked = await checkHoldCaps(context, caps);
    if (!checked.ok) return { ok: false, reason: checked.reason };
    // A hold past its end still counts in the flight's row until the cron runs: not for this buyer.
    await expireUnpaidHolds(context, { flightId: flight.id });
    const outcome = await orderSeats(context, flight, input, holdCapsCondition(context, caps));
    if (outcome.ok || outcome.reason !== "changed") return outcome;
    // Refused by the hold: the caps (another checkout of this buyer came in between) or the flight as it is now.
    const recheck = await checkHoldCaps(context, caps);
    if (!recheck.ok) return { ok: false, reason: recheck.reason };
    const now = await findFlightListing(context.db, flight.id, context.now());
    return { ok: false, reason: now ? (unavailableReason(now, context.now()) ?? "changed") : "notFound" };
  } catch (error) {
    // By name and code only: a failed query's message lists the buyer's fields (describeError).
    logError("checkout.failed", error, { requestId: context.requestId, flightId: input.flightId });
    return { ok: false, reason: "failed" };
  }
}

export function newOrderReference(): string {
  const alphabet = "23456789ABCDEFGHJKMNPQRSTUVWXYZ";
  const bytes = crypto.getRandomValues(new Uint8Array(6));
  return `JM-${[...bytes].map((byte) => alphabet[byte % alphabet.length]).join("")}`;
}

async function orderSeats(
  context: AppLoadContext,
  flight: FlightListing,
  { form, userId, language, clientKey }: CheckoutInput,
  withinCaps: SQL,
): Promise<CheckoutOutcome> {
  const { choice, seats, seenAvailableSeats, idempotencyKey, terms: _terms, passengers, ...customer } = form;
  // The schema gives `seats` whenever the choice is seats.
  const request: SeatRequest = choice === "aircraft" ? { kind: "aircraft" } : { kind: "seats", seats: seats! };
  const orderId = crypto.randomUUID();
  const linkKey = createRandomToken();
  const now = context.now();
  const result = await placeOrder(context.db, {
    orderId,
    reference: newOrderReference(),
    linkKeyHash: await sha256Hex(linkKey),
    flightId: flight.id,
    request,
    seenAvailableSeats,
    userId,
    customerInfo: { ...customer, email: normalizeEmail(customer.email) },
    passengers,
    language,
    idempotencyKey,
    messages: messagesOf("placed", null),
    holdExpiresAt: holdExpiry(context, now),
    clientKey,
    withinCaps,
    now,
  });
  // The hold refuses a departed or sold-out flight too; the flight as looked up says which, else a
  // sale came in between. (Not refused before: a form sent again after its order took the last seat is that order.)
  if (result.status === "unavailable") return { ok: false, reason: unavailableReason(flight, now) ?? "changed" };
  if (result.status === "duplicate") return answerDuplicate(context, result, { flightId: flight.id, form });
  // The last seats taken: whoever heard of the previous release waits for the next one.
  await rearmAfterSale(context, flight.id);
  if (userId) await rememberCheckoutPhone(context, userId, customer.phone);
  // The order stands whatever the mails (the outbox retries) or the provider (the order page offers to pay).
  await sendOrderMessages(context, orderId);
  const payment = await startPayment(context, orderId);
  return { ok: true, orderId, linkKey, paymentUrl: payment.ok ? payment.url : null };
}

/** Never another buyer's order: the flight and the address must be those the order was placed with. */
async function answerDuplicate(
  context: AppLoadContext,
  existing: { orderId: string; flightId: string; email: string },
  input: Pick<CheckoutInput, "flightId" | "form">,
): Promise<CheckoutOutcome> {
  if (existing.flightId !== input.flightId || existing.email !== normalizeEmail(input.form.email))
    return { ok: false, reason: "duplicate" };
  return {
    ok: true,
    orderId: existing.orderId,
    linkKey: await createOrderLink(context.db, existing.orderId),
    paymentUrl: null,
  };
}
