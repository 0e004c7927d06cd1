/**
 * The simulator's hosted page, /dev/pay/{session} (docs/payments.md): what the buyer
 * sees, and what each button sends. A button builds the event Stripe would post, signed
 * as Stripe signs it, and orders/dev-pay-submit.server.ts hands it to `applyPaymentWebhook`:
 * the order moves exactly as it would on a real webhook.
 */
import type { AppLoadContext } from "@remix-run/cloudflare";
import {
  findDevPaymentSession,
  moveDevPaymentSession,
  type DevPaymentSessionStatus,
  type DevPaymentSessionWithReference,
} from "./dev-payment-sessions.queries.server";
import { requireLocalDoor } from "#app/utils/local-door.server";
import { simulatorEvent, type SimulatorAction } from "./simulator.server";
import { simulatorChargeEvent, type SignedEvent } from "./simulator-charges.server";

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
 * 'Payer', 'Carte refusée' or 'Abandonner' on the page of `sessionId`, its first half:
 * the page is closed (once, whoever clicks twice) and the events Stripe would send are
 * signed. orders/dev-pay-submit.server.ts sends them through the webhook's path and
 * calls `reopen` if that path refuses or fails, so the buyer can retry.
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
  if (!(await moveDevPaymentSession(context.db, { by: { id: session.id }, from: ["open"], to })))
    return { ok: false, reason: "closed" };
  // Only a page this call closed opens again (a release during the webhook stays).
  const reopen = () => moveDevPaymentSession(context.db, { by: { id: session.id }, from: [to], to: "open" });
  try {
    const secret = context.env.STRIPE_WEBHOOK_SECRET;
    const events: SignedEvent[] = [await simulatorEvent(session, action, now, secret)];
    // 'Payer': Stripe also sends the uncaptured charge, whose card tells the capture deadline;
    // first here, so the authorisation carries it (the app reads either order).
    if (action === "pay") {
      const captureBefore = new Date(now.getTime() + context.env.SIMULATOR_CAPTURE_DAYS * 86_400_000);
      events.unshift(await simulatorChargeEvent(session, "authorised", now, secret, { captureBefore }));
    }
    return { ok: true, events, reopen, redirectTo: action === "pay" ? session.successUrl : session.cancelUrl };
  } catch (error) {
    await reopen();
    throw error;
  }
}
