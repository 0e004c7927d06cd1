/**
 * The checkout (DECISIONS.md D3, docs/orders.md): the flight looked up and checked, prices
 * on the server, the seat hold and the order in one batch (models/orders.server.ts), then
 * the mails through the outbox. The route calls `checkout` once and replies to its outcome.
 */
import type { AppLoadContext } from "@remix-run/cloudflare";
import { findFlightListing, type FlightListing } from "#app/models/flights.server";
import { placeOrder, type SeatRequest } from "#app/models/orders.server";
import type { ProfileLanguage } from "#app/utils/constants";
import { hmacSha256, sha256Hex } from "#app/utils/crypto.server";
import type { CheckoutForm } from "#app/utils/forms/requests";
import { absoluteUrl } from "#app/utils/urls";
import { sendMail } from "./mail.server";

export type UnavailableReason = "departed" | "soldOut";

/** Why a flight cannot be booked now, or null when it can. */
export function unavailableReason(flight: Pick<FlightListing, "departureDate" | "isSoldout" | "availableSeats">, now: Date): UnavailableReason | null {
  if (flight.departureDate.getTime() <= now.getTime()) return "departed";
  if (flight.isSoldout || flight.availableSeats < 1) return "soldOut";
  return null;
}

/**
 * The key of an order's confirmation link: an HMAC of the order id with the session
 * secret, so the page can give it again to whoever sends the same form twice, and only
 * its SHA-256 is stored.
 */
export function orderAccessKey(context: AppLoadContext, orderId: string) {
  return hmacSha256(context.env.SESSION_SECRET, `order:${orderId}`);
}

export function confirmationPath(orderId: string, accessKey: string) {
  return `/confirmation/${orderId}?${new URLSearchParams({ key: accessKey })}`;
}

/** The checkout form as the schema gives it, for the flight of the page, by a signed-in buyer or not. */
export type CheckoutInput = { flightId: string; form: CheckoutForm; userId: string | null; language: ProfileLanguage };

export type CheckoutOutcome =
  /** The order (a new one, or the one this form already placed) and the key of its link. */
  | { ok: true; orderId: string; accessKey: string }
  /**
   * notFound: no such flight; departed, soldOut: `unavailableReason`; changed: the seats
   * were not the ones shown any more (a sale in between); failed: the database failed.
   */
  | { ok: false; reason: "notFound" | UnavailableReason | "changed" | "failed" };

export type CheckoutRefusal = Extract<CheckoutOutcome, { ok: false }>["reason"];

/** A buyer's 'Confirmer la réservation': the order is placed once, then staff and the buyer are mailed. */
export async function checkout(context: AppLoadContext, input: CheckoutInput): Promise<CheckoutOutcome> {
  try {
    const flight = await findFlightListing(context.db, input.flightId);
    if (!flight) return { ok: false, reason: "notFound" };
    return await orderSeats(context, flight, input);
  } catch (error) {
    console.error("checkout: the order could not be placed", error instanceof Error ? error.message : error);
    return { ok: false, reason: "failed" };
  }
}

async function orderSeats(context: AppLoadContext, flight: FlightListing, { form, userId, language }: CheckoutInput): Promise<CheckoutOutcome> {
  const { choice, seats, seenAvailableSeats, idempotencyKey, terms: _terms, ...customer } = form;
  // The schema gives `seats` whenever the choice is seats.
  const request: SeatRequest = choice === "aircraft" ? { kind: "aircraft" } : { kind: "seats", seats: seats! };
  const orderId = crypto.randomUUID();
  const accessKey = await orderAccessKey(context, orderId);
  const result = await placeOrder(context.db, {
    orderId,
    accessKeyHash: await sha256Hex(accessKey),
    flightId: flight.id,
    request,
    seenAvailableSeats,
    userId,
    customerInfo: customer,
    language,
    idempotencyKey,
    now: context.now(),
  });
  // The hold refuses a departed or sold-out flight too; what the flight was when looked up
  // says which, else a sale came in between. (A departed or sold-out flight is not refused
  // before: the same form sent again, once its order took the last seat, is its order.)
  if (result.status === "unavailable") return { ok: false, reason: unavailableReason(flight, context.now()) ?? "changed" };
  // The same form sent again: the order it placed, and no mail.
  if (result.status === "duplicate") return { ok: true, orderId: result.orderId, accessKey: await orderAccessKey(context, result.orderId) };

  const mail = {
    orderId,
    reference: orderReference(flight.id),
    from: flight.departureAirport.servedCity,
    to: flight.arrivalAirport.servedCity,
    departure: flight.departureDate.toISOString(),
    aircraftType: flight.aircraftType,
    seats: request.kind === "aircraft" ? seenAvailableSeats : request.seats,
    wholeAircraft: request.kind === "aircraft",
    // What the order row stores (placeOrder reads it back from the INSERT), never recomputed here.
    amountEuros: result.amountCents / 100,
    customer,
    url: absoluteUrl(context.env.APP_URL, confirmationPath(orderId, accessKey)),
  };
  // The order stands whatever happens to the mails: the outbox retries a failed one.
  await sendMail(context, { to: context.env.STAFF_EMAIL, locale: "fr", template: "orders/order-staff", data: mail });
  await sendMail(context, { to: customer.email, locale: language, template: "orders/order-customer", data: mail });
  return { ok: true, orderId, accessKey };
}

/** The reference the spec shows on an order: the first 8 characters of its flight's id. */
export function orderReference(flightId: string) {
  return flightId.slice(0, 8).toUpperCase();
}
