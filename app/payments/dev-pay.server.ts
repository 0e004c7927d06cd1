// The simulator's page, /dev/pay/{session}: docs/payments.md 'The provider interface';
// orders/dev-pay-submit.server.ts delivers its events.
import type { AppLoadContext } from "@remix-run/cloudflare";

import { requireLocalDoor } from "#app/utils/local-door.server";

import {
  countEventAttempt,
  type DevPaymentSessionStatus,
  type DevPaymentSessionWithReference,
  findDevPaymentSession,
  listUndeliveredEvents,
  markEventsDelivered,
  moveDevPaymentSession,
  moveSessionWithEvents,
} from "./dev-payment-sessions.queries.server";
import { type SimulatorAction, simulatorEvent } from "./simulator.server";
import { type SignedEvent, simulatorChargeEvent } from "./simulator-charges.server";
import { signPayload } from "./stripe-events.server";

export function requireLocalPayments(context: AppLoadContext, request: Request) {
  requireLocalDoor(context, request);
  if (context.payments.name !== "simulator") throw new Response("Not Found", { status: 404 });
}

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

const AFTER: Record<SimulatorAction, DevPaymentSessionStatus> = {
  pay: "authorised",
  decline: "failed",
  abandon: "expired",
};

export type ClosedDevPayment =
  | { ok: true; events: SignedEvent[]; reopen: () => Promise<unknown>; redirectTo: string }
  | { ok: false; reason: "notFound" | "closed" };

/** The page moves and its events are recorded in one batch; `reopen` if the app refuses them. */
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
  // Stripe also sends the uncaptured charge, which carries the capture deadline (the app reads either order).
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

export function acknowledgeEvent(context: AppLoadContext, ...ids: string[]) {
  return markEventsDelivered(context.db, ids, context.now());
}

const MAX_DELIVERIES = 8;
const DELIVERY_GRACE_MS = 60_000;

/** Signed afresh: the webhook refuses a timestamp older than its tolerance. */
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
