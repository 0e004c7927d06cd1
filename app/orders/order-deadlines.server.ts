/**
 * The card authorisation's deadline and the flights that left (docs/decisions/034-reschedules-and-deadlines.md).
 * An authorisation lasts about 7 days (Stripe's `capture_before`, stored on the order): staff
 * hear each morning of those lapsing within 24 hours; one that lapses uncaptured, or whose
 * flight leaves first, is cancelled through `cancelOrder` (authorisation released, seats back)
 * and its customer told. Every move once: `cancelOrder` is conditional, and only from
 * processing (a capture staff made meanwhile is never undone), so two crons at once cancel once.
 */
import type { AppLoadContext } from "@remix-run/cloudflare";
import { ROLES } from "#app/utils/constants";
import { can } from "#app/utils/permissions";
import { uiLanguageFor, FALLBACK_LANGUAGE } from "#app/i18n";
import { absoluteUrl } from "#app/utils/urls";
import { formatTime, zurichDay } from "#app/utils/format";
import { zurichDateTime } from "#app/utils/zurich-dates";
import { deliverStoredMail, renderOutboxMail } from "#app/mail/mail.server";
import { cancelOrder } from "./order-cancel.server";
import { sendOrderMessages } from "./order-messages.server";
import { CAPTURE_WARNING_MS } from "./admin-order-sort";
import {
  claimDailyMail,
  listDepartedProcessingOrders,
  listDueAuthorisations,
  listLapsedAuthorisations,
  listStaffOf,
} from "./order-deadlines.queries.server";

/** The staff mail goes with the first cron run from this hour of the Zurich day: before the day's work. */
export const DEADLINE_MAIL_HOUR = 7;
/** Where the mail sends staff: the processing orders, nearest deadline first. */
export const DUE_ORDERS_PATH = "/admin/orders?status=processing&sort=captureBefore";

/** Processing orders whose authorisation lapsed: cancelled, released, seats back, the customer told. */
export async function cancelLapsedAuthorisations(context: AppLoadContext): Promise<number> {
  let cancelled = 0;
  for (const { id } of await listLapsedAuthorisations(context.db, { now: context.now() })) {
    const outcome = await cancelOrder(context, {
      orderId: id,
      reason: "authorisationLapsed",
      actor: "system",
      onlyFrom: ["processing"],
    });
    if (!outcome.ok) continue;
    cancelled += 1;
    await sendOrderMessages(context, id);
  }
  return cancelled;
}

/**
 * Processing orders whose flight has left (the 'departed' move of pending orders, extended):
 * cancelled, authorisation released, the customer told, and staff, who did not decide in time.
 */
export async function releaseDepartedOrders(context: AppLoadContext): Promise<number> {
  let cancelled = 0;
  for (const { id } of await listDepartedProcessingOrders(context.db, { now: context.now() })) {
    const outcome = await cancelOrder(context, {
      orderId: id,
      reason: "departed",
      actor: "system",
      onlyFrom: ["processing"],
    });
    if (!outcome.ok) continue;
    cancelled += 1;
    await sendOrderMessages(context, id);
  }
  return cancelled;
}

export type DeadlineMailRun = { due: number; mailed: number; skipped: "tooEarly" | "nothingDue" | null };

/**
 * Each staff member who validates orders gets, once a Zurich day from DEADLINE_MAIL_HOUR, the
 * list of authorisations lapsing within 24 hours, in their language. The 5-minute cron calls
 * it: the claim (one conditional insert into the outbox) keeps it to one mail a day each.
 */
export async function sendCaptureDeadlineMails(context: AppLoadContext): Promise<DeadlineMailRun> {
  const now = context.now();
  if (Number(formatTime(now).slice(0, 2)) < DEADLINE_MAIL_HOUR) return { due: 0, mailed: 0, skipped: "tooEarly" };
  const due = await listDueAuthorisations(context.db, { until: new Date(now.getTime() + CAPTURE_WARNING_MS) });
  if (due.length === 0) return { due: 0, mailed: 0, skipped: "nothingDue" };
  const orders = due.map((order) => ({
    reference: order.reference ?? order.id,
    from: order.from,
    to: order.to,
    customer: `${order.firstName} ${order.lastName}`,
    amountCents: order.amountCents,
    captureBefore: order.captureBefore!.toISOString(),
  }));
  const since = zurichDateTime(zurichDay(now), "00:00");
  const roles = ROLES.filter((role) => can(role, "orders:manage"));
  let mailed = 0;
  for (const member of await listStaffOf(context.db, roles)) {
    const mail = await renderOutboxMail(context, {
      to: member.email,
      locale: uiLanguageFor(member.language) ?? FALLBACK_LANGUAGE,
      template: "orders/staff-capture-deadlines",
      data: { orders, adminUrl: absoluteUrl(context.env.APP_URL, DUE_ORDERS_PATH) },
    });
    const outboxId = await claimDailyMail(context.db, mail, { since });
    if (outboxId === null) continue;
    mailed += 1;
    await deliverStoredMail(context, outboxId);
  }
  return { due: due.length, mailed, skipped: null };
}
