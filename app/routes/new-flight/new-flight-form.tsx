// Errors are `admin` keys, translated here.
import { getFormProps, getInputProps, getSelectProps, type SubmissionResult, useForm } from "@conform-to/react";
import { getZodConstraint } from "@conform-to/zod/v4";
import { Form } from "@remix-run/react";
import { useState } from "react";

import { FormAlert, FormField, inputClass, SubmitButton } from "#app/components/ui/form-field";
import {
  DEFAULT_FLEXIBILITY_DAYS,
  FLEXIBILITY_DAYS,
  FLIGHT_TIME_MAX,
  FLIGHT_TIME_MIN,
  NEW_FLIGHT_AIRCRAFT,
  newFlightSchema,
  PROBABILITY_MAX,
  PROBABILITY_MIN,
} from "#app/flights/admin-flight-forms";
import { DEFAULT_PROBABILITY, TIME_SLOTS } from "#app/utils/constants";
import { parseForm } from "#app/utils/forms/parse";
import { useTranslation } from "#app/utils/translations";
import { useIsPending } from "#app/utils/use-is-pending";

/** `today` is the Zurich day (an earlier date is refused); `cities` are offered as the user types. */
export function NewFlightForm({
  today,
  cities,
  lastResult,
}: {
  today: string;
  cities: string[];
  lastResult: SubmissionResult<string[]> | undefined;
}) {
  const { t } = useTranslation("admin");
  const pending = useIsPending();
  const schema = newFlightSchema(today);
  const [form, fields] = useForm({
    lastResult,
    constraint: getZodConstraint(schema),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    defaultValue: {
      departureTimeType: "slot",
      timeSlot: "08-12",
      aircraftType: "PC12",
      probability: String(DEFAULT_PROBABILITY),
      flexibilityDays: String(DEFAULT_FLEXIBILITY_DAYS),
    },
    onValidate: ({ formData }) => parseForm(formData, { schema }),
  });
  const [timeType, setTimeType] = useState(String(fields.departureTimeType.initialValue ?? "slot"));
  const [probability, setProbability] = useState(String(fields.probability.initialValue ?? DEFAULT_PROBABILITY));

  const field = (
    name: "departureCity" | "arrivalCity" | "date" | "exactTime" | "flightTime",
    type: "text" | "date" | "time" | "number",
    extra: Record<string, string | number> = {},
  ) => {
    // The same cast as /custom-flight: the fields' value types differ, the props do not.
    const meta = fields[name] as Parameters<typeof getInputProps>[0];
    return (
      <FormField
        namespace="admin"
        id={meta.id}
        label={t(`newFlight.fields.${name}`)}
        errorId={meta.errorId}
        errors={meta.errors as string[] | undefined}
      >
        <input {...getInputProps(meta, { type })} key={meta.key} {...extra} className={inputClass} />
      </FormField>
    );
  };

  return (
    <Form
      method="post"
      {...getFormProps(form)}
      className="mt-8 space-y-6 rounded-2xl bg-white p-6 shadow-sm ring-1 ring-navy-100"
    >
      <FormAlert id={form.errorId} messages={form.errors?.map((error) => t(error))} />
      <datalist id="known-cities">
        {cities.map((city) => (
          <option key={city} value={city} />
        ))}
      </datalist>
      <div className="grid gap-4 sm:grid-cols-2">
        {field("departureCity", "text", { list: "known-cities", autoComplete: "off" })}
        {field("arrivalCity", "text", { list: "known-cities", autoComplete: "off" })}
        {field("date", "date", { min: today })}
        <FormField
          namespace="admin"
          id={fields.aircraftType.id}
          label={t("newFlight.fields.aircraftType")}
          errorId={fields.aircraftType.errorId}
          errors={fields.aircraftType.errors}
        >
          <select {...getSelectProps(fields.aircraftType)} key={fields.aircraftType.key} className={inputClass}>
            {NEW_FLIGHT_AIRCRAFT.map((type) => (
              <option key={type} value={type}>
                {t(`newFlight.aircraft.${type}`)}
              </option>
            ))}
          </select>
        </FormField>
      </div>
      <fieldset>
        <legend className="text-sm font-semibold">{t("newFlight.fields.departureType")}</legend>
        <div className="mt-2 flex flex-wrap gap-6">
          {(["slot", "exact"] as const).map((type) => (
            <label key={type} className="inline-flex items-center gap-2">
              <input
                type="radio"
                name={fields.departureTimeType.name}
                value={type}
                defaultChecked={timeType === type}
                onChange={() => setTimeType(type)}
                className="h-4 w-4 accent-navy-900"
              />
              {t(`newFlight.fields.${type}`)}
            </label>
          ))}
        </div>
      </fieldset>
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField
          namespace="admin"
          id={fields.timeSlot.id}
          label={t("newFlight.fields.timeSlot")}
          errorId={fields.timeSlot.errorId}
          errors={fields.timeSlot.errors}
        >
          <select
            {...getSelectProps(fields.timeSlot)}
            key={fields.timeSlot.key}
            className={inputClass}
            disabled={timeType !== "slot"}
          >
            {TIME_SLOTS.map((slot) => (
              <option key={slot} value={slot}>
                {t(`flights.timeSlots.${slot}`)}
              </option>
            ))}
          </select>
        </FormField>
        {field("exactTime", "time")}
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        <div>
          <label htmlFor={fields.probability.id} className="block text-sm font-semibold">
            {t("newFlight.fields.probability", { value: probability })}
          </label>
          <input
            {...getInputProps(fields.probability, { type: "range" })}
            key={fields.probability.key}
            min={PROBABILITY_MIN}
            max={PROBABILITY_MAX}
            step={5}
            onChange={(event) => setProbability(event.target.value)}
            className="mt-3 w-full accent-navy-900"
          />
        </div>
        <FormField
          namespace="admin"
          id={fields.flexibilityDays.id}
          label={t("newFlight.fields.flexibilityDays")}
          errorId={fields.flexibilityDays.errorId}
          errors={fields.flexibilityDays.errors}
        >
          <select {...getSelectProps(fields.flexibilityDays)} key={fields.flexibilityDays.key} className={inputClass}>
            {FLEXIBILITY_DAYS.map((days) => (
              <option key={days} value={days}>
                {t(`newFlight.flexibility.${days}`)}
              </option>
            ))}
          </select>
        </FormField>
      </div>
      <div>
        {field("flightTime", "number", {
          min: FLIGHT_TIME_MIN,
          max: FLIGHT_TIME_MAX,
          inputMode: "numeric",
          "aria-describedby": `flight-time-hint ${fields.flightTime.errorId}`,
        })}
        <p id="flight-time-hint" className="-mt-4 text-sm text-navy-700">
          {t("newFlight.fields.flightTimeHint")}
        </p>
      </div>
      <SubmitButton pending={pending} label={t("newFlight.submit")} pendingLabel={t("newFlight.submitting")} />
    </Form>
  );
}
