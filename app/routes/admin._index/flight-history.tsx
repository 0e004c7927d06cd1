import { useState } from "react";

import {
  type HistoryChanger,
  type HistoryEntry,
  historyFieldOf,
  historyLabelKey,
  historyValueKind,
} from "#app/flights/flight-history";
import { TIME_SLOTS } from "#app/utils/constants";
import { formatDateTime } from "#app/utils/format";
import { useTranslation } from "#app/utils/translations";

import { Expander } from "./expander";
import { useLiveHistory } from "./use-live-history";

/** Rendered with the page (the latest rows), then refreshed while open (`useLiveHistory`). */
export function FlightHistory({ flightId, initial }: { flightId: string; initial: HistoryEntry[] }) {
  const { t } = useTranslation("admin");
  const [open, setOpen] = useState(false);
  const { entries, failed } = useLiveHistory(flightId, initial, open);
  return (
    <Expander summary={t("history.summary")} onToggle={setOpen}>
      <h4 className="sr-only">{t("history.heading")}</h4>
      <div aria-live="polite">
        {failed ? (
          <p role="alert" className="text-sm font-semibold text-red-700">
            {t("history.fetchError")}
          </p>
        ) : null}
        {entries.length === 0 ? (
          <p className="text-sm text-navy-700">{t("history.empty")}</p>
        ) : (
          <ol className="space-y-3" data-testid="history">
            {entries.map((entry) => (
              <HistoryItem key={entry.id} entry={entry} />
            ))}
          </ol>
        )}
      </div>
    </Expander>
  );
}

function changerName(changer: HistoryChanger, t: (key: string, options?: Record<string, string>) => string) {
  switch (changer.kind) {
    case "person":
      return changer.name;
    case "syncBy":
      return t("history.syncBy", { name: changer.name });
    case "sync":
      return t("history.sync");
    case "system":
      return t("history.system");
    default:
      return t("history.unknownUser");
  }
}

function HistoryItem({ entry }: { entry: HistoryEntry }) {
  const { t } = useTranslation("admin");
  const value = (column: string, raw: unknown): string => {
    if (raw === null || raw === undefined || raw === "") return t("history.emptyValue");
    if (typeof raw === "boolean") return t(raw ? "history.yes" : "history.no");
    const kind = historyValueKind(column);
    if (kind === "date" && (typeof raw === "string" || typeof raw === "number")) {
      const date = new Date(raw);
      if (!Number.isNaN(date.getTime())) return formatDateTime(date);
    }
    if (kind === "timeSlot" && typeof raw === "string" && (TIME_SLOTS as readonly string[]).includes(raw))
      return t(`flights.timeSlots.${raw}`);
    if (kind === "timeType" && (raw === "exact" || raw === "slot")) return t(`history.timeTypes.${raw}`);
    return typeof raw === "object" ? JSON.stringify(raw) : String(raw);
  };
  const fieldName = (column: string) => {
    const field = historyFieldOf(column);
    return field === null ? column : t(historyLabelKey(field), { defaultValue: column });
  };
  const action = t(`history.actions.${entry.action}`, { defaultValue: entry.action });
  return (
    <li className="rounded-lg bg-navy-50 p-3 text-sm" data-testid="history-entry">
      <p>
        <span className="font-semibold">{action}</span> ·{" "}
        <time dateTime={new Date(entry.changedAt).toISOString()}>{formatDateTime(new Date(entry.changedAt))}</time> ·{" "}
        <span data-testid="history-changer">{changerName(entry.changer, t)}</span>
      </p>
      {entry.changes === null ? (
        <p className="mt-1 font-semibold text-red-700">{t("history.parseError")}</p>
      ) : entry.changes.length === 0 ? (
        <p className="mt-1 text-navy-700">{t("history.noChanges")}</p>
      ) : (
        <ul className="mt-1 list-disc pl-5">
          {entry.changes.map((change) => (
            <li key={change.field}>
              {t("history.line", {
                field: fieldName(change.field),
                value:
                  entry.action === "INSERT"
                    ? value(change.field, change.to)
                    : t("history.change", {
                        from: value(change.field, change.from),
                        to: value(change.field, change.to),
                      }),
              })}
            </li>
          ))}
        </ul>
      )}
    </li>
  );
}
