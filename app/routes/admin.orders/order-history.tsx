import type { OrderActor } from "#app/utils/constants";
import { useTranslation } from "#app/utils/translations";

export type OrderHistoryEntry = {
  move: string;
  actor: OrderActor;
  by: string | null;
  /** Translated by the loader: amounts in the reader's language, no ids. */
  detail: string | null;
  at: string;
};

export function OrderHistory({ entries }: { entries: OrderHistoryEntry[] }) {
  const { t } = useTranslation("admin");
  return (
    <section aria-label={t("orders.history.title")}>
      <h3 className="font-semibold">{t("orders.history.title")}</h3>
      {entries.length === 0 ? (
        <p className="mt-2 text-sm text-navy-700">{t("orders.history.empty")}</p>
      ) : (
        <ol className="mt-2 space-y-1 text-sm" data-testid="order-history">
          {entries.map((entry, index) => (
            <li key={index}>
              <span className="tabular-nums text-navy-700">{entry.at}</span> –{" "}
              {t(`orders.history.moves.${entry.move}`, { defaultValue: entry.move })} (
              {entry.by ?? t(`orders.history.actors.${entry.actor}`)})
              {entry.detail ? <span className="block break-words pl-4 text-navy-700">{entry.detail}</span> : null}
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
