import { Form, useSubmit } from "@remix-run/react";
import { useEffect, useRef, useState } from "react";

import { Button, buttonClassName } from "#app/components/ui/button";
import { cityName, sortByName } from "#app/content/city-names";
import { FLEX_DAYS } from "#app/flights/flexible-dates";
import { type FlightFilter, isFilterEmpty } from "#app/flights/flight-filter";
import { parseSearchReach, searchParamsOf, type SearchReach } from "#app/flights/search-reach";
import { SEARCH_RADII_KM } from "#app/utils/constants";
import { formatDayKey } from "#app/utils/format";
import { useTranslation } from "#app/utils/translations";
import { useLanguage } from "#app/utils/use-language";

type Props = {
  filter: FlightFilter;
  reach: SearchReach;
  options: { departures: string[]; arrivals: string[]; dates: string[] };
  action: string;
};

type SearchFields = FlightFilter & { radius: string; flex: string };
const FIELD_NAMES = ["from", "radius", "to", "date", "flex"] as const;
const fieldsOf = (filter: FlightFilter, reach: SearchReach): SearchFields => ({
  from: filter.from,
  to: filter.to,
  date: filter.date,
  radius: String(reach.radiusKm),
  flex: String(reach.flexDays),
});
const paramsOf = ({ radius, flex, ...filter }: SearchFields) =>
  searchParamsOf(filter, parseSearchReach(new URLSearchParams({ radius, flex })));

const selectClass =
  "mt-1 block w-full min-w-0 rounded-lg border border-navy-200 bg-white px-3 py-2 text-navy-900 disabled:cursor-not-allowed disabled:bg-navy-50 disabled:text-navy-600";

/**
 * The dependent selects: docs/catalogue.md. A choice by mouse or touch applies at once; one by
 * arrow keys on a closed select waits for Enter or the button (WCAG 3.2.2), so the page does not
 * reload at every key. The selects stay mounted while the list updates, so focus stays.
 */
export function FlightSearch({ filter, reach, options, action }: Props) {
  const { t } = useTranslation("catalogue");
  const language = useLanguage();
  const submit = useSubmit();
  const fields = fieldsOf(filter, reach);
  const [shown, setShown] = useState(fields);
  useEffect(
    () => setShown(fieldsOf(filter, reach)),
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [filter.from, filter.to, filter.date, reach.radiusKm, reach.flexDays],
  );

  const apply = (next: SearchFields) => {
    setShown(next);
    submit(paramsOf(next), { method: "get", action, preventScrollReset: true, replace: true });
  };
  const choose = (name: keyof SearchFields, value: string): SearchFields => {
    if (name === "from") return { ...fields, from: value, to: "", date: "" };
    if (name === "to") return { ...fields, to: value, date: "" };
    return { ...fields, [name]: value };
  };

  // A choice made while the page was still loading its JavaScript changed the select but
  // reached no handler: once hydrated, apply what the selects show.
  const formRef = useRef<HTMLFormElement>(null);
  useEffect(() => {
    const form = formRef.current;
    if (!form) return;
    const value = (name: keyof SearchFields) =>
      (form.elements.namedItem(name) as HTMLSelectElement | null)?.value ?? "";
    for (const name of FIELD_NAMES) {
      if (value(name) !== fields[name]) return apply(choose(name, value(name)));
    }
    // Only once, at hydration: later changes go through onChange.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  // A value reached by a shared link but not among the choices stays selectable.
  const withCurrent = (values: string[], current: string) =>
    current && !values.includes(current) ? [current, ...values] : values;
  const cities = (values: string[], current: string) =>
    sortByName(
      withCurrent(values, current).map((city) => ({ value: city, label: cityName(city, language) })),
      (city) => city.label,
      language,
    );
  const empty = isFilterEmpty(filter) && reach.radiusKm === 0 && reach.flexDays === 0;
  const departureCity = filter.from ? cityName(filter.from, language) : t("search.departureCity");

  const selectProps = (name: keyof SearchFields) => ({
    name,
    value: shown[name],
    onValue: (value: string, byKeyboard: boolean) => {
      if (byKeyboard) setShown({ ...shown, [name]: value });
      else apply(choose(name, value));
    },
    onEnter: (value: string) => apply(choose(name, value)),
  });

  // On a phone one select a row, whole texts shown; three a row from sm: five in one row cut
  // their texts at 1280 px ('Toutes les vil').
  return (
    <div className="flex flex-col gap-2 rounded-2xl bg-white p-3 shadow-sm ring-1 ring-navy-100 sm:p-4">
      <Form
        ref={formRef}
        method="get"
        action={action}
        preventScrollReset
        replace
        // Its selects apply at once on a page served without React too (utils/static-page.client.js).
        data-search
        aria-label={t("search.label")}
        className="grid flex-1 grid-cols-[1fr_auto] items-end gap-x-3 gap-y-2 sm:grid-cols-3"
      >
        <FilterSelect
          {...selectProps("from")}
          label={t("search.departure")}
          anyLabel={t("search.anyDeparture")}
          choices={cities(options.departures, filter.from)}
        />
        <FilterSelect
          {...selectProps("radius")}
          label={t("search.radius")}
          choices={SEARCH_RADII_KM.map((km) => ({
            value: String(km),
            label:
              km === 0
                ? t("search.radiusExact", { city: departureCity })
                : t("search.radiusAround", { city: departureCity, km }),
          }))}
        />
        <FilterSelect
          {...selectProps("to")}
          label={t("search.arrival")}
          disabled={!filter.from}
          anyLabel={t("search.anyArrival")}
          choices={cities(options.arrivals, filter.to)}
        />
        <FilterSelect
          {...selectProps("date")}
          label={t("search.date")}
          disabled={!filter.from}
          anyLabel={t("search.anyDate")}
          choices={withCurrent(options.dates, filter.date).map((day) => ({
            value: day,
            label: formatDayKey(day, language),
          }))}
        />
        <FilterSelect
          {...selectProps("flex")}
          besideButton
          label={t("search.flex")}
          choices={FLEX_DAYS.map((days) => ({
            value: String(days),
            label: days === 0 ? t("search.flexExact") : t("search.flexDays", { count: days }),
          }))}
        />
        <Button id="search-submit" type="submit" variant="primary" size="mdFlat">
          {t("search.submit")}
        </Button>
      </Form>
      <Form method="get" action={action} preventScrollReset replace className="flex justify-end">
        {/* aria-disabled, not disabled: after a reset the button keeps the focus it had. */}
        <button
          id="search-reset"
          type="submit"
          aria-disabled={empty}
          onClick={(event) => {
            if (empty) event.preventDefault();
          }}
          className={`${buttonClassName("outlineThin", "compactFlat")} aria-disabled:cursor-not-allowed aria-disabled:border-navy-200 aria-disabled:text-navy-600 aria-disabled:hover:bg-transparent`}
        >
          {t("search.reset")}
        </button>
      </Form>
    </div>
  );
}

/** Keys that change a closed select's value without opening it. */
const CHANGING_KEYS = new Set(["ArrowUp", "ArrowDown", "ArrowLeft", "ArrowRight", "Home", "End", "PageUp", "PageDown"]);

function FilterSelect({
  label,
  name,
  value,
  disabled = false,
  besideButton = false,
  anyLabel,
  choices,
  onValue,
  onEnter,
}: {
  label: string;
  name: keyof SearchFields;
  value: string;
  disabled?: boolean;
  besideButton?: boolean;
  anyLabel?: string;
  choices: { value: string; label: string }[];
  onValue: (value: string, byKeyboard: boolean) => void;
  onEnter: (value: string) => void;
}) {
  const byKeyboard = useRef(false);
  return (
    // The label beside the select, not around it: its name is the label alone ('Date', not
    // 'Date Toutes les dates'), told apart from 'Dates flexibles'.
    <div className={`min-w-0 text-sm font-semibold ${besideButton ? "" : "col-span-2 sm:col-span-1"}`}>
      <label htmlFor={`search-${name}`}>{label}</label>
      <select
        id={`search-${name}`}
        name={name}
        // The value a search leaves out of its address (searchParamsOf), for static-page.client.js.
        data-default={anyLabel === undefined ? "0" : ""}
        value={value}
        disabled={disabled}
        onKeyDown={(event) => {
          if (event.key === "Enter") {
            event.preventDefault();
            onEnter(event.currentTarget.value);
          } else {
            byKeyboard.current = CHANGING_KEYS.has(event.key) || event.key.length === 1;
          }
        }}
        onPointerDown={() => {
          byKeyboard.current = false;
        }}
        onChange={(event) => {
          onValue(event.target.value, byKeyboard.current);
          byKeyboard.current = false;
        }}
        className={selectClass}
      >
        {anyLabel === undefined ? null : <option value="">{anyLabel}</option>}
        {choices.map((choice) => (
          <option key={choice.value} value={choice.value}>
            {choice.label}
          </option>
        ))}
      </select>
    </div>
  );
}
