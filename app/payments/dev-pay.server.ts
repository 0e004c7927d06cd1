/**
 * The simulator's hosted page, /dev/pay/{session} (docs/payments.md): what the buyer
 * sees, and what each button sends. A button builds the event Stripe would post, signed
 * as Stripe signs it, and orders/dev-pay-submit.server.ts hands it to `applyPaymentWebhook`:
 * the order moves exactly as it would on a real webhook.
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
import { requireLocalDoor } from "#app/utils/local-door.server";
import { simulatorEvent, type SimulatorAction } from "./simulator.server";
import { simulatorChargeEvent, type SignedEvent } from "./simulator-charges.server";
import { signPayload } from "./stripe-events.server";

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

/** A page closed for one button: the signed events to send, and how to open it again. */
export type ClosedDevPayment =
  | { ok: true; events: SignedEvent[]; reopen: () => Promise<unknown>; redirectTo: string }
  | { ok: false; reason: "notFound" | "closed" };

/**
 * A button of the simulator's page, its first half: the page moves and the events Stripe would
 * send are recorded in one batch (a crash loses neither); orders/dev-pay-submit.server.ts
 * delivers them, and `reopen` opens the page again if the app refuses them.
 */
export async function closeDevPayment(
  context: AppLoadContext,
  { sessionId, action }: { sessionId: string; action: SimulatorAction },
): Promise<ClosedDevPayment> {
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
  // Only a page this call closed opens again (a release during the webhook stays).
  const reopen = async () => {
    await acknowledgeEvent(context, ...events.map((event) => event.id));
    await moveDevPaymentSession(context.db, { by: { id: session.id }, from: [to], to: "open" });
  };
  return { ok: true, events, reopen, redirectTo: action === "pay" ? session.successUrl : session.cancelUrl };
}

/** The app answered an event: the simulator stops delivering it. */
export function acknowledgeEvent(context: AppLoadContext, ...ids: string[]) {
  return markEventsDelivered(context.db, ids, context.now());
}

/** Deliveries the app never acknowledged are tried again this often at most. */
const MAX_DELIVERIES = 8;
/** A delivery still under way is left alone this long. */
const DELIVERY_GRACE_MS = 60_000;

/** Events the app never acknowledged, each freshly signed for one more delivery (counted). */
export async function dueRedeliveries(context: AppLoadContext): Promise<SignedEvent[]> {
  if (context.payments.name !== "simulator") return [];
  const before = new Date(context.now().getTime() - DELIVERY_GRACE_MS);
  const due = await listUndeliveredEvents(context.db, { before, maxAttempts: MAX_DELIVERIES });
  const timestamp = Math.floor(context.now().getTime() / 1000);
  return Promise.all(
    due.map(async (event) => {
      await countEventAttempt(context.db, event.id);
      const signature = await signPayload(event.body, context.env.STRIPE_WEBHOOK_SECRET, timestamp);
      return { id: event.id, type: "redelivery", rawBody: event.body, signature };
    }),
  );
}
