/**
 * The simulator's hosted page, /dev/pay/{session} (docs/payments.md): what the buyer
 * sees, and what each button sends. A button builds the event Stripe would post, signed
 * as Stripe signs it, and hands it to `applyPaymentWebhook`: the order moves exactly as
 * it would on a real webhook.
 */
import type { AppLoadContext } from "@remix-run/cloudflare";
import {
  countEventAttempt,
  findDevPaymentSession,
  listUndeliveredEvents,
  markEventsDelivered,
  moveDevPaymentSession,
  moveSessionWithEvents,
  type DevPaymentSessionStatus,
  type DevPaymentSessionWithReference,
} from "./dev-payment-sessions.queries.server";
import { applyPaymentWebhook } from "#app/orders/order-payment.server";
import { requireLocalDoor } from "#app/utils/local-door.server";
import { simulatorEvent, type SimulatorAction } from "./simulator.server";
import { simulatorChargeEvent, type SignedEvent } from "./simulator-charges.server";
import { signPayload } from "./stripe-events.server";
import { logError } from "#app/utils/request-log.server";

/** The page exists only where the simulator takes the payments: a 404 anywhere else. */
export function requireLocalPayments(context: AppLoadContext, request: Request) {
  requireLocalDoor(context, request);
  if (context.payments.name !== "simulator") throw new Response("Not Found", { status: 404 });
}

/** Where a page is, as its buyer sees it: an open page past its end is closed. */
export function devPaymentState(
  session: Pick<DevPaymentSessionWithReference, "status" | "expiresAt">,
  now: Date,
): DevPaymentSessionStatus {
  const status = session.status as DevPaymentSessionStatus;
  return status === "open" && session.expiresAt.getTime() <= now.getTime() ? "expired" : status;
}

export async function findDevPayment(context: AppLoadContext, sessionId: string) {
  const session = await findDevPaymentSession(context.db, sessionId);
  return session ? { ...session, state: devPaymentState(session, context.now()) } : null;
}

/** What each button leaves the page at. */
const AFTER: Record<SimulatorAction, DevPaymentSessionStatus> = {
  pay: "authorised",
  decline: "failed",
  abandon: "expired",
};

export type DevPayOutcome =
  { ok: true; redirectTo: string } | { ok: false; reason: "notFound" | "closed" | "invalidSignature" | "unknownOrder" };

/**
 * A button of the simulator's page: the page moves and the webhooks it causes are recorded in
 * one batch, then delivered to the app at once; one left unacknowledged (a crash) is delivered
 * again by the cron (`redeliverSimulatorEvents`), as Stripe retries until it gets a 2xx.
 */
export async function submitDevPayment(
  context: AppLoadContext,
  { sessionId, action }: { sessionId: string; action: SimulatorAction },
): Promise<DevPayOutcome> {
  const now = context.now();
  const session = await findDevPaymentSession(context.db, sessionId);
  if (!session) return { ok: false, reason: "notFound" };
  if (devPaymentState(session, now) !== "open") return { ok: false, reason: "closed" };
  const to = AFTER[action];
  const secret = context.env.STRIPE_WEBHOOK_SECRET;
  const events: SignedEvent[] = [await simulatorEvent(session, action, now, secret)];
  // 'Payer': Stripe also sends the uncaptured charge, whose card tells the capture deadline;
  // first here, so the authorisation carries it (the app reads either order).
  if (action === "pay") {
    const captureBefore = new Date(now.getTime() + context.env.SIMULATOR_CAPTURE_DAYS * 86_400_000);
    events.unshift(await simulatorChargeEvent(session, "authorised", now, secret, { captureBefore }));
  }
  const recorded = events.map((event) => ({ id: event.id, body: event.rawBody }));
  if (!(await moveSessionWithEvents(context.db, { id: session.id, from: ["open"], to, events: recorded, now })))
    return { ok: false, reason: "closed" };
  const ids = events.map((event) => event.id);
  // Only a page this call closed opens again (a release during the webhook stays).
  const reopen = async () => {
    await markEventsDelivered(context.db, ids, context.now());
    await moveDevPaymentSession(context.db, { by: { id: session.id }, from: [to], to: "open" });
  };
  for (const event of events) {
    const outcome = await applyPaymentWebhook(context, event.rawBody, event.signature);
    // The simulator's own events always have the shape the webhook reads: one that does not is a bug.
    if (!outcome.ok && outcome.reason === "malformedEvent") throw new Error(outcome.problem);
    if (!outcome.ok) {
      await reopen();
      return { ok: false, reason: outcome.reason };
    }
    await markEventsDelivered(context.db, [event.id], context.now());
  }
  return { ok: true, redirectTo: action === "pay" ? session.successUrl : session.cancelUrl };
}

/** Deliveries the app never acknowledged are tried again this often at most. */
const MAX_DELIVERIES = 8;
/** A delivery still under way is left alone this long. */
const DELIVERY_GRACE_MS = 60_000;

/** The cron task where the simulator takes the payments: each unacknowledged event delivered again, freshly signed. */
export async function redeliverSimulatorEvents(context: AppLoadContext) {
  if (context.payments.name !== "simulator") return { skipped: true };
  const before = new Date(context.now().getTime() - DELIVERY_GRACE_MS);
  let delivered = 0;
  for (const event of await listUndeliveredEvents(context.db, { before, maxAttempts: MAX_DELIVERIES })) {
    await countEventAttempt(context.db, event.id);
    const signature = await signPayload(
      event.body,
      context.env.STRIPE_WEBHOOK_SECRET,
      Math.floor(context.now().getTime() / 1000),
    );
    const outcome = await applyPaymentWebhook(context, event.body, signature).catch((error: unknown) => {
      logError("payments.simulator-delivery-failed", error, { eventId: event.id });
      return null;
    });
    if (!outcome?.ok) continue;
    await markEventsDelivered(context.db, [event.id], context.now());
    delivered += 1;
  }
  return { delivered };
}
