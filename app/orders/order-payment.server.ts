// An order's payment: the provider's page, and its events each applied once (docs/payments.md 'The webhook').
import type { AppLoadContext } from "@remix-run/cloudflare";
import { sql } from "drizzle-orm";

import { notifyWaitlist } from "#app/alerts/waitlist.server";
import { orders } from "#app/db/schema";
import { isInvalidWebhookError, isMalformedWebhookError, type PaymentEvent } from "#app/payments/provider.server";
import { orderPaymentPath } from "#app/utils/order-urls";
import { logError } from "#app/utils/request-log.server";
import { absoluteUrl } from "#app/utils/urls";

import { checkCheckoutRate } from "./hold-caps.server";
import {
  claimPaymentEvent,
  createOrderLink,
  findOrderForPayment,
  forgetPaymentEvent,
  type OrderForPayment,
  setPaymentSession,
  wasReleasedLate,
} from "./order-life.queries.server";
import { sendOrderMessages } from "./order-messages.server";
import { closePaymentPage, releaseAuthorisation } from "./order-money.server";
import { findOrderIdByPaymentIntent, recordRefundTotal, setCaptureBefore } from "./order-moves.queries.server";
import { moveOrder, recordOrderEvent } from "./order-moves.server";

export type StartPaymentOutcome =
  { ok: true; url: string } | { ok: false; reason: "notPending" | "expired" | "failed" };

export async function startPayment(context: AppLoadContext, orderId: string): Promise<StartPaymentOutcome> {
  const now = context.now();
  const order = await findOrderForPayment(context.db, orderId);
  if (!order || order.status !== "pending") return { ok: false, reason: "notPending" };
  if (!order.holdExpiresAt || order.holdExpiresAt.getTime() <= now.getTime()) return { ok: false, reason: "expired" };
  try {
    const back = absoluteUrl(
      context.env.APP_URL,
      orderPaymentPath(order.id, await createOrderLink(context.db, order.id)),
    );
    const session = await context.payments.createCheckout({
      orderId: order.id,
      reference: order.reference ?? order.id,
      amountCents: order.amountCents,
      currency: "eur",
      customerEmail: order.customerEmail,
      description: `JetMalin ${order.reference ?? ""}`.trim(),
      locale: order.language === "es" ? "en" : order.language,
      successUrl: back,
      cancelUrl: back,
      expiresAt: order.holdExpiresAt,
      idempotencyKey: `checkout:${order.id}:${crypto.randomUUID()}`,
    });
    if (!(await setPaymentSession(context.db, { orderId: order.id, sessionId: session.sessionId, now }))) {
      await closePaymentPage(context, { id: order.id, paymentSessionId: session.sessionId });
      return { ok: false, reason: "notPending" };
    }
    // The page opened before closes only now: its 'expired' event no longer matches the order.
    await closePaymentPage(context, order);
    return { ok: true, url: session.url };
  } catch (error) {
    logError("payments.page-open-failed", error, { requestId: context.requestId, orderId: order.id });
    return { ok: false, reason: "failed" };
  }
}

export type PayNowOutcome = StartPaymentOutcome | { ok: false; reason: "rateLimited" };

/** Each press opens a new page at the provider, so it counts against the checkout's rate limit. */
export async function payNow(
  context: AppLoadContext,
  { orderId, clientKey }: { orderId: string; clientKey: string },
): Promise<PayNowOutcome> {
  if (!(await checkCheckoutRate(context, clientKey))) return { ok: false, reason: "rateLimited" };
  return startPayment(context, orderId);
}

export type WebhookOutcome =
  | { ok: true; applied: boolean }
  | { ok: false; reason: "invalidSignature" | "unknownOrder" }
  /** `problem` names the event and the field, nothing of its data. */
  | { ok: false; reason: "malformedEvent"; problem: string };

export async function applyPaymentWebhook(
  context: AppLoadContext,
  rawBody: string,
  signature: string | null,
): Promise<WebhookOutcome> {
  let event: PaymentEvent | null;
  try {
    event = await context.payments.parseWebhook(rawBody, signature);
  } catch (error) {
    if (isInvalidWebhookError(error)) return { ok: false, reason: "invalidSignature" };
    if (isMalformedWebhookError(error)) return { ok: false, reason: "malformedEvent", problem: error.message };
    throw error;
  }
  if (!event) return { ok: true, applied: false };
  return applyProviderEvent(context, event);
}

export async function applyProviderEvent(
  context: AppLoadContext,
  event: PaymentEvent,
): Promise<Exclude<WebhookOutcome, { reason: "invalidSignature" }>> {
  // A charge without our metadata (a refund in the provider's dashboard) is found by its payment.
  const orderId =
    event.orderId ??
    (event.paymentIntentId ? await findOrderIdByPaymentIntent(context.db, event.paymentIntentId) : null);
  const order = orderId ? await findOrderForPayment(context.db, orderId) : null;
  if (!order) return { ok: false, reason: "unknownOrder" };
  // A refunded total of nothing, or of more than was paid, is no refund of this order: nothing is written.
  if (
    event.kind === "refunded" &&
    event.amountCents !== null &&
    !(event.amountCents > 0 && event.amountCents <= order.amountCents)
  )
    return { ok: false, reason: "malformedEvent", problem: `${event.id.slice(0, 80)}: refund total out of range` };
  if (
    !(await claimPaymentEvent(context.db, { id: event.id, type: event.kind, orderId: order.id, now: context.now() }))
  ) {
    return { ok: true, applied: false };
  }
  try {
    await applyEvent(context, order, event);
  } catch (error) {
    // Not applied: the provider's retry must find the event new again.
    await forgetPaymentEvent(context.db, event.id);
    throw error;
  }
  return { ok: true, applied: true };
}

async function applyEvent(context: AppLoadContext, order: OrderForPayment, event: PaymentEvent) {
  const now = context.now();
  switch (event.kind) {
    case "authorised":
      return applyAuthorisation(context, order, event);
    case "failed": {
      const moved = await moveOrder(context.db, {
        orderId: order.id,
        move: "paymentFailed",
        from: "pending",
        paymentState: "failed",
        actor: "provider",
        detail: event.id,
        now,
        set: { cancelReason: "paymentFailed" },
      });
      if (!moved) return;
      await closePaymentPage(context, order);
      await sendOrderMessages(context, order.id);
      await notifyWaitlist(context, { flightIds: [order.flightId] });
      return;
    }
    case "expired": {
      // Only the order's current page: an older one closing (replaced by 'Payer maintenant') changes nothing.
      const moved = await moveOrder(context.db, {
        orderId: order.id,
        move: "expired",
        from: "pending",
        paymentState: "none",
        actor: "provider",
        detail: event.id,
        now,
        set: { cancelReason: "expired" },
        when: event.sessionId ? sql`${orders.paymentSessionId} = ${event.sessionId}` : undefined,
      });
      if (!moved) return;
      await sendOrderMessages(context, order.id);
      await notifyWaitlist(context, { flightIds: [order.flightId] });
      return;
    }
    case "refunded":
      // The total refunded so far: ours (a history row only), or one made outside the app or after a refusal.
      if (event.paymentIntentId && event.amountCents !== null) {
        await recordRefundTotal(context.db, {
          orderId: order.id,
          paymentIntentId: event.paymentIntentId,
          totalCents: event.amountCents,
          eventId: event.id,
          now,
        });
      }
      return;
    default:
      // captured / released: the provider confirms our own call; recorded, nothing to move.
      return;
  }
}

async function applyAuthorisation(context: AppLoadContext, order: OrderForPayment, event: PaymentEvent) {
  const now = context.now();
  const intent = event.paymentIntentId;
  if (event.amountCents !== order.amountCents || event.currency?.toLowerCase() !== "eur" || !intent) {
    await recordOrderEvent(context.db, {
      orderId: order.id,
      move: "amountMismatch",
      status: order.status,
      paymentState: order.paymentState,
      actor: "provider",
      detail: `${event.id}: ${event.amountCents ?? "?"} ${event.currency ?? "?"}`,
      now,
    });
    if (intent) await releaseAuthorisation(context, order, intent);
    await sendOrderMessages(context, order.id);
    return;
  }
  const moved = await moveOrder(context.db, {
    orderId: order.id,
    move: "authorised",
    from: "pending",
    paymentState: "authorised",
    actor: "provider",
    detail: event.id,
    now,
    set: { paymentIntentId: intent, captureBefore: event.captureBefore },
  });
  if (moved) {
    await sendOrderMessages(context, order.id);
    return;
  }
  const current = await findOrderForPayment(context.db, order.id);
  if (current?.paymentIntentId === intent) {
    // The same authorisation told twice (the intent's event and its charge's): the deadline may come with the second.
    if (event.captureBefore && !current.captureBefore)
      await setCaptureBefore(context.db, {
        orderId: order.id,
        paymentIntentId: intent,
        captureBefore: event.captureBefore,
        now,
      });
    return;
  }
  // A payment for an order no longer waiting for one (cancelled, or paid by another page) is released at once,
  // and told once: the reconciliation may have found it before its own event came.
  if (await wasReleasedLate(context.db, { orderId: order.id, intent })) return;
  await releaseAuthorisation(context, current ?? order, intent);
  await recordOrderEvent(context.db, {
    orderId: order.id,
    move: "lateAuthorisationReleased",
    status: current?.status ?? order.status,
    paymentState: current?.paymentState ?? order.paymentState,
    actor: "provider",
    detail: `${event.id}: ${intent}`,
    now,
  });
  await sendOrderMessages(context, order.id);
}
