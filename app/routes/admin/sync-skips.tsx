/** What a feed sync left aside (docs/sync.md 'Skipped flights'): the count by reason, and the flights to look for. */
import { SYNC_SKIP_REASONS, type SyncSkips } from "#app/utils/constants";
import { formatDateTime } from "#app/utils/format";
import { useTranslation } from "#app/utils/translations";
import { useCityName } from "#app/utils/use-language";

export function SkipReasons({ skips }: { skips: SyncSkips }) {
  const { t } = useTranslation("admin");
  const parts = SYNC_SKIP_REASONS.flatMap((reason) => {
    const count = skips.counts[reason] ?? 0;
    return count > 0 ? [t(`sync.skips.reasons.${reason}`, { count })] : [];
  });
  return <>{parts.join(t("sync.skips.separator"))}</>;
}

export function SkippedFlights({ skips }: { skips: SyncSkips }) {
  const { t } = useTranslation("admin");
  const city = useCityName();
  const total = Object.values(skips.counts).reduce((sum, count) => sum + (count ?? 0), 0);
  return (
    <div className="mt-1" data-testid="sync-skips">
      <p>
        {t("sync.skips.summary", { count: total })} <SkipReasons skips={skips} />
      </p>
      {skips.flights.length > 0 ? (
        <ul className="mt-1 list-disc pl-5">
          {skips.flights.map((flight) => (
            <li key={`${flight.from}-${flight.to}-${flight.departure}`}>
              {t("sync.skips.flight", {
                from: city(flight.fromCity),
                to: city(flight.toCity),
                date: formatDateTime(new Date(flight.departure)),
                reason: t(`sync.skips.why.${flight.reason}`),
              })}
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
