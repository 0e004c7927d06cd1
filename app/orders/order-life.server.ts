/**
 * The life of an order (docs/payments.md, DECISIONS.md D3): the one service that moves
 * orders. The card is authorised at booking and captured only when staff validate.
 *
 *   checkout ──> pending (seats held until hold_expires_at) ──authorised──> processing
 *   pending ──payment failed / page expired / hold expired / staff refuse──> cancelled (seats back)
 *   pending ──staff validate (paid offline)──> completed
 *   processing ──staff validate: capture──> completed      (a failed capture stays processing)
 *   processing ──staff refuse: authorisation released──> cancelled (seats back)
 *
 * Every move is a conditional update in one batch (orders/order-life.queries.server.ts), applied
 * once whoever tries it at the same moment; mails follow the moves that happened.
 */
import type { AppLoadContext } from "@remix-run/cloudflare";
import { sql } from "drizzle-orm";
import { orders } from "#app/db/schema";
import {
  claimPaymentEvent,
  createOrderLink,
  findOrderForPayment,
  forgetPaymentEvent,
  listDepartedPendingOrders,
  listExpiredHolds,
  moveOrder,
  recordOrderEvent,
  setPaymentSession,
  undoCapture,
  type OrderForPayment,
} from "./order-life.queries.server";
import { absoluteUrl } from "#app/utils/urls";
import { isInvalidWebhookError, isMalformedWebhookError, type PaymentEvent } from "#app/payments/provider.server";
import { sendOrderMail } from "./order-mails.server";
import { checkCheckoutRate } from "./hold-caps.server";
import { confirmationPath } from "./checkout.server";
import { notifyWaitlist } from "#app/alerts/waitlist.server";

const errorMessage = (error: unknown) => (error instanceof Error ? error.message : String(error));

/** A pending order's hold, from its creation: HOLD_MINUTES (30 unless configured). */
export function holdExpiry(context: AppLoadContext, from: Date): Date {
  return new Date(from.getTime() + context.env.HOLD_MINUTES * 60_000);
}

export type StartPaymentOutcome =
  { ok: true; url: string } | { ok: false; reason: "notPending" | "expired" | "provider" };

/**
 * The provider's hosted page for a pending order whose hold still runs ('Payer
 * maintenant', and right after the checkout). A page opened before is closed first, so
 * at most one can be paid.
 */
export async function startPayment(context: AppLoadContext, orderId: string): Promise<StartPaymentOutcome> {
  const now = context.now();
  const order = await findOrderForPayment(context.db, orderId);
  if (!order || order.status !== "pending") return { ok: false, reason: "notPending" };
  if (!order.holdExpiresAt || order.holdExpiresAt.getTime() <= now.getTime()) return { ok: false, reason: "expired" };
  try {
    const back = absoluteUrl(
      context.env.APP_URL,
      confirmationPath(order.id, await createOrderLink(context.db, order.id)),
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
      await context.payments.expireCheckout(session.sessionId);
      return { ok: false, reason: "notPending" };
    }
    // The page opened before closes only now: its 'expired' event no longer matches the order.
    if (order.paymentSessionId) await context.payments.expireCheckout(order.paymentSessionId);
    return { ok: true, url: session.url };
  } catch (error) {
    console.error("payments: the hosted page could not be opened", errorMessage(error));
    return { ok: false, reason: "provider" };
  }
}

export type PayNowOutcome = StartPaymentOutcome | { ok: false; reason: "rateLimited" };

/**
 * 'Payer maintenant' on the order page: each press opens a new page at the provider, so
 * it is counted against the checkout's rate limit of the buyer's network (decision 016,
 * `clientKey` as `clientKeyOf` gives it) before `startPayment`.
 */
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
  /** Signed, but not of the shape the app reads: `problem` names the event and the field, nothing of its data. */
  | { ok: false; reason: "malformedEvent"; problem: string };

/**
 * A provider's webhook (`/webhooks/payments`, and the simulator's page): the signature is
 * checked before anything is read; each event is applied once (its id stored first); an
 * event type the app does not use, or a replay, changes nothing.
 */
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
  const order = event.orderId ? await findOrderForPayment(context.db, event.orderId) : null;
  if (!order) return { ok: false, reason: "unknownOrder" };
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
        to: "cancelled",
        paymentState: "failed",
        actor: "provider",
        detail: event.id,
        now,
        set: { cancelReason: "paymentFailed" },
      });
      if (moved) await afterCancellation(context, order);
      return;
    }
    case "expired": {
      // Only the order's current page: an older one closing (replaced by 'Payer maintenant') changes nothing.
      const moved = await moveOrder(context.db, {
        orderId: order.id,
        move: "expired",
        from: "pending",
        to: "cancelled",
        paymentState: "none",
        actor: "provider",
        detail: event.id,
        now,
        set: { cancelReason: "expired" },
        when: event.sessionId ? sql`${orders.paymentSessionId} = ${event.sessionId}` : undefined,
      });
      if (moved) {
        await sendOrderMail(context, order.id, "cancelled");
        await notifyWaitlist(context, { flightIds: [order.flightId] });
      }
      return;
    }
    default:
      // captured / released: the provider confirms our own call; recorded, nothing to move.
      return;
  }
}

async function applyAuthorisation(context: AppLoadContext, order: OrderForPayment, event: PaymentEvent) {
  const now = context.now();
  const intent = event.paymentIntentId;
  if (event.amountCents !== order.amountCents || event.currency?.toLowerCase() !== "eur" || !intent) {
    // Not the amount we stored: refused, the money released, staff told.
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
    await sendOrderMail(context, order.id, "staffAmountMismatch");
    return;
  }
  const moved = await moveOrder(context.db, {
    orderId: order.id,
    move: "authorised",
    from: "pending",
    to: "processing",
    paymentState: "authorised",
    actor: "provider",
    detail: event.id,
    now,
    set: { paymentIntentId: intent },
  });
  if (moved) {
    await sendOrderMail(context, order.id, "authorised");
    await sendOrderMail(context, order.id, "staffAuthorised");
    return;
  }
  const current = await findOrderForPayment(context.db, order.id);
  if (current?.paymentIntentId === intent) return; // the same authorisation told twice
  // A payment for an order that is no longer waiting for one (cancelled, or paid by another
  // page): that money is released at once.
  await releaseAuthorisation(context, current ?? order, intent);
  await recordOrderEvent(context.db, {
    orderId: order.id,
    move: "lateAuthorisationReleased",
    status: current?.status ?? order.status,
    paymentState: current?.paymentState ?? order.paymentState,
    actor: "provider",
    detail: event.id,
    now,
  });
  if (current?.status === "cancelled") await sendOrderMail(context, order.id, "staffLatePayment");
}

/** Releases an authorisation; a failure is recorded for staff (authorisations also lapse by themselves after 7 days). */
async function releaseAuthorisation(
  context: AppLoadContext,
  order: Pick<OrderForPayment, "id" | "status" | "paymentState">,
  intent: string,
) {
  const result = await context.payments.cancelAuthorisation(intent, { idempotencyKey: `release:${intent}` });
  if (result.ok) return true;
  await recordOrderEvent(context.db, {
    orderId: order.id,
    move: "releaseFailed",
    status: order.status,
    paymentState: order.paymentState,
    actor: "provider",
    detail: result.message.slice(0, 300),
    now: context.now(),
  });
  return false;
}

/**
 * After a cancellation: the hosted page closed (best effort), the customer told, and,
 * unless the caller does it for several orders at once, the flight's waitlist told of
 * the seats given back (`notifyWaitlist` never throws).
 */
async function afterCancellation(
  context: AppLoadContext,
  order: Pick<OrderForPayment, "id" | "paymentSessionId" | "flightId">,
  { waitlist = true }: { waitlist?: boolean } = {},
) {
  if (order.paymentSessionId) {
    await context.payments.expireCheckout(order.paymentSessionId).catch((error: unknown) => {
      console.error("payments: the hosted page could not be closed", errorMessage(error));
    });
  }
  await sendOrderMail(context, order.id, "cancelled");
  if (waitlist) await notifyWaitlist(context, { flightIds: [order.flightId] });
}

export type ValidateOutcome =
  | { ok: true; payment: "captured" | "offline" }
  | { ok: false; reason: "notUpdated" | "captureFailed" | "update"; message?: string };

/**
 * Staff's 'Valider': a processing order's authorisation is captured; a pending one was
 * paid outside the site (bank transfer) and is recorded as such.
 */
export async function validateOrder(
  context: AppLoadContext,
  { orderId, by }: { orderId: string; by: string },
): Promise<ValidateOutcome> {
  try {
    const order = await findOrderForPayment(context.db, orderId);
    const now = context.now();
    if (order?.status === "pending") {
      const moved = await moveOrder(context.db, {
        orderId,
        move: "validatedOffline",
        from: "pending",
        to: "completed",
        paymentState: "offline",
        actor: "staff",
        changedBy: by,
        now,
      });
      if (!moved) return { ok: false, reason: "notUpdated" };
      if (order.paymentSessionId) await context.payments.expireCheckout(order.paymentSessionId).catch(() => undefined);
      await sendOrderMail(context, orderId, "completed");
      return { ok: true, payment: "offline" };
    }
    if (order?.status !== "processing" || !order.paymentIntentId) return { ok: false, reason: "notUpdated" };
    // The move first: a refusal at the same moment cannot win once the money is taken.
    const moved = await moveOrder(context.db, {
      orderId,
      move: "captured",
      from: "processing",
      to: "completed",
      paymentState: "captured",
      actor: "staff",
      changedBy: by,
      now,
    });
    if (!moved) return { ok: false, reason: "notUpdated" };
    const capture = await context.payments.capture(order.paymentIntentId, { idempotencyKey: `capture:${orderId}` });
    if (!capture.ok) {
      await undoCapture(context.db, { orderId, now: context.now(), detail: capture.message.slice(0, 300) });
      await sendOrderMail(context, orderId, "staffCaptureFailed", { detail: capture.message });
      return { ok: false, reason: "captureFailed", message: capture.message };
    }
    await sendOrderMail(context, orderId, "completed");
    return { ok: true, payment: "captured" };
  } catch (error) {
    console.error("orders: the validation failed", errorMessage(error));
    return { ok: false, reason: "update" };
  }
}

export type RefuseOutcome = { ok: true } | { ok: false; reason: "notUpdated" | "update" };

/** Staff's 'Refuser': cancelled, seats back, an authorisation released, the customer told. */
export async function refuseOrder(
  context: AppLoadContext,
  { orderId, by }: { orderId: string; by: string },
): Promise<RefuseOutcome> {
  try {
    const order = await findOrderForPayment(context.db, orderId);
    if (order?.status !== "pending" && order?.status !== "processing") return { ok: false, reason: "notUpdated" };
    const moved = await moveOrder(context.db, {
      orderId,
      move: "refused",
      from: order.status,
      to: "cancelled",
      paymentState: order.status === "processing" ? "released" : order.paymentState,
      actor: "staff",
      changedBy: by,
      now: context.now(),
      set: { cancelReason: "refused" },
    });
    if (!moved) return { ok: false, reason: "notUpdated" };
    if (order.status === "processing" && order.paymentIntentId) {
      await releaseAuthorisation(
        context,
        { ...order, status: "cancelled", paymentState: "released" },
        order.paymentIntentId,
      );
    }
    await afterCancellation(context, order);
    return { ok: true };
  } catch (error) {
    console.error("orders: the refusal failed", errorMessage(error));
    return { ok: false, reason: "update" };
  }
}

/**
 * Unpaid holds past their end, and pending orders whose flight has left: cancelled, seats
 * back, the customer told. The 5-minute cron runs it; the checkout runs it for its own
 * flight first (`flightId`), so a buyer is never refused a seat held by a dead order.
 */
export async function expireUnpaidHolds(
  context: AppLoadContext,
  { flightId }: { flightId?: string } = {},
): Promise<number> {
  const now = context.now();
  const expired = await listExpiredHolds(context.db, { now, flightId });
  const departed = flightId ? [] : await listDepartedPendingOrders(context.db, { now });
  let cancelled = 0;
  const released = new Set<string>();
  for (const [rows, reason] of [
    [expired, "expired"],
    [departed, "departed"],
  ] as const) {
    for (const { id } of rows) {
      const order = await findOrderForPayment(context.db, id);
      const moved = await moveOrder(context.db, {
        orderId: id,
        move: reason,
        from: "pending",
        to: "cancelled",
        paymentState: order?.paymentState ?? "none",
        actor: "system",
        now,
        set: { cancelReason: reason },
        when: reason === "expired" ? sql`${orders.holdExpiresAt} <= ${now.getTime()}` : undefined,
      });
      if (!moved) continue;
      cancelled += 1;
      if (order) {
        await afterCancellation(context, order, { waitlist: false });
        if (reason === "expired") released.add(order.flightId);
      }
    }
  }
  // The cron tells each flight's waitlist once. Not the checkout (`flightId`): its buyer
  // takes the seats that came back at once; what they leave, the cron's sweep announces.
  if (!flightId) await notifyWaitlist(context, { flightIds: [...released] });
  return cancelled;
}
