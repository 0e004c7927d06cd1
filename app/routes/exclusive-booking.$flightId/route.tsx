import { getFormProps, getInputProps, getTextareaProps, useForm } from "@conform-to/react";
import { getZodConstraint } from "@conform-to/zod/v4";
import { type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction, redirect } from "@remix-run/cloudflare";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { useEffect } from "react";

import { CustomerFieldsets } from "#app/components/customer-fieldsets";
import { NotFoundPanel } from "#app/components/not-found-panel";
import { buttonClassName } from "#app/components/ui/button";
import { FormAlert, FormField, inputClass, SubmitButton } from "#app/components/ui/form-field";
import { EXCLUSIVE_AIRCRAFT, findExclusiveFlight } from "#app/content/exclusive-flights";
import { getRequestI18n } from "#app/i18n.server";
import { submitExclusiveRequest } from "#app/requests/exclusive-request.server";
import { DEFAULT_COUNTRY, exclusiveRequestSchema } from "#app/requests/request-forms";
import { REQUEST_REFUSAL_STATUS } from "#app/requests/submit-request.server";
import { clientIp } from "#app/utils/client-key.server";
import { countryChoices } from "#app/utils/countries";
import { offeredDepartureDates, returnDateFor } from "#app/utils/exclusive-dates";
import { formatSwissEuros, formatWeekdayKey } from "#app/utils/format";
import { parseForm, parseRequest } from "#app/utils/forms/parse";
import { pageMeta } from "#app/utils/meta";
import { replyToForm } from "#app/utils/reply.server";
import { useTranslation } from "#app/utils/translations";
import { useIsPending } from "#app/utils/use-is-pending";
import { useCityName } from "#app/utils/use-language";

import { ExclusiveDateChoice, type OfferedDate } from "./exclusive-date-choice";

export const SENT_PAGE = "/demande-reservation-envoyee";

function exclusiveFlightOf(params: { flightId?: string }) {
  const flight = findExclusiveFlight(params.flightId);
  // A thrown Response, not `data()`: the latter answers ?_data= with "Unexpected Server Error".
  if (!flight) throw new Response("Not Found", { status: 404 });
  return flight;
}

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const flight = exclusiveFlightOf(params);
  const { language, t } = await getRequestI18n(request, context, "catalogue");
  return {
    flight,
    dates: offeredDepartureDates(flight, context.now()).map((value): OfferedDate => {
      const returnDate = returnDateFor(flight, value);
      return {
        value,
        label: formatWeekdayKey(value, language),
        returnLabel: returnDate ? formatWeekdayKey(returnDate, language) : null,
      };
    }),
    countries: countryChoices(language),
    // A double submit or a reload sends this key again: one request is stored.
    idempotencyKey: crypto.randomUUID(),
    title: `${t("booking.title")} – JetMalin`,
    description: t("booking.metaDescription"),
  };
}

/** A day gone by since the page loaded is refused under its field. */
export async function action({ request, params, context }: ActionFunctionArgs) {
  const flight = exclusiveFlightOf(params);
  const schema = exclusiveRequestSchema(offeredDepartureDates(flight, context.now()));
  const submission = await parseRequest(request, { schema });
  if (submission.status !== "success") return replyToForm(context, submission);
  const { language, t } = await getRequestI18n(request, context, "catalogue");
  const outcome = await submitExclusiveRequest(context, {
    flight,
    input: submission.value,
    language,
    ip: clientIp(request),
  });
  if (outcome.ok) return redirect(SENT_PAGE);
  const message = t(`booking.errors.${outcome.reason}`);
  return replyToForm(context, submission, {
    status: REQUEST_REFUSAL_STATUS[outcome.reason],
    formError: message,
    toast: { type: "error", description: message },
  });
}

export default function ExclusiveBookingPage() {
  const { flight, dates, countries, idempotencyKey } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const { t } = useTranslation("catalogue");
  const city = useCityName();
  const pending = useIsPending();
  const schema = exclusiveRequestSchema(dates.map((date) => date.value));
  const [form, fields] = useForm({
    lastResult: actionData?.result,
    constraint: getZodConstraint(schema),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    defaultValue: { country: DEFAULT_COUNTRY, idempotencyKey },
    onValidate: ({ formData }) => parseForm(formData, { schema }),
  });

  useEffect(() => {
    window.scrollTo(0, 0);
  }, []);

  return (
    <div className="mx-auto max-w-3xl px-4 py-10">
      <Link to="/home#exclusive" className="text-sm font-semibold text-navy-700 underline">
        ← {t("booking.back")}
      </Link>
      <header className="mt-4 rounded-3xl bg-navy-900 p-6 text-white">
        <p className="text-xs font-bold uppercase tracking-widest text-gold-300">
          {t(`exclusive.type.${flight.type}`)}
        </p>
        <h1 className="mt-1 text-2xl font-bold sm:text-3xl">
          {flight.type === "round-trip"
            ? t("exclusive.roundTripRoute", { from: city(flight.departure), to: city(flight.arrival) })
            : t("flight.route", { from: city(flight.departure), to: city(flight.arrival) })}
        </h1>
        <dl className="mt-4 grid gap-3 text-sm sm:grid-cols-2">
          <div>
            <dt className="text-navy-200">{t("exclusive.outbound")}</dt>
            <dd className="font-semibold">
              {t(`exclusive.days.${flight.departureDay}`)}, {t(`exclusive.times.${flight.departureTime}`)}
            </dd>
          </div>
          {flight.returnDay && flight.returnTime ? (
            <div>
              <dt className="text-navy-200">{t("exclusive.return")}</dt>
              <dd className="font-semibold">
                {t(`exclusive.days.${flight.returnDay}`)}, {t(`exclusive.times.${flight.returnTime}`)}
              </dd>
            </div>
          ) : null}
          <div>
            <dt className="text-navy-200">{t("exclusive.aircraft")}</dt>
            <dd className="font-semibold">
              {EXCLUSIVE_AIRCRAFT.name} | {t("flight.seats", { count: EXCLUSIVE_AIRCRAFT.seats })}
            </dd>
          </div>
          <div>
            <dt className="text-navy-200">{t("booking.total")}</dt>
            <dd className="text-xl font-extrabold text-gold-300">{formatSwissEuros(flight.price)}</dd>
          </div>
        </dl>
      </header>

      <Form method="post" {...getFormProps(form)} className="mt-8 space-y-8">
        <input {...getInputProps(fields.idempotencyKey, { type: "hidden" })} key={fields.idempotencyKey.key} />
        <FormAlert id={form.errorId} messages={form.errors} />
        <ExclusiveDateChoice
          field={fields.departureDate}
          dates={dates}
          hint={t(`booking.date.hint.${flight.type === "round-trip" ? "roundTrip" : flight.departureDay}`)}
        />
        <CustomerFieldsets fields={fields} countries={countries} />
        <fieldset>
          <legend className="mb-2 text-lg font-bold">{t("booking.sections.message")}</legend>
          <FormField
            namespace="catalogue"
            id={fields.message.id}
            label={t("booking.fields.message")}
            errorId={fields.message.errorId}
            errors={fields.message.errors}
          >
            <textarea {...getTextareaProps(fields.message)} key={fields.message.key} rows={4} className={inputClass} />
          </FormField>
        </fieldset>
        <div className="flex flex-wrap items-center justify-between gap-4">
          <Link to="/home#exclusive" className={buttonClassName("quiet", "mdTall")}>
            {t("booking.back")}
          </Link>
          <SubmitButton
            variant="accent"
            pending={pending}
            label={t("booking.submit")}
            pendingLabel={t("booking.submitting")}
          />
        </div>
      </Form>
    </div>
  );
}

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => pageMeta(matches, data);

export function ErrorBoundary() {
  const { t } = useTranslation("catalogue");
  return (
    <NotFoundPanel
      title={t("booking.notFound.title")}
      text={t("booking.notFound.text")}
      linkTo="/home"
      linkLabel={t("booking.notFound.home")}
    />
  );
}
