import { Form, useSubmit } from "@remix-run/react";
import { useEffect, useRef } from "react";
import { useTranslation } from "react-i18next";
import { FALLBACK_LANGUAGE, isSupportedLanguage } from "#app/i18n";
import { filterSearchParams, isFilterEmpty, type FlightFilter } from "#app/services/flight-filter";
import { formatDayKey } from "#app/utils/format";
import { useHydrated } from "#app/utils/use-hydrated";

type Props = {
  filter: FlightFilter;
  options: { departures: string[]; arrivals: string[]; dates: string[] };
  /** The page the list lives on (/home or /empty-legs). */
  action: string;
};

const selectClass =
  "mt-1 block w-full rounded-lg border border-navy-200 bg-white px-3 py-2 text-navy-900 disabled:cursor-not-allowed disabled:bg-navy-50 disabled:text-navy-600";

/**
 * The three dependent selects (traveller.md "Flight search filter"). A GET form: the
 * URL holds the filter. Without JavaScript a submit button sends it and the server
 * computes the dependent choices; with JavaScript each change submits at once,
 * clearing the selects that depend on the one changed.
 */
export function FlightSearch({ filter, options, action }: Props) {
  const { t, i18n } = useTranslation("catalogue");
  const language = isSupportedLanguage(i18n.language) ? i18n.language : FALLBACK_LANGUAGE;
  const hydrated = useHydrated();
  const submit = useSubmit();

  const apply = (next: FlightFilter) =>
    submit(filterSearchParams(next), { method: "get", action, preventScrollReset: true, replace: true });

  // A choice made while the page was still loading its JavaScript changed the select but
  // reached no handler: once hydrated, apply what the selects show.
  const formRef = useRef<HTMLFormElement>(null);
  useEffect(() => {
    const form = formRef.current;
    if (!form) return;
    const shown = (name: keyof FlightFilter) => (form.elements.namedItem(name) as HTMLSelectElement | null)?.value ?? "";
    const from = shown("from");
    const to = shown("to");
    const date = shown("date");
    if (from !== filter.from) apply({ from, to: "", date: "" });
    else if (to !== filter.to) apply({ ...filter, to, date: "" });
    else if (date !== filter.date) apply({ ...filter, date });
    // Only once, at hydration: later changes go through onChange.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  // A value reached by a shared link but not among the choices stays selectable.
  const withCurrent = (values: string[], current: string) =>
    current && !values.includes(current) ? [current, ...values] : values;

  return (
    <div className="rounded-2xl bg-white p-4 shadow-sm ring-1 ring-navy-100 sm:p-6">
      <Form
        ref={formRef}
        key={`${filter.from}|${filter.to}|${filter.date}`}
        method="get"
        action={action}
        preventScrollReset
        aria-label={t("search.label")} className="grid gap-4 sm:grid-cols-3">
        <FilterSelect
          label={t("search.departure")}
          name="from"
          value={filter.from}
          anyLabel={t("search.anyDeparture")}
          choices={withCurrent(options.departures, filter.from).map((city) => ({ value: city, label: city }))}
          onChange={(from) => apply({ from, to: "", date: "" })}
        />
        <FilterSelect
          label={t("search.arrival")}
          name="to"
          value={filter.to}
          disabled={!filter.from}
          anyLabel={t("search.anyArrival")}
          choices={withCurrent(options.arrivals, filter.to).map((city) => ({ value: city, label: city }))}
          onChange={(to) => apply({ ...filter, to, date: "" })}
        />
        <FilterSelect
          label={t("search.date")}
          name="date"
          value={filter.date}
          disabled={!filter.from || !filter.to}
          anyLabel={t("search.anyDate")}
          choices={withCurrent(options.dates, filter.date).map((day) => ({ value: day, label: formatDayKey(day, language) }))}
          onChange={(date) => apply({ ...filter, date })}
        />
        {hydrated ? null : (
          <button
            type="submit"
            className="rounded-full bg-navy-900 px-5 py-2 font-semibold text-white hover:bg-navy-700 sm:col-start-3"
          >
            {t("search.submit")}
          </button>
        )}
      </Form>
      <Form method="get" action={action} preventScrollReset className="mt-3 flex justify-end">
        <button
          type="submit"
          disabled={isFilterEmpty(filter)}
          className="rounded-full border border-navy-900 px-4 py-1.5 text-sm font-semibold hover:bg-navy-900 hover:text-white disabled:cursor-not-allowed disabled:border-navy-200 disabled:text-navy-600 disabled:hover:bg-transparent"
        >
          {t("search.reset")}
        </button>
      </Form>
    </div>
  );
}

/** One of the three dependent selects, its first choice meaning "any". */
function FilterSelect({
  label,
  name,
  value,
  disabled = false,
  anyLabel,
  choices,
  onChange,
}: {
  label: string;
  name: keyof FlightFilter;
  value: string;
  disabled?: boolean;
  anyLabel: string;
  choices: { value: string; label: string }[];
  onChange: (value: string) => void;
}) {
  return (
    <label className="text-sm font-semibold">
      {label}
      <select
        name={name}
        defaultValue={value}
        disabled={disabled}
        onChange={(event) => onChange(event.target.value)}
        className={selectClass}
      >
        <option value="">{anyLabel}</option>
        {choices.map((choice) => (
          <option key={choice.value} value={choice.value}>
            {choice.label}
          </option>
        ))}
      </select>
    </label>
  );
}
