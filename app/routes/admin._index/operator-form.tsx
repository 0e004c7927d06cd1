/** A flight's operating carrier, its aircraft, where passengers meet and the deadlines before departure. */
import { useFetcher } from "@remix-run/react";

import { CHECK_IN_MINUTES, MANIFEST_DEADLINE_HOURS } from "#app/flights/admin-flight-forms";
import { MAX_AOC, MAX_OPERATOR_NAME, MAX_REGISTRATION, MAX_TERMINAL } from "#app/utils/operating-carrier";
import { useTranslation } from "#app/utils/translations";

import type { AdminFlight } from "./admin-flight";
import { type RowActionData, RowFields, RowMessage, useFocusRowAfter } from "./row-forms";
import { PendingButton } from "./tab-buttons";

const fieldClass =
  "mt-1 block w-full rounded-lg border border-navy-300 bg-white px-3 py-2 text-navy-900 focus:border-navy-600 focus:outline-none focus:ring-2 focus:ring-gold-400";

type TextField = "operatorName" | "operatorAoc" | "operatorState" | "aircraftRegistration" | "terminal";
const TEXT_FIELDS: Array<{ name: TextField; maxLength: number; wide?: boolean }> = [
  { name: "operatorName", maxLength: MAX_OPERATOR_NAME, wide: true },
  { name: "operatorAoc", maxLength: MAX_AOC },
  { name: "operatorState", maxLength: 2 },
  { name: "aircraftRegistration", maxLength: MAX_REGISTRATION },
  { name: "terminal", maxLength: MAX_TERMINAL, wide: true },
];

export function FlightOperatorForm({
  flight,
  backTo,
  action,
}: {
  flight: AdminFlight;
  backTo: string;
  action: string;
}) {
  const { t } = useTranslation("admin");
  const fetcher = useFetcher<RowActionData>({ key: `operator-${flight.id}` });
  useFocusRowAfter(fetcher, flight.id);
  const id = `operator-${flight.id}`;
  const numbers = [
    { name: "checkInMinutes", value: flight.checkInMinutes, ...CHECK_IN_MINUTES },
    { name: "manifestDeadlineHours", value: flight.manifestDeadlineHours, ...MANIFEST_DEADLINE_HOURS },
  ] as const;
  return (
    <fetcher.Form method="post" action={action} className="space-y-4" preventScrollReset>
      <RowFields intent="operator" flightId={flight.id} backTo={backTo} />
      <fieldset className="space-y-4">
        <legend className="text-sm text-navy-700">{t("operator.legend")}</legend>
        <div className="grid gap-4 sm:grid-cols-2">
          {TEXT_FIELDS.map((field) => (
            <div key={field.name} className={field.wide ? "sm:col-span-2" : undefined}>
              <label htmlFor={`${id}-${field.name}`} className="block text-sm font-semibold">
                {t(`operator.fields.${field.name}`)}
              </label>
              <input
                id={`${id}-${field.name}`}
                name={field.name}
                type="text"
                maxLength={field.maxLength}
                defaultValue={flight[field.name] ?? ""}
                aria-describedby={field.name === "operatorState" ? `${id}-state-help` : undefined}
                className={fieldClass}
              />
              {field.name === "operatorState" ? (
                <p id={`${id}-state-help`} className="mt-1 text-xs text-navy-700">
                  {t("operator.stateHelp")}
                </p>
              ) : null}
            </div>
          ))}
          {numbers.map((field) => (
            <div key={field.name}>
              <label htmlFor={`${id}-${field.name}`} className="block text-sm font-semibold">
                {t(`operator.fields.${field.name}`)}
              </label>
              <input
                id={`${id}-${field.name}`}
                name={field.name}
                type="number"
                inputMode="numeric"
                required
                min={field.min}
                max={field.max}
                defaultValue={field.value}
                className={fieldClass}
              />
            </div>
          ))}
        </div>
      </fieldset>
      <div className="flex flex-wrap items-center gap-3">
        <PendingButton
          pending={fetcher.state !== "idle"}
          label={t("operator.save")}
          pendingLabel={t("operator.saving")}
        />
        <RowMessage data={fetcher.data} intent="operator" />
      </div>
    </fetcher.Form>
  );
}
