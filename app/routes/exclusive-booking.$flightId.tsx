import { getFormProps, getInputProps, getTextareaProps, useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { useEffect } from "react";
import { useTranslation } from "#app/utils/translations";
import { NotFoundPanel } from "#app/components/not-found-panel";
import { FormAlert, FormField, inputClass, SubmitButton } from "#app/components/ui/form-field";
import { EXCLUSIVE_AIRCRAFT, findExclusiveFlight } from "#app/content/exclusive-flights";
import { submitExclusiveRequest } from "#app/services/exclusive-request.server";
import { allowRequest } from "#app/services/request-limits.server";
import { DEFAULT_COUNTRY, exclusiveRequestSchema } from "#app/utils/forms/requests";
import { countryChoices } from "#app/utils/countries";
import { CustomerFieldsets } from "#app/components/customer-fieldsets";
import { formatSwissEuros } from "#app/utils/format";
import { createToastHeaders } from "#app/utils/toast.server";
import { getRequestI18n } from "#app/i18n.server";
import { pageMeta } from "#app/utils/meta";
import { useCityName } from "#app/utils/use-language";

export const SENT_PAGE = "/demande-reservation-envoyee";

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const flight = findExclusiveFlight(params.flightId);
  if (!flight) throw data(null, { status: 404 });
  const { language, t } = await getRequestI18n(request, context, "catalogue");
  return {
    flight,
    countries: countryChoices(language),
    // A double submit or a reload sends this key again: one request is stored.
    idempotencyKey: crypto.randomUUID(),
    title: `${t("booking.title")} – JetMalin`,
    description: t("booking.metaDescription"),
  };
}

export async function action({ request, params, context }: ActionFunctionArgs) {
  const flight = findExclusiveFlight(params.flightId);
  if (!flight) throw data(null, { status: 404 });
  const formData = await request.formData();
  const submission = parseWithZod(formData, { schema: exclusiveRequestSchema });
  if (submission.status !== "success") {
    return data({ result: submission.reply() }, { status: 400 });
  }
  const { language, t } = await getRequestI18n(request, context, "catalogue");
  if (!(await allowRequest(context, request, "exclusiveRequest"))) {
    const message = t("booking.errors.generic");
    return data(
      { result: submission.reply({ formErrors: [message] }) },
      { status: 429, headers: await createToastHeaders(context, { type: "error", description: message }) },
    );
  }
  try {
    const outcome = await submitExclusiveRequest(context, { flight, input: submission.value, language });
    if (outcome === "sent" || outcome === "duplicate") return redirect(SENT_PAGE);
    const message = outcome === "staff-mail-failed" ? t("booking.errors.staffMail") : t("booking.errors.customerMail");
    return data(
      { result: submission.reply({ formErrors: [message] }) },
      { status: 502, headers: await createToastHeaders(context, { type: "error", description: message }) },
    );
  } catch (error) {
    console.error("exclusive booking: the request could not be sent", error);
    const message = t("booking.errors.generic");
    return data(
      { result: submission.reply({ formErrors: [message] }) },
      { status: 500, headers: await createToastHeaders(context, { type: "error", description: message }) },
    );
  }
}

export default function ExclusiveBookingPage() {
  const { flight, countries, idempotencyKey } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const { t } = useTranslation("catalogue");
  const city = useCityName();
  const navigation = useNavigation();
  const pending = navigation.state !== "idle" && navigation.formMethod === "POST";
  const [form, fields] = useForm({
    lastResult: actionData?.result,
    constraint: getZodConstraint(exclusiveRequestSchema),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    defaultValue: { country: DEFAULT_COUNTRY, idempotencyKey },
    onValidate: ({ formData }) => parseWithZod(formData, { schema: exclusiveRequestSchema }),
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
        <p className="text-xs font-bold uppercase tracking-widest text-gold-300">{t(`exclusive.type.${flight.type}`)}</p>
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
        <CustomerFieldsets fields={fields} countries={countries} />
        <fieldset>
          <legend className="mb-2 text-lg font-bold">{t("booking.sections.message")}</legend>
          <FormField namespace="catalogue" id={fields.message.id} label={t("booking.fields.message")} errorId={fields.message.errorId} errors={fields.message.errors}>
            <textarea {...getTextareaProps(fields.message)} key={fields.message.key} rows={4} className={inputClass} />
          </FormField>
        </fieldset>
        <div className="flex flex-wrap items-center justify-between gap-4">
          <Link to="/home#exclusive" className="rounded-full border border-navy-900 px-5 py-3 font-semibold hover:bg-navy-100">
            {t("booking.back")}
          </Link>
          <SubmitButton variant="accent" pending={pending} label={t("booking.submit")} pendingLabel={t("booking.submitting")} />
        </div>
      </Form>
    </div>
  );
}

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => (data ? pageMeta(matches, data) : []);

export function ErrorBoundary() {
  const { t } = useTranslation("catalogue");
  return <NotFoundPanel title={t("booking.notFound.title")} text={t("booking.notFound.text")} linkTo="/home" linkLabel={t("booking.notFound.home")} />;
}
