// Offers a customer accepts online: docs/decisions/058-offers.md.
import type { AppLoadContext } from "@remix-run/cloudflare";

import { cityName } from "#app/content/city-names";
import { FLEET } from "#app/content/fleet";
import { allowRequest } from "#app/limits/request-limits.server";
import { sendMail } from "#app/mail/mail.server";
import type { ProfileLanguage } from "#app/utils/constants";
import { createRandomToken, sha256Hex } from "#app/utils/crypto.server";
import { normalizeEmail } from "#app/utils/forms/fields";
import { offerPagePath } from "#app/utils/order-urls";
import { logError } from "#app/utils/request-log.server";
import { absoluteUrl } from "#app/utils/urls";
import { zurichDateTime } from "#app/utils/zurich-dates";

import { newOrderReference } from "./checkout.server";
import { type CapRefusal, checkCheckoutRate, checkHoldCaps, holdCapsCondition } from "./hold-caps.server";
import type { AcceptOfferForm, StaffOfferInput } from "./offer-forms";
import { findRerouteLegId, releaseExpiredOfferHolds as releaseExpiredHolds } from "./offer-holds.queries.server";
import { offerState } from "./offer-view";
import {
  declineOpenOffer,
  findAirportIds,
  findLatestOffer,
  findOffer,
  findOfferRequest,
  insertOfferMessage,
  insertOfferVersion,
  type OfferRequestRef,
  withdrawOpenOffer,
} from "./offers.queries.server";
import { createOrderLink } from "./order-life.queries.server";
import { expireUnpaidHolds, holdExpiry } from "./order-life.server";
import { messagesOf } from "./order-machine";
import { sendOrderMessages } from "./order-messages.server";
import { startPayment } from "./order-payment.server";
import { placeOrder } from "./orders.queries.server";

const HOUR_MS = 60 * 60_000;

export type MakeOfferOutcome =
  | { ok: true; offerId: string; mailed: boolean; heldLeg: boolean }
  | { ok: false; reason: "notFound" | "airport" | "accepted" | "failed" };

/** A new version of the request's offer: the open one becomes void, the customer gets the new one by mail. */
export async function makeOffer(
  context: AppLoadContext,
  { request, form, by }: { request: OfferRequestRef; form: StaffOfferInput; by: string },
): Promise<MakeOfferOutcome> {
  try {
    const customer = await findOfferRequest(context.db, request);
    if (!customer) return { ok: false, reason: "notFound" };
    const airportIds = await findAirportIds(context.db, [form.from, form.to]);
    const departureAirport = airportIds.get(form.from);
    const arrivalAirport = airportIds.get(form.to);
    if (departureAirport === undefined || arrivalAirport === undefined) return { ok: false, reason: "airport" };
    const aircraft = FLEET.find((plane) => plane.id === form.aircraftId)!;
    const [latest, holdLegId] = await Promise.all([
      findLatestOffer(context.db, request),
      findRerouteLegId(context.db, request),
    ]);
    const reuseFlight = latest !== null && latest.status !== "accepted";
    const now = context.now();
    const departureAt = zurichDateTime(form.day, form.time);
    const offerId = crypto.randomUUID();
    const linkKey = createRandomToken();
    const written = await insertOfferVersion(context.db, {
      offerId,
      request,
      flightId: reuseFlight ? latest.flightId : crypto.randomUUID(),
      reuseFlight,
      departureAirportId: departureAirport.id,
      arrivalAirportId: arrivalAirport.id,
      departureAt,
      departureUntil: new Date(departureAt.getTime() + form.windowHours * HOUR_MS),
      flightMinutes: form.flightMinutes,
      aircraftId: aircraft.id,
      aircraftModel: aircraft.model,
      seats: Math.min(form.seats, aircraft.specs.passengers),
      priceCents: form.priceEuros * 100,
      included: form.included,
      expiresAt: new Date(now.getTime() + form.expiryHours * HOUR_MS),
      language: customer.language,
      linkKeyHash: await sha256Hex(linkKey),
      operator: { name: form.operatorName, aoc: form.operatorAoc, state: form.operatorState },
      holdLegId,
      notify: customer.userId
        ? {
            userId: customer.userId,
            params: {
              offerId,
              from: departureAirport.servedCity,
              to: arrivalAirport.servedCity,
              fromIcao: departureAirport.icaoCode,
              toIcao: arrivalAirport.icaoCode,
              departure: departureAt.getTime(),
            },
          }
        : null,
      staffId: by,
      now,
    });
    if (!written.created) return { ok: false, reason: "accepted" };
    const mail = await mailOffer(context, { offerId, linkKey, customer });
    return { ok: true, offerId, mailed: mail, heldLeg: written.held };
  } catch (error) {
    logError("offers.make-failed", error, { requestId: context.requestId, kind: request.kind });
    return { ok: false, reason: "failed" };
  }
}

/** A profile may still say "es" (a language the site no longer offers): its mails go in English. */
const mailLanguage = (language: ProfileLanguage) => (language === "es" ? "en" : language);

async function mailOffer(
  context: AppLoadContext,
  {
    offerId,
    linkKey,
    customer,
  }: { offerId: string; linkKey: string; customer: { firstName: string; email: string; language: ProfileLanguage } },
) {
  const offer = (await findOffer(context.db, offerId))!;
  const result = await sendMail(context, {
    to: customer.email,
    locale: customer.language,
    template: "orders/offer",
    data: {
      firstName: customer.firstName,
      version: offer.version,
      from: cityName(offer.fromCity, mailLanguage(customer.language)),
      to: cityName(offer.toCity, mailLanguage(customer.language)),
      departureAt: offer.departureAt.toISOString(),
      departureUntil: offer.departureUntil.toISOString(),
      aircraft: offer.aircraftModel,
      seats: offer.seats,
      priceCents: offer.priceCents,
      included: offer.included,
      expiresAt: offer.expiresAt.toISOString(),
      url: absoluteUrl(context.env.APP_URL, offerPagePath(offerId, linkKey)),
    },
  });
  return result.status !== "failed";
}

export type OfferDecisionOutcome = { ok: true } | { ok: false; reason: "notOpen" | "limited" | "failed" };

export async function withdrawOffer(context: AppLoadContext, offerId: string): Promise<OfferDecisionOutcome> {
  try {
    const done = await withdrawOpenOffer(context.db, { offerId, now: context.now() });
    return done ? { ok: true } : { ok: false, reason: "notOpen" };
  } catch (error) {
    logError("offers.withdraw-failed", error, { requestId: context.requestId });
    return { ok: false, reason: "failed" };
  }
}

export async function declineOffer(
  context: AppLoadContext,
  { offerId, ip }: { offerId: string; ip: string },
): Promise<OfferDecisionOutcome> {
  try {
    if (!(await allowRequest(context, "offerReply", ip))) return { ok: false, reason: "limited" };
    const done = await declineOpenOffer(context.db, { offerId, now: context.now() });
    return done ? { ok: true } : { ok: false, reason: "notOpen" };
  } catch (error) {
    logError("offers.decline-failed", error, { requestId: context.requestId });
    return { ok: false, reason: "failed" };
  }
}

export type OfferMessageOutcome = { ok: true } | { ok: false; reason: "limited" | "failed" };

/** The thread belongs to the request: a question on version 1 stays on the page of version 2. */
export async function postOfferMessage(
  context: AppLoadContext,
  input: OfferRequestRef & { author: "customer" | "staff"; userId: string | null; body: string; ip: string },
): Promise<OfferMessageOutcome> {
  try {
    if (input.author === "customer" && !(await allowRequest(context, "offerReply", input.ip)))
      return { ok: false, reason: "limited" };
    await insertOfferMessage(context.db, { ...input, now: context.now() });
    return { ok: true };
  } catch (error) {
    logError("offers.message-failed", error, { requestId: context.requestId, author: input.author });
    return { ok: false, reason: "failed" };
  }
}

export type AcceptOfferOutcome =
  | { ok: true; orderId: string; linkKey: string; paymentUrl: string | null }
  | { ok: false; reason: "notOpen" | "rateLimited" | CapRefusal | "failed" };

/**
 * The order path of every checkout (docs/decisions/047-one-order-path.md): the offer's flight held whole in the
 * order's batch, on the condition that the offer is still open and unexpired at that instant, and the offer moved
 * to accepted in the same batch. A withdrawal, a new version or the expiry that commits first refuses it.
 */
export async function acceptOffer(
  context: AppLoadContext,
  {
    offerId,
    form,
    userId,
    language,
    clientKey,
  }: { offerId: string; form: AcceptOfferForm; userId: string | null; language: ProfileLanguage; clientKey: string },
): Promise<AcceptOfferOutcome> {
  try {
    if (!(await checkCheckoutRate(context, clientKey))) return { ok: false, reason: "rateLimited" };
    const offer = await findOffer(context.db, offerId);
    if (!offer || offerState(offer, context.now()) !== "open") return { ok: false, reason: "notOpen" };
    const caps = { clientKey, email: normalizeEmail(form.email), seats: offer.seats };
    const checked = await checkHoldCaps(context, caps);
    if (!checked.ok) return { ok: false, reason: checked.reason };
    await expireUnpaidHolds(context, { flightId: offer.flightId });
    const { idempotencyKey, terms: _terms, passengers, choice: _choice, seats: _seats, ...customer } = form;
    const { seenAvailableSeats: _seen, ...customerInfo } = customer;
    const orderId = crypto.randomUUID();
    const linkKey = createRandomToken();
    const now = context.now();
    const result = await placeOrder(context.db, {
      orderId,
      reference: newOrderReference(),
      linkKeyHash: await sha256Hex(linkKey),
      flightId: offer.flightId,
      request: { kind: "aircraft" },
      seenAvailableSeats: offer.seats,
      userId,
      customerInfo: { ...customerInfo, email: normalizeEmail(customerInfo.email) },
      passengers,
      language,
      idempotencyKey,
      messages: messagesOf("placed", null),
      holdExpiresAt: holdExpiry(context, now),
      clientKey,
      withinCaps: holdCapsCondition(context, caps),
      offer: { offerId, amountCents: offer.priceCents },
      now,
    });
    if (result.status === "unavailable") return { ok: false, reason: "notOpen" };
    if (result.status === "duplicate") {
      // The same form sent again (a double click, a reload): its order, never another buyer's.
      if (result.flightId !== offer.flightId || result.email !== normalizeEmail(form.email))
        return { ok: false, reason: "notOpen" };
      return {
        ok: true,
        orderId: result.orderId,
        linkKey: await createOrderLink(context.db, result.orderId),
        paymentUrl: null,
      };
    }
    // The order stands whatever the mails (the outbox retries) or the provider (the order page offers to pay).
    await sendOrderMessages(context, orderId);
    const payment = await startPayment(context, orderId);
    return { ok: true, orderId, linkKey, paymentUrl: payment.ok ? payment.url : null };
  } catch (error) {
    logError("offers.accept-failed", error, { requestId: context.requestId });
    return { ok: false, reason: "failed" };
  }
}

/** The cron's (every five minutes): seats held by offers past their expiry go back on sale. */
export async function releaseExpiredOfferHolds(context: AppLoadContext) {
  return { released: await releaseExpiredHolds(context.db, context.now()) };
}
