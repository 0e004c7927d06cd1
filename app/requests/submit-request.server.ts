/**
 * The steps the exclusive and custom requests share (`submitRequest`): counted against the
 * form's cap (limits/request-limits.server.ts), stored first, then the staff's mail, then
 * the customer's.
 */
import type { AppLoadContext } from "@remix-run/cloudflare";

import { allowRequest, type RequestForm } from "#app/limits/request-limits.server";
import type { SendMailResult } from "#app/mail/mail.server";
import { logError } from "#app/utils/request-log.server";

import type { StoredRequest } from "./types";

/** Why a request was not sent, and the answer's status for each reason. */
export const REQUEST_REFUSAL_STATUS = {
  /** Over the IP's hourly cap. */
  limited: 429,
  /** The staff's mail could not leave (it waits in the outbox); the customer's was not sent. */
  staffMail: 502,
  /** The customer's confirmation could not leave (it waits in the outbox). */
  customerMail: 502,
  /** D1 or another part of the platform failed. */
  failed: 500,
} as const;

export type RequestOutcome =
  { ok: true; created: boolean } | { ok: false; reason: keyof typeof REQUEST_REFUSAL_STATUS };

/**
 * The request is stored first (nothing is lost), then the staff's mail, then the
 * customer's; a failed delivery stops there, and the outbox's cron retries it. The same
 * form sent twice (same idempotency key) stores and mails nothing more and still
 * succeeds (`created: false`).
 */
export async function submitRequest(
  context: AppLoadContext,
  {
    form,
    ip,
    store,
    mailStaff,
    mailCustomer,
  }: {
    form: Exclude<RequestForm, "newsletter" | "offerReply">;
    ip: string;
    store: () => Promise<StoredRequest>;
    mailStaff: (requestId: string) => Promise<SendMailResult>;
    mailCustomer: (requestId: string) => Promise<SendMailResult>;
  },
): Promise<RequestOutcome> {
  try {
    if (!(await allowRequest(context, form, ip))) return { ok: false, reason: "limited" };
    const stored = await store();
    if (!stored.created) return { ok: true, created: false };
    if ((await mailStaff(stored.id)).status === "failed") return { ok: false, reason: "staffMail" };
    if ((await mailCustomer(stored.id)).status === "failed") return { ok: false, reason: "customerMail" };
    return { ok: true, created: true };
  } catch (error) {
    logError("requests.send-failed", error, { requestId: context.requestId, form });
    return { ok: false, reason: "failed" };
  }
}
