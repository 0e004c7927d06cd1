/**
 * The caps of the public request forms (exclusive, custom, newsletter). Each sends mail
 * to an address the visitor types: a per-IP cap keeps them from being used to flood a
 * mailbox. Counted in D1 (an isolate's memory limits nothing), only once the input is
 * valid (requests/submit-request.server.ts for the exclusive and custom requests).
 */
import type { AppLoadContext } from "@remix-run/cloudflare";

import { hitRateLimit, type RateLimitRule } from "#app/db/rate-limits.server";
import { clientNetwork } from "#app/utils/client-key.server";

const HOUR = 60 * 60_000;

export const REQUEST_LIMITS = {
  exclusiveRequest: { limit: 20, windowMs: HOUR },
  customRequest: { limit: 20, windowMs: HOUR },
  newsletter: { limit: 20, windowMs: HOUR },
  /** A customer's message or decline on an offer's page (docs/decisions/058-offers.md). */
  offerReply: { limit: 20, windowMs: HOUR },
} satisfies Record<string, RateLimitRule>;

export type RequestForm = keyof typeof REQUEST_LIMITS;

export async function allowRequest(context: AppLoadContext, form: RequestForm, ip: string) {
  const result = await hitRateLimit(context.db, `${form}:ip:${clientNetwork(ip)}`, REQUEST_LIMITS[form], context.now());
  return result.allowed;
}
