import { useFetcher } from "@remix-run/react";
import { useEffect } from "react";

import type { HistoryEntry } from "#app/flights/flight-history";

const HISTORY_POLL_MS = 5000;

type HistoryResponse = { entries: HistoryEntry[] } | { error: true };

/** Asked again while open and the browser tab is visible, and when the tab comes back into view. */
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
