/**
 * The flights tab's pieces (back-office.md section 2): the tiles, the seats chart and
 * one flight's row with its edit panel, sold-out toggle, details and history. Every
 * form posts to the tab's action with an `intent` and works without JavaScript; with
 * it, fetchers save without reloading the page.
 */
import { useFetcher } from "@remix-run/react";
import { useEffect, useId, useRef, useState, type ReactNode } from "react";
import { useTranslation } from "#app/utils/translations";
import { SubmitButton } from "#app/components/ui/form-field";
import { useLanguage } from "#app/utils/use-language";
import type { HistoryChanger, HistoryEntry } from "#app/flights/flight-history";
import { TIME_SLOTS } from "#app/utils/constants";
import { formatDateTime, formatDayKey, formatDuration, formatEuros, formatTime } from "#app/utils/format";
import { clampSeats, PROBABILITY_MAX, PROBABILITY_MIN, SEATS_MAX, SEATS_MIN } from "#app/flights/admin-flight-forms";
import { useHydrated } from "#app/utils/use-hydrated";

const buttonClass =
  "inline-flex items-center justify-center gap-2 rounded-full px-4 py-2 text-sm font-semibold focus:outline-none focus-visible:ring-2 focus-visible:ring-gold-400 disabled:cursor-not-allowed disabled:opacity-60";
export const primaryButton = `${buttonClass} bg-navy-900 text-white hover:bg-navy-700`;
export const secondaryButton = `${buttonClass} border border-navy-700 bg-white text-navy-900 hover:bg-navy-50`;
const fieldClass =
  "block w-full rounded-lg border border-navy-300 bg-white px-3 py-2 text-navy-900 focus:border-navy-600 focus:outline-none focus:ring-2 focus:ring-gold-400";

/** The flights tab's submit buttons: the shared one, in this tab's style. */
export function PendingButton({
  className = primaryButton,
  ...props
}: Omit<Parameters<typeof SubmitButton>[0], "variant">) {
  return <SubmitButton {...props} className={className} />;
}

// Tiles and chart -------------------------------------------------------------------

export type Tiles = { activeFlights: number; availableSeats: number; flightsToday: number; averageMinutes: number };

export function FlightTiles({ tiles }: { tiles: Tiles }) {
  const { t } = useTranslation("admin");
  const items: Array<[string, string]> = [
    [t("flights.tiles.activeFlights"), String(tiles.activeFlights)],
    [t("flights.tiles.availableSeats"), String(tiles.availableSeats)],
    [t("flights.tiles.flightsToday"), String(tiles.flightsToday)],
    [t("flights.tiles.averageDuration"), t("flights.tiles.minutes", { count: tiles.averageMinutes })],
  ];
  return (
    <dl aria-label={t("flights.tiles.label")} className="grid grid-cols-2 gap-4 lg:grid-cols-4">
      {items.map(([label, value]) => (
        <div key={label} className="rounded-2xl bg-white p-4 shadow-sm ring-1 ring-navy-100">
          <dt className="text-sm font-semibold text-navy-700">{label}</dt>
          <dd className="mt-1 text-3xl font-bold text-navy-900" data-testid="tile-value">
            {value}
          </dd>
        </div>
      ))}
    </dl>
  );
}

const CHART_HEIGHT = 160;
const BAR_WIDTH = 32;
const BAR_GAP = 12;

/**
 * Seats available per Zurich day, drawn on the server as SVG (no script needed to see
 * it). The picture is decorative for screen readers: the same figures are in the table
 * under it, and the description gives the total.
 */
export function SeatsChart({ days }: { days: Array<{ day: string; seats: number }> }) {
  const { t } = useTranslation("admin");
  const language = useLanguage();
  const headingId = useId();
  const max = Math.max(1, ...days.map((day) => day.seats));
  const total = days.reduce((sum, day) => sum + day.seats, 0);
  const width = days.length * (BAR_WIDTH + BAR_GAP);
  const label = (day: string) => day.slice(8, 10) + "/" + day.slice(5, 7);
  return (
    <section aria-labelledby={headingId} className="rounded-2xl bg-white p-4 shadow-sm ring-1 ring-navy-100">
      <h2 id={headingId} className="text-lg font-bold">
        {t("flights.chart.heading")}
      </h2>
      <p className="mt-1 text-sm text-navy-700">{t("flights.chart.description", { total })}</p>
      {/* Wider than a phone: the scroll region takes the keyboard's focus (arrows scroll it) and has a name. */}
      <div
        className="mt-4 overflow-x-auto rounded-lg focus:outline-none focus-visible:ring-2 focus-visible:ring-gold-400"
        role="region"
        aria-label={t("flights.chart.scrollLabel")}
        tabIndex={0}
        data-testid="seats-chart-scroll"
      >
        <svg
          viewBox={`0 0 ${width} ${CHART_HEIGHT + 40}`}
          width={width}
          height={CHART_HEIGHT + 40}
          aria-hidden="true"
          focusable="false"
          data-testid="seats-chart"
        >
          <line x1="0" x2={width} y1={CHART_HEIGHT} y2={CHART_HEIGHT} stroke="#1e3a5f" strokeWidth="1" />
          {days.map((day, index) => {
            const height = Math.round((day.seats / max) * (CHART_HEIGHT - 20));
            const x = index * (BAR_WIDTH + BAR_GAP) + BAR_GAP / 2;
            return (
              <g key={day.day}>
                <rect x={x} y={CHART_HEIGHT - height} width={BAR_WIDTH} height={height} rx="3" fill="#1e3a5f" />
                <text
                  x={x + BAR_WIDTH / 2}
                  y={CHART_HEIGHT - height - 4}
                  textAnchor="middle"
                  fontSize="11"
                  fill="#0f1f33"
                >
                  {day.seats}
                </text>
                <text x={x + BAR_WIDTH / 2} y={CHART_HEIGHT + 16} textAnchor="middle" fontSize="11" fill="#0f1f33">
                  {label(day.day)}
                </text>
              </g>
            );
          })}
        </svg>
      </div>
      <details className="mt-2">
        <summary className="cursor-pointer text-sm font-semibold text-navy-800">
          {t("flights.chart.tableSummary")}
        </summary>
        <table className="mt-2 w-full max-w-md text-left text-sm">
          <caption className="sr-only">{t("flights.chart.heading")}</caption>
          <thead>
            <tr>
              <th scope="col" className="py-1 pr-4">
                {t("flights.chart.day")}
              </th>
              <th scope="col" className="py-1">
                {t("flights.chart.seats")}
              </th>
            </tr>
          </thead>
          <tbody>
            {days.map((day) => (
              <tr key={day.day} className="border-t border-navy-100">
                <th scope="row" className="py-1 pr-4 font-normal">
                  {formatDayKey(day.day, language)}
                </th>
                <td className="py-1" data-testid="chart-seats">
                  {day.seats}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </details>
    </section>
  );
}

// One flight ----------------------------------------------------------------------------

export type AdminFlight = {
  id: string;
  departureDate: Date;
  arrivalDate: Date;
  flightTime: number;
  aircraftType: string;
  pricePerMinute: number;
  probability: number;
  probabilityOverride: number | null;
  /** Seats left, held and offered at the loader's `now` (a hold past its end is not held). */
  availableSeats: number;
  heldSeats: number;
  offeredSeats: number;
  feedSeats: number;
  seatsOverride: number | null;
  isSoldout: boolean;
  departureTimeType: "exact" | "slot";
  timeSlot: (typeof TIME_SLOTS)[number] | null;
  flexibilityDays: number;
  source: "feed" | "staff" | "demo";
  departureAirport: { servedCity: string; icaoCode: string; country: string };
  arrivalAirport: { servedCity: string; icaoCode: string; country: string };
};

/** What the tab's action answers a fetcher: the message shown beside the form. */
export type RowActionData = { flightId: string; intent: string; type: "success" | "error"; message: string };

function RowMessage({
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

/** Hidden fields every row form sends: the flight and where to come back to (the list page, at the row). */
function RowFields({ intent, flightId, backTo }: { intent: string; flightId: string; backTo: string }) {
  return (
    <>
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="flightId" value={flightId} />
      <input type="hidden" name="redirectTo" value={backTo} />
    </>
  );
}

function Expander({
  summary,
  children,
  onToggle,
  compact = false,
}: {
  summary: string;
  children: ReactNode;
  onToggle?: (open: boolean) => void;
  compact?: boolean;
}) {
  return (
    <details
      className={`group min-w-0 rounded-lg ${compact ? "mt-1" : "border border-navy-100"}`}
      onToggle={(event) => onToggle?.(event.currentTarget.open)}
    >
      <summary
        className={`cursor-pointer rounded-lg text-sm font-semibold text-navy-800 hover:bg-navy-50 focus:outline-none focus-visible:ring-2 focus-visible:ring-gold-400 ${compact ? "w-fit px-2 py-1" : "px-3 py-2"}`}
      >
        {summary}
      </summary>
      <div className="border-t border-navy-100 p-3">{children}</div>
    </details>
  );
}

/** The sold-out toggle in the row's line: the secondary button, one size down. */
const compactButton = `${buttonClass.replace("px-4 py-2", "px-3 py-1")} border border-navy-700 bg-white text-navy-900 hover:bg-navy-50`;

/** The row's anchor: a form posted without JavaScript comes back to it (`#flight-{id}`). */
const rowAnchor = (flightId: string) => `flight-row-${flightId}`;

/**
 * After a row's fetcher answers, the keyboard's focus goes back to the row (the button
 * it left was disabled while pending, which drops focus to the page's top); the answer
 * itself is in the form's status message, announced.
 */
function useFocusRowAfter(fetcher: { state: string; data?: RowActionData }, flightId: string) {
  const answered = useRef<RowActionData | undefined>(fetcher.data);
  useEffect(() => {
    if (fetcher.state !== "idle" || !fetcher.data || fetcher.data === answered.current) return;
    answered.current = fetcher.data;
    // After the revalidated page has rendered.
    requestAnimationFrame(() => document.getElementById(rowAnchor(flightId))?.focus({ preventScroll: true }));
  }, [fetcher.state, fetcher.data, flightId]);
}

/**
 * One flight in one dense line (route, aircraft, duration, seats, date, markers and the
 * sold-out toggle), with the edit panel, the details and the history behind one expander.
 */
export function FlightRow({
  flight,
  history,
  listPath,
  action,
}: {
  flight: AdminFlight;
  history: HistoryEntry[];
  listPath: string;
  action: string;
}) {
  const { t } = useTranslation("admin");
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
            <dd className="font-semibold">{formatDuration(flight.flightTime)}</dd>
          </div>
          <div className="flex gap-1">
            <dt className="text-navy-700">{t("flights.list.seats")}</dt>
            <dd className="font-semibold">
              {t("flights.list.seatsValue", { count: flight.availableSeats, total: flight.offeredSeats })}
            </dd>
          </div>
          <div className="flex gap-1">
            <dt className="text-navy-700">{t("flights.list.date")}</dt>
            <dd className="font-semibold tabular-nums" data-testid="flight-date">
              {formatDateTime(flight.departureDate)}
            </dd>
          </div>
        </dl>
        <span
          className={`rounded-full px-2 py-0.5 text-xs font-bold ${
            flight.probabilityOverride === null ? "bg-amber-100 text-amber-900" : "bg-emerald-100 text-emerald-900"
          }`}
          data-testid="probability-marker"
        >
          {t(flight.probabilityOverride === null ? "flights.edit.markerPending" : "flights.edit.markerUpdated")}
        </span>
        {flight.isSoldout ? (
          <span className="rounded-full bg-red-700 px-2 py-0.5 text-xs font-bold text-white">
            {t("flights.list.soldOut")}
          </span>
        ) : null}
      </div>
      {/* Second line: the expander on the left (it opens in this column), the toggle on the right. */}
      <Expander summary={t("flights.list.manage")} compact>
        <div className="space-y-3">
          <EditPanel flight={flight} route={route} backTo={backTo} action={action} />
          <Expander summary={t("flights.details.summary")}>
            <FlightDetails flight={flight} />
          </Expander>
          <HistoryExpander flightId={flight.id} initial={history} />
        </div>
      </Expander>
      <SoldoutToggle flight={flight} backTo={backTo} action={action} />
    </li>
  );
}

function SoldoutToggle({ flight, backTo, action }: { flight: AdminFlight; backTo: string; action: string }) {
  const { t } = useTranslation("admin");
  const fetcher = useFetcher<RowActionData>({ key: `soldout-${flight.id}` });
  const pending = fetcher.state !== "idle";
  useFocusRowAfter(fetcher, flight.id);
  return (
    <fetcher.Form method="post" action={action} className="mt-1 flex flex-col items-end" preventScrollReset>
      <RowFields intent="soldout" flightId={flight.id} backTo={backTo} />
      <input type="hidden" name="soldout" value={flight.isSoldout ? "false" : "true"} />
      <PendingButton
        pending={pending}
        className={compactButton}
        label={t(flight.isSoldout ? "flights.soldout.unmark" : "flights.soldout.mark")}
        pendingLabel={t("flights.soldout.pending")}
      />
      <RowMessage data={fetcher.data} intent="soldout" compact />
    </fetcher.Form>
  );
}

function EditPanel({
  flight,
  route,
  backTo,
  action,
}: {
  flight: AdminFlight;
  route: string;
  backTo: string;
  action: string;
}) {
  const { t } = useTranslation("admin");
  const hydrated = useHydrated();
  const fetcher = useFetcher<RowActionData>({ key: `edit-${flight.id}` });
  const pending = fetcher.state !== "idle";
  useFocusRowAfter(fetcher, flight.id);
  const id = `flight-${flight.id}`;
  const [seats, setSeats] = useState(clampSeats(flight.seatsOverride ?? flight.feedSeats));
  const [timeType, setTimeType] = useState(flight.departureTimeType);
  return (
    <fetcher.Form method="post" action={action} className="space-y-4" preventScrollReset>
      <RowFields intent="edit" flightId={flight.id} backTo={backTo} />
      <fieldset className="space-y-4">
        <legend className="sr-only">{t("flights.edit.legend", { route })}</legend>
        <div className="grid gap-4 sm:grid-cols-2">
          <div>
            <label htmlFor={`${id}-probability`} className="block text-sm font-semibold">
              {t("flights.edit.probability")}
            </label>
            <input
              id={`${id}-probability`}
              name="probability"
              type="number"
              inputMode="numeric"
              required
              min={PROBABILITY_MIN}
              max={PROBABILITY_MAX}
              defaultValue={Math.min(PROBABILITY_MAX, Math.max(PROBABILITY_MIN, flight.probability))}
              className={`mt-1 ${fieldClass}`}
            />
          </div>
          <div>
            <label htmlFor={`${id}-seats`} className="block text-sm font-semibold">
              {t("flights.edit.seats")}
            </label>
            <div className="mt-1 flex items-center gap-2">
              {hydrated ? (
                <button
                  type="button"
                  className={secondaryButton}
                  aria-label={t("flights.edit.decrease")}
                  aria-controls={`${id}-seats`}
                  disabled={seats <= SEATS_MIN}
                  onClick={() => setSeats((value) => clampSeats(value - 1))}
                >
                  −
                </button>
              ) : null}
              <input
                id={`${id}-seats`}
                name="seats"
                type="number"
                inputMode="numeric"
                required
                min={SEATS_MIN}
                max={SEATS_MAX}
                value={seats}
                onChange={(event) => setSeats(Number(event.target.value))}
                className={`${fieldClass} w-24`}
              />
              {hydrated ? (
                <button
                  type="button"
                  className={secondaryButton}
                  aria-label={t("flights.edit.increase")}
                  aria-controls={`${id}-seats`}
                  disabled={seats >= SEATS_MAX}
                  onClick={() => setSeats((value) => clampSeats(value + 1))}
                >
                  +
                </button>
              ) : null}
            </div>
          </div>
        </div>
        <fieldset>
          <legend className="text-sm font-semibold">{t("flights.edit.timeType")}</legend>
          <div className="mt-1 flex flex-wrap gap-4">
            {(["exact", "slot"] as const).map((type) => (
              <label key={type} className="inline-flex items-center gap-2 text-sm">
                <input
                  type="radio"
                  name="departureTimeType"
                  value={type}
                  checked={timeType === type}
                  onChange={() => setTimeType(type)}
                  className="h-4 w-4 accent-navy-900"
                />
                {t(`flights.edit.${type}`)}
              </label>
            ))}
          </div>
        </fieldset>
        <div className="grid gap-4 sm:grid-cols-2">
          <div hidden={hydrated && timeType !== "exact"}>
            <label htmlFor={`${id}-time`} className="block text-sm font-semibold">
              {t("flights.edit.exactTime")}
            </label>
            <input
              id={`${id}-time`}
              name="exactTime"
              type="time"
              defaultValue={formatTime(flight.departureDate)}
              className={`mt-1 ${fieldClass}`}
            />
          </div>
          <div hidden={hydrated && timeType !== "slot"}>
            <label htmlFor={`${id}-slot`} className="block text-sm font-semibold">
              {t("flights.edit.timeSlot")}
            </label>
            <select
              id={`${id}-slot`}
              name="timeSlot"
              defaultValue={flight.timeSlot ?? slotOf(flight.departureDate)}
              className={`mt-1 ${fieldClass}`}
            >
              {TIME_SLOTS.map((slot) => (
                <option key={slot} value={slot}>
                  {t(`flights.timeSlots.${slot}`)}
                </option>
              ))}
            </select>
          </div>
        </div>
      </fieldset>
      <div className="flex flex-wrap items-center gap-3">
        <PendingButton pending={pending} label={t("flights.edit.save")} pendingLabel={t("flights.edit.saving")} />
        <RowMessage data={fetcher.data} intent="edit" />
      </div>
    </fetcher.Form>
  );
}

/** The four-hour band an instant falls in (Zurich time): the slot a select starts on. */
function slotOf(date: Date) {
  const hour = Number(formatTime(date).slice(0, 2));
  return TIME_SLOTS[Math.floor(hour / 4)]!;
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

// History ----------------------------------------------------------------------------------

/** How often an open history asks for new rows. */
const HISTORY_POLL_MS = 5000;

type HistoryResponse = { entries: HistoryEntry[] } | { error: true };

/**
 * The change history, newest first. Rendered with the page (the latest rows), then,
 * while open and the tab visible, refreshed from the history resource route.
 */
function HistoryExpander({ flightId, initial }: { flightId: string; initial: HistoryEntry[] }) {
  const { t } = useTranslation("admin");
  const fetcher = useFetcher<HistoryResponse>({ key: `history-${flightId}` });
  const [open, setOpen] = useState(false);
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

const DATE_FIELD = /(_date|_at)$/;

function HistoryItem({ entry }: { entry: HistoryEntry }) {
  const { t } = useTranslation("admin");
  const value = (field: string, raw: unknown): string => {
    if (raw === null || raw === undefined || raw === "") return t("history.emptyValue");
    if (typeof raw === "boolean") return t(raw ? "history.yes" : "history.no");
    if (DATE_FIELD.test(field) && (typeof raw === "string" || typeof raw === "number")) {
      const date = new Date(raw);
      if (!Number.isNaN(date.getTime())) return formatDateTime(date);
    }
    if (field === "time_slot" && typeof raw === "string" && (TIME_SLOTS as readonly string[]).includes(raw))
      return t(`flights.timeSlots.${raw}`);
    if (field === "departure_time_type" && (raw === "exact" || raw === "slot")) return t(`history.timeTypes.${raw}`);
    return typeof raw === "object" ? JSON.stringify(raw) : String(raw);
  };
  const fieldName = (field: string) => t(`history.fields.${field}`, { defaultValue: field });
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
