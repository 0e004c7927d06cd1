// Every row form posts to the tab's action with an `intent`; with JavaScript, fetchers save
// without reloading the page.
import { useEffect, useRef } from "react";

export type RowActionData = { flightId: string; intent: string; type: "success" | "error"; message: string };

export function RowMessage({
  data,
  intent,
  compact = false,
}: {
  data: RowActionData | undefined;
  intent: string;
  compact?: boolean;
}) {
  const shown = data && data.intent === intent ? data : null;
  return (
    <p
      role={shown?.type === "error" ? "alert" : "status"}
      className={`text-sm font-semibold ${compact ? "max-w-56 text-right" : "min-h-5"} ${shown?.type === "error" ? "text-red-700" : "text-emerald-800"}`}
    >
      {shown?.message ?? ""}
    </p>
  );
}

export function RowFields({ intent, flightId, backTo }: { intent: string; flightId: string; backTo: string }) {
  return (
    <>
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="flightId" value={flightId} />
      <input type="hidden" name="redirectTo" value={backTo} />
    </>
  );
}

/** The row's anchor: a form posted without JavaScript comes back to it (`#flight-{id}`). */
export const rowAnchor = (flightId: string) => `flight-row-${flightId}`;

/**
 * The button a fetcher left was disabled while pending, which drops focus to the page's top: it
 * goes back to the row (the answer is in the form's announced status message).
 */
export function useFocusRowAfter(fetcher: { state: string; data?: RowActionData }, flightId: string) {
  const answered = useRef<RowActionData | undefined>(fetcher.data);
  useEffect(() => {
    if (fetcher.state !== "idle" || !fetcher.data || fetcher.data === answered.current) return;
    answered.current = fetcher.data;
    // After the revalidated page has rendered.
    requestAnimationFrame(() => document.getElementById(rowAnchor(flightId))?.focus({ preventScroll: true }));
  }, [fetcher.state, fetcher.data, flightId]);
}
