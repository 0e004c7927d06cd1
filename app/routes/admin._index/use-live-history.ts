import { useFetcher } from "@remix-run/react";
import { useEffect } from "react";
import type { HistoryEntry } from "#app/flights/flight-history";

/** How often an open history asks for new rows. */
const HISTORY_POLL_MS = 5000;

type HistoryResponse = { entries: HistoryEntry[] } | { error: true };

/**
 * A flight's history kept fresh while it is open and the browser tab visible: the rows
 * rendered with the page first, then those of the history resource route, asked again
 * every five seconds and when the tab comes back into view.
 */
export function useLiveHistory(flightId: string, initial: HistoryEntry[], open: boolean) {
  const fetcher = useFetcher<HistoryResponse>({ key: `history-${flightId}` });
  const { load } = fetcher;
  const url = `/admin/flights/${encodeURIComponent(flightId)}/history`;

  useEffect(() => {
    if (!open) return;
    const refresh = () => {
      if (document.visibilityState === "visible") load(url);
    };
    refresh();
    const timer = setInterval(refresh, HISTORY_POLL_MS);
    document.addEventListener("visibilitychange", refresh);
    return () => {
      clearInterval(timer);
      document.removeEventListener("visibilitychange", refresh);
    };
  }, [open, url, load]);

  const failed = fetcher.data !== undefined && "error" in fetcher.data;
  const entries = fetcher.data && "entries" in fetcher.data ? fetcher.data.entries : initial;
  return { entries, failed };
}
