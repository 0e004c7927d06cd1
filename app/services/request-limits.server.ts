/**
 * Each public request form sends mail to an address the visitor types: a per-IP cap
 * keeps them from being used to flood a mailbox. Counted in D1 (an isolate's memory
 * limits nothing), only once the input is valid.
 */
import type { AppLoadContext } from "@remix-run/cloudflare";
import { hitRateLimit, type RateLimitRule } from "#app/models/rate-limits.server";
import { clientIp } from "./rate-limits.server";

const HOUR = 60 * 60_000;

export const REQUEST_LIMITS = {
  exclusiveRequest: { limit: 20, windowMs: HOUR },
  customRequest: { limit: 20, windowMs: HOUR },
  newsletter: { limit: 20, windowMs: HOUR },
} satisfies Record<string, RateLimitRule>;

/** Counts one request of `form` from this IP; false once over its hourly cap. */
export async function allowRequest(context: AppLoadContext, request: Request, form: keyof typeof REQUEST_LIMITS) {
  const result = await hitRateLimit(context.db, `${form}:ip:${clientIp(request)}`, REQUEST_LIMITS[form], context.now());
  return result.allowed;
}
