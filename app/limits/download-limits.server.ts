/**
 * The receipts' and credit notes' downloads: each one reads or draws a PDF, so a burst costs the
 * Worker what no page costs (docs/decisions/056-what-a-receipt-says.md). Every download counts,
 * per order and per network, both in one batch, and is decided on the counts reached (decision 028).
 */
import type { AppLoadContext } from "@remix-run/cloudflare";

import { hitRateLimitQuery, type RateLimitRule } from "#app/db/rate-limits.server";
import { clientNetwork } from "#app/utils/client-key.server";

const MINUTE = 60_000;

export const DOWNLOAD_LIMITS = {
  documentsPerOrder: { limit: 10, windowMs: 10 * MINUTE },
  documentsPerNetwork: { limit: 60, windowMs: 10 * MINUTE },
} satisfies Record<string, RateLimitRule>;

export type DownloadAllowance = { allowed: true } | { allowed: false; retryAfterSeconds: number };

export async function countDocumentDownload(
  context: AppLoadContext,
  { orderId, ip }: { orderId: string; ip: string },
): Promise<DownloadAllowance> {
  const { db } = context;
  const now = context.now();
  const { documentsPerOrder, documentsPerNetwork } = DOWNLOAD_LIMITS;
  const [[perOrder], [perNetwork]] = await db.batch([
    hitRateLimitQuery(db, `document:order:${orderId}`, documentsPerOrder, now),
    hitRateLimitQuery(db, `document:net:${clientNetwork(ip)}`, documentsPerNetwork, now),
  ]);
  const over = [
    { hit: perOrder!, rule: documentsPerOrder },
    { hit: perNetwork!, rule: documentsPerNetwork },
  ].filter(({ hit, rule }) => hit.count > rule.limit);
  if (over.length === 0) return { allowed: true };
  // The longest wait of the counters that refuse: the download is allowed again once both allow it.
  const until = Math.max(...over.map(({ hit }) => hit.windowEndsAt.getTime()));
  return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil((until - now.getTime()) / 1000)) };
}
