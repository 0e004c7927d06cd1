/**
 * What the public request forms share (exclusive, custom, newsletter). Each sends mail
 * to an address the visitor types: a per-IP cap keeps them from being used to flood a
 * mailbox. Counted in D1 (an isolate's memory limits nothing), only once the input is
 * valid. The exclusive and custom requests then go through the same steps
 * (`submitRequest`): stored first, then the staff's mail, then the customer's.
 */
import type { AppLoadContext } from "@remix-run/cloudflare";
import { hitRateLimit, type RateLimitRule } from "./rate-limits.queries.server";
import type { StoredRequest } from "#app/requests/types";
import { clientNetwork } from "#app/utils/client-key.server";
import type { SendMailResult } from "#app/mail/mail.server";
import { logError } from "#app/utils/request-log.server";

const HOUR = 60 * 60_000;

export const REQUEST_LIMITS = {
  exclusiveRequest: { limit: 20, windowMs: HOUR },
  customRequest: { limit: 20, windowMs: HOUR },
  newsletter: { limit: 20, windowMs: HOUR },
} satisfies Record<string, RateLimitRule>;

export type RequestForm = keyof typeof REQUEST_LIMITS;

/** Counts one request of `form` from this IP's network (an IPv6 /64); false once over its hourly cap. */
export async function allowRequest(context: AppLoadContext, form: RequestForm, ip: string) {
  const result = await hitRateLimit(context.db, `${form}:ip:${clientNetwork(ip)}`, REQUEST_LIMITS[form], context.now());
  return result.allowed;
}

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
    form: Exclude<RequestForm, "newsletter">;
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
