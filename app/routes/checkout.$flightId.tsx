import { getFormProps, getInputProps, useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { useEffect, useState } from "react";
import { useTranslation } from "#app/utils/translations";
import { NotFoundPanel } from "#app/components/not-found-panel";
import { CustomerFieldsets } from "#app/components/customer-fieldsets";
import { FormAlert, FormField, inputClass, SubmitButton } from "#app/components/ui/form-field";
import { getRequestI18n } from "#app/i18n.server";
import { findFlightListing } from "#app/models/flights.server";
import { checkout, confirmationPath, unavailableReason } from "#app/services/checkout.server";
import { pricePerPerson, totalPrice } from "#app/services/pricing";
import { countryChoices } from "#app/utils/countries";
import { checkoutSchema, DEFAULT_COUNTRY } from "#app/utils/forms/requests";
import { formatDay, formatDuration, formatEuros, formatTime } from "#app/utils/format";
import { pageMeta } from "#app/utils/meta";
import { getUser } from "#app/utils/session.server";
import { createToastHeaders } from "#app/utils/toast.server";
import { useCityName } from "#app/utils/use-language";

async function loadFlight(params: { flightId?: string }, context: LoaderFunctionArgs["context"]) {
  const flight = params.flightId && params.flightId.length <= 64 ? await findFlightListing(context.db, params.flightId) : null;
  if (!flight) throw data(null, { status: 404 });
  return flight;
}

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const flight = await loadFlight(params, context);
  const { language, t } = await getRequestI18n(request, context, "catalogue");
  const user = await getUser(request, context);
  return {
    flight,
    unavailable: unavailableReason(flight, context.now()),
    pricePerPerson: pricePerPerson(flight),
    aircraftPrice: totalPrice(flight.flightTime, flight.pricePerMinute),
    countries: countryChoices(language),
    // Signed in: the order is theirs, and what the profile knows is filled in.
    prefill: user ? { firstName: user.firstName, lastName: user.lastName, email: user.email, phone: user.phone ?? "" } : {},
    // A double submit or a reload sends this key again: one order is created.
    idempotencyKey: crypto.randomUUID(),
    title: `${t("checkout.title")} – JetMalin`,
    description: t("checkout.metaDescription"),
  };
}

export async function action({ request, params, context }: ActionFunctionArgs) {
  const flight = await loadFlight(params, context);
  const formData = await request.formData();
  const submission = parseWithZod(formData, { schema: checkoutSchema });
  if (submission.status !== "success") return data({ result: submission.reply() }, { status: 400 });
  const { language, t } = await getRequestI18n(request, context, "catalogue");
  const refuse = async (message: string, status: number) =>
    data(
      { result: submission.reply({ formErrors: [message] }) },
      { status, headers: await createToastHeaders(context, { type: "error", description: message }) },
    );
  const reason = unavailableReason(flight, context.now());
  if (reason) return refuse(t(`checkout.unavailable.${reason}`), 409);

  const { choice, seats, seenAvailableSeats, idempotencyKey, terms: _terms, ...customer } = submission.value;
  const user = await getUser(request, context);
  try {
    const result = await checkout(context, {
      flight,
      request: choice === "aircraft" ? { kind: "aircraft" } : { kind: "seats", seats: seats! },
      seenAvailableSeats,
      customer,
      userId: user?.id ?? null,
      language,
      idempotencyKey,
    });
    if (result.status === "unavailable") return refuse(t("checkout.errors.changed"), 409);
    return redirect(confirmationPath(result.orderId, result.accessKey));
  } catch (error) {
    console.error("checkout: the order could not be placed", error);
    return refuse(t("checkout.errors.generic"), 500);
  }
}

export default function CheckoutPage() {
  const { flight, unavailable, pricePerPerson, aircraftPrice, countries, prefill, idempotencyKey } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const { t, language } = useTranslation("catalogue");
  const city = useCityName();
  const navigation = useNavigation();
  const pending = navigation.state !== "idle" && navigation.formMethod === "POST";
  const departure = new Date(flight.departureDate);
  const [form, fields] = useForm({
    lastResult: actionData?.result,
    constraint: getZodConstraint(checkoutSchema),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    defaultValue: { country: DEFAULT_COUNTRY, idempotencyKey, choice: "seats", seats: "1", seenAvailableSeats: String(flight.availableSeats), ...prefill },
    onValidate: ({ formData }) => parseWithZod(formData, { schema: checkoutSchema }),
  });
  // The price shown follows the choice; the server computes it again (DECISIONS.md D2).
  const [choice, setChoice] = useState(fields.choice.initialValue === "aircraft" ? "aircraft" : "seats");
  const [seats, setSeats] = useState(Number(fields.seats.initialValue ?? 1) || 1);
  const total = choice === "aircraft" ? aircraftPrice : seats * pricePerPerson;

  useEffect(() => {
    window.scrollTo(0, 0);
  }, []);

  return (
    <div className="mx-auto max-w-3xl px-4 py-10">
      <Link to="/empty-legs" className="text-sm font-semibold text-navy-700 underline">
        ← {t("checkout.back")}
      </Link>
      <header className="mt-4 rounded-3xl bg-navy-900 p-6 text-white">
        <p className="text-xs font-bold uppercase tracking-widest text-gold-300">{t("checkout.summary")}</p>
        <h1 className="mt-1 text-2xl font-bold sm:text-3xl">
          {t("flight.route", { from: city(flight.departureAirport.servedCity), to: city(flight.arrivalAirport.servedCity) })}
        </h1>
        <dl className="mt-4 grid gap-3 text-sm sm:grid-cols-2">
          <div>
            <dt className="text-navy-200">{t("checkout.date")}</dt>
            <dd className="font-semibold">
              {formatDay(departure, language)}, {formatTime(departure)}
            </dd>
          </div>
          <div>
            <dt className="text-navy-200">{t("checkout.aircraft")}</dt>
            <dd className="font-semibold">{flight.aircraftType}</dd>
          </div>
          <div>
            <dt className="text-navy-200">{t("checkout.duration")}</dt>
            <dd className="font-semibold">{formatDuration(flight.flightTime)}</dd>
          </div>
          <div>
            <dt className="text-navy-200">{t("checkout.available")}</dt>
            <dd className="font-semibold">{flight.availableSeats}</dd>
          </div>
        </dl>
      </header>

      {unavailable ? (
        <section role="status" className="mt-8 rounded-2xl bg-white p-6 text-center ring-1 ring-navy-100">
          <h2 className="text-xl font-bold">{t("checkout.unavailable.title")}</h2>
          <p className="mt-2 text-navy-700">{t(`checkout.unavailable.${unavailable}`)}</p>
          <Link to="/empty-legs" className="mt-4 inline-block rounded-full bg-gold-400 px-5 py-2 font-semibold text-navy-900">
            {t("checkout.unavailable.browse")}
          </Link>
        </section>
      ) : (
        <Form method="post" {...getFormProps(form)} className="mt-8 space-y-8">
          <input {...getInputProps(fields.idempotencyKey, { type: "hidden" })} key={fields.idempotencyKey.key} />
          <input {...getInputProps(fields.seenAvailableSeats, { type: "hidden" })} key={fields.seenAvailableSeats.key} />
          <FormAlert id={form.errorId} messages={form.errors} />
          <fieldset className="space-y-3">
            <legend className="mb-2 text-lg font-bold">{t("checkout.choiceLegend")}</legend>
            <label className="flex items-center gap-3">
              <input
                type="radio"
                name={fields.choice.name}
                value="seats"
                defaultChecked={choice === "seats"}
                onChange={() => setChoice("seats")}
                className="h-5 w-5"
              />
              <span>
                {t("checkout.choiceSeats")} – {t("checkout.pricePerPerson", { price: formatEuros(pricePerPerson, language) })}
              </span>
            </label>
            <FormField namespace="catalogue" id={fields.seats.id} label={t("checkout.seatsLabel")} errorId={fields.seats.errorId} errors={fields.seats.errors} className="ml-8 max-w-40">
              <select
                id={fields.seats.id}
                name={fields.seats.name}
                defaultValue={String(seats)}
                onChange={(event) => setSeats(Number(event.target.value))}
                aria-invalid={fields.seats.errors?.length ? true : undefined}
                aria-describedby={fields.seats.errors?.length ? fields.seats.errorId : undefined}
                className={inputClass}
              >
                {Array.from({ length: flight.availableSeats }, (_, i) => i + 1).map((count) => (
                  <option key={count} value={count}>
                    {count}
                  </option>
                ))}
              </select>
            </FormField>
            <label className="flex items-center gap-3">
              <input
                type="radio"
                name={fields.choice.name}
                value="aircraft"
                defaultChecked={choice === "aircraft"}
                onChange={() => setChoice("aircraft")}
                className="h-5 w-5"
              />
              <span>
                {t("checkout.wholeAircraftSeats", { count: flight.availableSeats })} –{" "}
                {t("checkout.aircraftPrice", { price: formatEuros(aircraftPrice, language) })}
              </span>
            </label>
            {fields.choice.errors?.length ? (
              <p id={fields.choice.errorId} className="text-sm text-red-700">
                {t(fields.choice.errors[0]!)}
              </p>
            ) : null}
          </fieldset>

          <CustomerFieldsets fields={fields} countries={countries} />

          <div className="rounded-2xl bg-white p-5 ring-1 ring-navy-100">
            <p className="flex items-baseline justify-between gap-4">
              <span className="font-semibold">{t("checkout.totalLabel")}</span>
              <output htmlFor={`${fields.seats.id}`} aria-live="polite" className="text-2xl font-extrabold" data-testid="checkout-total">
                {formatEuros(total, language)}
              </output>
            </p>
            <p className="mt-2 text-sm text-navy-700">{t("checkout.totalNote")}</p>
          </div>

          <div>
            <label className="flex items-start gap-3">
              <input
                {...getInputProps(fields.terms, { type: "checkbox" })}
                key={fields.terms.key}
                className="mt-1 h-5 w-5"
              />
              <span>
                {t("checkout.terms")} (
                <Link to="/terms" target="_blank" className="underline">
                  {t("checkout.termsLink")}
                </Link>
                )
              </span>
            </label>
            <p id={fields.terms.errorId} className="mt-1 min-h-5 text-sm text-red-700">
              {fields.terms.errors?.length ? t(fields.terms.errors[0]!) : null}
            </p>
          </div>

          <div className="flex flex-wrap items-center justify-between gap-4">
            <Link to="/empty-legs" className="rounded-full border border-navy-900 px-5 py-3 font-semibold hover:bg-navy-100">
              {t("checkout.back")}
            </Link>
            <SubmitButton variant="accent" pending={pending} label={t("checkout.submit")} pendingLabel={t("checkout.submitting")} />
          </div>
        </Form>
      )}
    </div>
  );
}

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => (data ? pageMeta(matches, data) : []);

export function ErrorBoundary() {
  const { t } = useTranslation("catalogue");
  return (
    <NotFoundPanel title={t("booking.notFound.title")} text={t("booking.notFound.text")} linkTo="/empty-legs" linkLabel={t("checkout.unavailable.browse")} />
  );
}
