/**
 * What the feed says of a flight's end (docs/sync.md 'A cancelled flight' and 'A missing
 * flight', decision 032), applied after a sync's writes: a flight the feed marks
 * `status: "cancelled"` and a future flight missing from two complete syncs in a row are
 * cancelled by 'the sync' (flights/flight-life.server.ts). Only a fetch that succeeded
 * gets here; an answer that is empty, failing or cut never does, and one that is mostly
 * garbage is not complete, so none of them cancels anything.
 */
import type { AppLoadContext } from "@remix-run/cloudflare";
import { cancelFlight } from "#app/orders/flight-cancellation.server";
import { logEvent } from "#app/utils/request-log.server";
import { countMissingFlights } from "./feed-cancellations.queries.server";

/** The share of a list's flights that may be unreadable while it still counts as complete. */
const MAX_INVALID_SHARE = 0.1;

/** A complete answer: at least one readable flight, and at most a tenth of the list unreadable. */
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
