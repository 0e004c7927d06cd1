// What the feed says of a flight's end (docs/sync.md 'A flight's end', decision 032). Only a fetch that succeeded gets
// here, and a list mostly unreadable is not complete: neither cancels anything.
import type { AppLoadContext } from "@remix-run/cloudflare";

import { cancelFlight } from "#app/orders/flight-cancellation.server";
import { logEvent } from "#app/utils/request-log.server";

import { countMissingFlights } from "./feed-cancellations.queries.server";

const MAX_INVALID_SHARE = 0.1;

export function isCompleteFeed({ listed, valid }: { listed: number; valid: number }) {
  return valid > 0 && listed - valid <= listed * MAX_INVALID_SHARE;
}

export async function applyFeedCancellations(
  context: AppLoadContext,
  {
    runId,
    seenIds,
    newIds,
    feedCancelledIds,
    complete,
  }: { runId: number; seenIds: string[]; newIds: string[]; feedCancelledIds: string[]; complete: boolean },
) {
  const cancelled = new Set(feedCancelledIds);
  const listed = seenIds.filter((id) => !cancelled.has(id));
  const { missingIds } = await countMissingFlights(context.db, {
    seenIds: listed,
    newIds,
    complete,
    now: context.now(),
  });
  const cancels = [
    ...feedCancelledIds.map((flightId) => ({ flightId, reason: "feedCancelled" as const })),
    ...missingIds.map((flightId) => ({ flightId, reason: "feedMissing" as const })),
  ];
  let count = 0;
  for (const { flightId, reason } of cancels) {
    const outcome = await cancelFlight(context, { flightId, by: { kind: "sync" }, reason });
    if (outcome.ok) count++;
  }
  if (cancels.length > 0)
    logEvent("info", "sync.flights-cancelled", { requestId: context.requestId, syncRunId: runId, cancelled: count });
  return { cancelled: count };
}
