/** A flight's edit form: probability, seats, and the departure as an exact time or a four-hour slot. */
import { useFetcher } from "@remix-run/react";
import { useState } from "react";

import { clampSeats, PROBABILITY_MAX, PROBABILITY_MIN, SEATS_MAX, SEATS_MIN } from "#app/flights/admin-flight-forms";
import { TIME_SLOTS } from "#app/utils/constants";
import { formatTime } from "#app/utils/format";
import { useTranslation } from "#app/utils/translations";
import { useHydrated } from "#app/utils/use-hydrated";

import type { AdminFlight } from "./admin-flight";
import { type RowActionData, RowFields, RowMessage, useFocusRowAfter } from "./row-forms";
import { PendingButton, secondaryButton } from "./tab-buttons";

const fieldClass =
  "block w-full rounded-lg border border-navy-300 bg-white px-3 py-2 text-navy-900 focus:border-navy-600 focus:outline-none focus:ring-2 focus:ring-gold-400";

export function FlightEditForm({
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
