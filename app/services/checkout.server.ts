/**
 * The checkout (DECISIONS.md D3, docs/orders.md): prices on the server, the seat hold and
 * the order in one batch (models/orders.server.ts), then the mails through the outbox.
 */
import type { AppLoadContext } from "@remix-run/cloudflare";
import type { FlightListing } from "#app/models/flights.server";
import { placeOrder, type SeatRequest } from "#app/models/orders.server";
import type { CustomerInfo } from "#app/db/schema";
import type { ProfileLanguage } from "#app/utils/constants";
import { sha256Hex } from "#app/utils/crypto.server";
import { sendMail } from "./mail.server";
import { pricePerPerson, totalPrice } from "./pricing";

/** Why a flight cannot be booked now, or null when it can. */
export function unavailableReason(flight: Pick<FlightListing, "departureDate" | "isSoldout" | "availableSeats">, now: Date) {
  if (flight.departureDate.getTime() <= now.getTime()) return "departed" as const;
  if (flight.isSoldout || flight.availableSeats < 1) return "soldOut" as const;
  return null;
}

/** What the buyer pays, in whole euros: N seats at the per-person price, or the whole aircraft. */
export function checkoutPrice(flight: FlightListing, request: SeatRequest) {
  return request.kind === "aircraft"
    ? totalPrice(flight.flightTime, flight.pricePerMinute)
    : request.seats * pricePerPerson(flight);
}

/**
 * The key of an order's confirmation link: an HMAC of the order id with the session
 * secret, so the page can give it again to whoever sends the same form twice, and only
 * its SHA-256 is stored.
 */
export async function orderAccessKey(context: AppLoadContext, orderId: string) {
  const key = await crypto.subtle.importKey(
    "raw",
    new TextEncoder().encode(context.env.SESSION_SECRET),
    { name: "HMAC", hash: "SHA-256" },
    false,
    ["sign"],
  );
  const signature = new Uint8Array(await crypto.subtle.sign("HMAC", key, new TextEncoder().encode(`order:${orderId}`)));
  let binary = "";
  for (const byte of signature) binary += String.fromCharCode(byte);
  return btoa(binary).replaceAll("+", "-").replaceAll("/", "_").replace(/=+$/, "");
}

export function confirmationPath(orderId: string, accessKey: string) {
  return `/confirmation/${orderId}?${new URLSearchParams({ key: accessKey })}`;
}

export type CheckoutResult = { status: "ordered"; orderId: string; accessKey: string } | { status: "unavailable" };

export async function checkout(
  context: AppLoadContext,
  input: {
    flight: FlightListing;
    request: SeatRequest;
    seenAvailableSeats: number;
    customer: CustomerInfo;
    userId: string | null;
    language: ProfileLanguage;
    idempotencyKey: string;
  },
): Promise<CheckoutResult> {
  const orderId = crypto.randomUUID();
  const result = await placeOrder(context.db, {
    orderId,
    accessKeyHash: await sha256Hex(await orderAccessKey(context, orderId)),
    flightId: input.flight.id,
    request: input.request,
    seenAvailableSeats: input.seenAvailableSeats,
    userId: input.userId,
    customerInfo: input.customer,
    language: input.language,
    idempotencyKey: input.idempotencyKey,
    now: context.now(),
  });
  if (result.status === "unavailable") return result;
  const accessKey = await orderAccessKey(context, result.orderId);
  if (result.status === "duplicate") return { status: "ordered", orderId: result.orderId, accessKey };

  const seats = input.request.kind === "aircraft" ? input.seenAvailableSeats : input.request.seats;
  const mail = {
    orderId,
    reference: orderReference(input.flight.id),
    from: input.flight.departureAirport.servedCity,
    to: input.flight.arrivalAirport.servedCity,
    departure: input.flight.departureDate.toISOString(),
    aircraftType: input.flight.aircraftType,
    seats,
    wholeAircraft: input.request.kind === "aircraft",
    amountEuros: checkoutPrice(input.flight, input.request),
    customer: input.customer,
    url: new URL(confirmationPath(orderId, accessKey), context.env.APP_URL).toString(),
  };
  // The order stands whatever happens to the mails: the outbox retries a failed one.
  await sendMail(context, { to: context.env.STAFF_EMAIL, locale: "fr", template: "orders/order-staff", data: mail });
  await sendMail(context, { to: input.customer.email, locale: input.language, template: "orders/order-customer", data: mail });
  return { status: "ordered", orderId, accessKey };
}

/** The reference the spec shows on an order: the first 8 characters of its flight's id. */
export function orderReference(flightId: string) {
  return flightId.slice(0, 8).toUpperCase();
}
