// The card authorisation's deadline and the flights that left: docs/decisions/034-reschedules-and-deadlines.md.
import type { AppLoadContext } from "@remix-run/cloudflare";

import { FALLBACK_LANGUAGE, uiLanguageFor } from "#app/i18n";
import { deliverStoredMail, renderOutboxMail } from "#app/mail/mail.server";
import { ROLES } from "#app/utils/constants";
import { formatTime, zurichDay } from "#app/utils/format";
import { can } from "#app/utils/permissions";
import { absoluteUrl } from "#app/utils/urls";
import { zurichDateTime } from "#app/utils/zurich-dates";

import { CAPTURE_WARNING_MS } from "./admin-order-sort";
import { cancelOrder } from "./order-cancel.server";
import {
  claimDailyMail,
  listDepartedProcessingOrders,
  listDueAuthorisations,
  listLapsedAuthorisations,
  listStaffOf,
} from "./order-deadlines.queries.server";
import { sendOrderMessages } from "./order-messages.server";

export const DEADLINE_MAIL_HOUR = 7;
export const DUE_ORDERS_PATH = "/admin/orders?status=processing&sort=captureBefore";

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
