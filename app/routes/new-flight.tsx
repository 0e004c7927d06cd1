import { getFormProps, getInputProps, getSelectProps, useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { useState } from "react";
import { useTranslation } from "#app/utils/translations";
import { FormAlert, FormField, inputClass, SubmitButton } from "#app/components/ui/form-field";
import { getRequestI18n } from "#app/i18n.server";
import { listAirportCities } from "#app/models/flights.server";
import { createFlightFromForm } from "#app/services/admin-flights.server";
import { uniqueSorted } from "#app/services/flight-filter";
import { TIME_SLOTS } from "#app/utils/constants";
import { zurichDay } from "#app/utils/format";
import {
  DEFAULT_FLEXIBILITY_DAYS,
  DEFAULT_PROBABILITY,
  FLEXIBILITY_DAYS,
  FLIGHT_TIME_MAX,
  FLIGHT_TIME_MIN,
  NEW_FLIGHT_AIRCRAFT,
  newFlightSchema,
  PROBABILITY_MAX,
  PROBABILITY_MIN,
} from "#app/utils/forms/admin-flights";
import { pageMeta } from "#app/utils/meta";
import { requirePermission } from "#app/utils/session.server";
import { redirectWithToast } from "#app/utils/toast.server";
import { loadingTranslations } from "#app/utils/route-translations";

export const handle = { i18n: ["admin"] };
export const clientLoader = loadingTranslations(handle.i18n);

/** /new-flight (back-office.md sections 2 and 5, DECISIONS.md D1): a real flight, stored in D1. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  await requirePermission(request, context, "flights:manage");
  const { t } = await getRequestI18n(request, context, "admin");
  const cities = uniqueSorted((await listAirportCities(context.db)).map((airport) => airport.servedCity));
  return { title: t("newFlight.title"), today: zurichDay(context.now()), cities };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const user = await requirePermission(request, context, "flights:manage");
  const now = context.now();
  const submission = parseWithZod(await request.formData(), { schema: newFlightSchema(zurichDay(now)) });
  if (submission.status !== "success") return data({ result: submission.reply() }, { status: 400 });
  const { t } = await getRequestI18n(request, context, "admin");
  try {
    const result = await createFlightFromForm(context.db, { input: submission.value, staffId: user.id, now });
    switch (result.status) {
      case "created":
        return redirectWithToast(context, "/admin", { type: "success", description: t("newFlight.success") });
      case "flight-time-needed":
        return data({ result: submission.reply({ fieldErrors: { flightTime: ["newFlight.errors.flightTimeNeeded"] } }) }, { status: 400 });
      case "past":
        return data({ result: submission.reply({ formErrors: [t("newFlight.errors.past")] }) }, { status: 400 });
      default:
        return data({ result: submission.reply({ formErrors: [t("newFlight.errors.taken")] }) }, { status: 409 });
    }
  } catch (error) {
    console.error("new-flight: the flight could not be created", error);
    return data({ result: submission.reply({ formErrors: [t("newFlight.failure")] }) }, { status: 500 });
  }
}

export default function NewFlightPage() {
  const { today, cities } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const { t } = useTranslation("admin");
  const navigation = useNavigation();
  const pending = navigation.state !== "idle" && navigation.formMethod === "POST";
  const schema = newFlightSchema(today);
  const [form, fields] = useForm({
    lastResult: actionData?.result,
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
    onValidate: ({ formData }) => parseWithZod(formData, { schema }),
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
      <FormField namespace="admin" id={meta.id} label={t(`newFlight.fields.${name}`)} errorId={meta.errorId} errors={meta.errors as string[] | undefined}>
        <input {...getInputProps(meta, { type })} key={meta.key} {...extra} className={inputClass} />
      </FormField>
    );
  };

  return (
    <div className="mx-auto max-w-3xl px-4 py-10">
      <Link to="/admin" className="text-sm font-semibold text-navy-700 hover:underline">
        <span aria-hidden="true">←</span> {t("layout.backToAdmin")}
      </Link>
      <h1 className="mt-4 text-3xl font-bold">{t("newFlight.title")}</h1>
      <p className="mt-2 text-navy-700">{t("newFlight.intro")}</p>
      <Form method="post" {...getFormProps(form)} className="mt-8 space-y-6 rounded-2xl bg-white p-6 shadow-sm ring-1 ring-navy-100">
        <FormAlert id={form.errorId} messages={form.errors} />
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
            <select {...getSelectProps(fields.timeSlot)} key={fields.timeSlot.key} className={inputClass} disabled={timeType !== "slot"}>
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
          {field("flightTime", "number", { min: FLIGHT_TIME_MIN, max: FLIGHT_TIME_MAX, inputMode: "numeric", "aria-describedby": `flight-time-hint ${fields.flightTime.errorId}` })}
          <p id="flight-time-hint" className="-mt-4 text-sm text-navy-700">
            {t("newFlight.fields.flightTimeHint")}
          </p>
        </div>
        <SubmitButton pending={pending} label={t("newFlight.submit")} pendingLabel={t("newFlight.submitting")} />
      </Form>
    </div>
  );
}

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => (data ? pageMeta(matches, data) : []);
