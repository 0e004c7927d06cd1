// The public request forms mail an address the visitor types: a per-network cap keeps them from flooding a mailbox.
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

export async function allowRequest(context: AppLoadContext, form: RequestForm, ip: string) {
  const result = await hitRateLimit(context.db, `${form}:ip:${clientNetwork(ip)}`, REQUEST_LIMITS[form], context.now());
  return result.allowed;
}

export const REQUEST_REFUSAL_STATUS = {
  limited: 429,
  staffMail: 502,
  customerMail: 502,
  failed: 500,
} as const;

export type RequestOutcome =
  { ok: true; created: boolean } | { ok: false; reason: keyof typeof REQUEST_REFUSAL_STATUS };

/** Stored first so nothing is lost; a failed mail stops the rest and waits in the outbox for the cron. */
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
