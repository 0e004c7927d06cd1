import { Link, useFetcher } from "@remix-run/react";

import type { HistoryEntry } from "#app/flights/flight-history";
import { formatDateTime, formatDuration, formatEuros } from "#app/utils/format";
import { useTranslation } from "#app/utils/translations";
import { useLanguage } from "#app/utils/use-language";

import type { AdminFlight } from "./admin-flight";
import { Expander } from "./expander";
import { FlightEditForm } from "./flight-edit-form";
import { FlightHistory } from "./flight-history";
import { FlightOperatorForm } from "./operator-form";
import { type RowActionData, rowAnchor, RowFields, RowMessage, useFocusRowAfter } from "./row-forms";
import { compactButton, PendingButton } from "./tab-buttons";

export function FlightRow({
  flight,
  history,
  listPath,
  action,
  manifestLink,
}: {
  flight: AdminFlight;
  history: HistoryEntry[];
  listPath: string;
  action: string;
  /** Only for staff who may read manifests (`manifests:manage`). */
  manifestLink: boolean;
}) {
  const { t, language } = useTranslation("admin");
  const route = `${flight.departureAirport.servedCity} → ${flight.arrivalAirport.servedCity}`;
  const backTo = `${listPath}#${rowAnchor(flight.id)}`;
  return (
    <li
      id={rowAnchor(flight.id)}
      tabIndex={-1}
      className="grid scroll-mt-4 grid-cols-[1fr_auto] items-start gap-x-3 rounded-xl bg-white px-4 py-2 shadow-sm ring-1 ring-navy-100 focus:outline-none focus-visible:ring-2 focus-visible:ring-gold-400 target:ring-2 target:ring-gold-400"
      data-testid="admin-flight"
      data-flight-id={flight.id}
    >
      <div className="col-span-2 flex flex-wrap items-center gap-x-4 gap-y-1">
        <h3 className="font-bold">{route}</h3>
        <dl className="flex flex-wrap gap-x-4 gap-y-0.5 text-sm">
          <div className="flex gap-1">
            <dt className="text-navy-700">{t("flights.list.aircraft")}</dt>
            <dd className="font-mono font-semibold">{flight.aircraftType}</dd>
          </div>
          <div className="flex gap-1">
            <dt className="text-navy-700">{t("flights.list.duration")}</dt>
            <dd className="font-semibold">{formatDuration(flight.flightTime, language)}</dd>
          </div>
          {/* A cancelled flight sells nothing: its seats and probability would only mislead. */}
          {flight.status === "cancelled" ? null : (
            <div className="flex gap-1">
              <dt className="text-navy-700">{t("flights.list.seats")}</dt>
              <dd className="font-semibold">
                {t("flights.list.seatsValue", { count: flight.availableSeats, total: flight.offeredSeats })}
              </dd>
            </div>
          )}
          <div className="flex gap-1">
            <dt className="text-navy-700">{t("flights.list.date")}</dt>
            <dd className="font-semibold tabular-nums" data-testid="flight-date">
              {formatDateTime(flight.departureDate)}
            </dd>
          </div>
          {flight.cancellation ? <CancellationLine cancellation={flight.cancellation} /> : null}
        </dl>
        {flight.status === "cancelled" ? null : (
          <span
            className={`rounded-full px-2 py-0.5 text-xs font-bold ${
              flight.probabilityOverride === null ? "bg-amber-100 text-amber-900" : "bg-emerald-100 text-emerald-900"
            }`}
            data-testid="probability-marker"
          >
            {t(flight.probabilityOverride === null ? "flights.edit.markerPending" : "flights.edit.markerUpdated")}
          </span>
        )}
        {flight.status === "cancelled" ? (
          <span
            className="rounded-full bg-navy-700 px-2 py-0.5 text-xs font-bold text-white"
            data-testid="flight-cancelled"
          >
            {t("flights.list.cancelled")}
          </span>
        ) : flight.isSoldOut ? (
          <span className="rounded-full bg-red-700 px-2 py-0.5 text-xs font-bold text-white">
            {t("flights.list.soldOut")}
          </span>
        ) : null}
      </div>
      {/* Second line: the expander on the left (it opens in this column), the toggle on the right. */}
      <Expander summary={t("flights.list.manage")} compact>
        <div className="space-y-3">
          {flight.status === "scheduled" ? (
            <>
              <FlightEditForm flight={flight} route={route} backTo={backTo} action={action} />
              <Expander summary={t("operator.summary")}>
                <FlightOperatorForm flight={flight} backTo={backTo} action={action} />
              </Expander>
              <Link
                to={`/admin/flights/${flight.id}/cancel`}
                className="inline-block text-sm font-semibold text-red-800 underline"
              >
                {t("flightCancel.open")}
              </Link>
            </>
          ) : null}
          {manifestLink ? (
            <Link
              to={`/admin/flights/${flight.id}/manifest`}
              className="block text-sm font-semibold text-navy-800 underline"
            >
              {t("manifestStaff.open")}
            </Link>
          ) : null}
          <Expander summary={t("flights.details.summary")}>
            <FlightDetails flight={flight} />
          </Expander>
          <FlightHistory flightId={flight.id} initial={history} />
        </div>
      </Expander>
      {flight.status === "scheduled" ? <SoldOutToggle flight={flight} backTo={backTo} action={action} /> : <span />}
    </li>
  );
}

function CancellationLine({ cancellation }: { cancellation: NonNullable<AdminFlight["cancellation"]> }) {
  const { t } = useTranslation("admin");
  const bySync = cancellation.reason === "feedCancelled" || cancellation.reason === "feedMissing";
  const by = bySync ? t("history.sync") : (cancellation.by ?? t("history.unknownUser"));
  return (
    <div className="flex gap-1">
      <dt className="text-navy-700">{t("flights.list.cancellation")}</dt>
      <dd className="font-semibold" data-testid="flight-cancellation">
        {t("flights.list.cancellationValue", {
          at: formatDateTime(cancellation.at),
          by,
          reason: t(`flightCancel.reasons.${cancellation.reason}`),
        })}
      </dd>
    </div>
  );
}

function SoldOutToggle({ flight, backTo, action }: { flight: AdminFlight; backTo: string; action: string }) {
  const { t } = useTranslation("admin");
  const fetcher = useFetcher<RowActionData>({ key: `soldout-${flight.id}` });
  const pending = fetcher.state !== "idle";
  useFocusRowAfter(fetcher, flight.id);
  return (
    <fetcher.Form method="post" action={action} className="mt-1 flex flex-col items-end" preventScrollReset>
      <RowFields intent="soldout" flightId={flight.id} backTo={backTo} />
      <input type="hidden" name="soldout" value={flight.isSoldOut ? "false" : "true"} />
      <PendingButton
        pending={pending}
        className={compactButton}
        label={t(flight.isSoldOut ? "flights.soldout.unmark" : "flights.soldout.mark")}
        pendingLabel={t("flights.soldout.pending")}
      />
      <RowMessage data={fetcher.data} intent="soldout" compact />
    </fetcher.Form>
  );
}

function FlightDetails({ flight }: { flight: AdminFlight }) {
  const { t } = useTranslation("admin");
  const language = useLanguage();
  const airport = (item: AdminFlight["departureAirport"]) => `${item.servedCity} (${item.icaoCode}), ${item.country}`;
  const rows: Array<[string, string]> = [
    [t("flights.details.departure"), airport(flight.departureAirport)],
    [t("flights.details.arrival"), airport(flight.arrivalAirport)],
    [t("flights.details.departureDate"), formatDateTime(flight.departureDate)],
    [t("flights.details.arrivalDate"), formatDateTime(flight.arrivalDate)],
    [t("flights.details.pricePerMinute"), formatEuros(flight.pricePerMinute, language)],
    [t("flights.details.source"), t(`flights.details.sources.${flight.source}`)],
    [t("flights.details.seatsFeed"), String(flight.feedSeats)],
    [
      t("flights.details.seatsOverride"),
      flight.seatsOverride === null ? t("flights.details.none") : String(flight.seatsOverride),
    ],
    [t("flights.details.seatsHeld"), String(flight.heldSeats)],
    [t("flights.details.flexibility"), String(flight.flexibilityDays)],
    ...(flight.cancellation?.note
      ? [[t("flights.details.cancelNote"), flight.cancellation.note] as [string, string]]
      : []),
  ];
  return (
    <dl className="grid gap-x-6 gap-y-2 text-sm sm:grid-cols-2">
      {rows.map(([label, value]) => (
        <div key={label}>
          <dt className="text-navy-700">{label}</dt>
          <dd className="font-semibold">{value}</dd>
        </div>
      ))}
    </dl>
  );
}
