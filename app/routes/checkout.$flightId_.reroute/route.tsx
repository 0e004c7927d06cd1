import type { ActionFunctionArgs, AppLoadContext, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Form, Link, useLoaderData } from "@remix-run/react";

import { getUser } from "#app/accounts/session.server";
import { NotFoundPanel } from "#app/components/not-found-panel";
import { inputClass, SubmitButton } from "#app/components/ui/form-field";
import { listAirportsForMatching } from "#app/flights/new-flight.queries.server";
import { estimateReroute, findReroutableLeg, rerouteOptions, submitReroute } from "#app/flights/reroute.server";
import { REROUTE_ENDS, rerouteChoiceSchema, rerouteRequestSchema } from "#app/flights/reroute-forms";
import { getRequestI18n } from "#app/i18n.server";
import { REQUEST_REFUSAL_STATUS } from "#app/requests/submit-request.server";
import { clientIp } from "#app/utils/client-key.server";
import { formatDateTime, formatDayKey, formatEuros } from "#app/utils/format";
import { parseForm, parseRequest } from "#app/utils/forms/parse";
import { pageMeta } from "#app/utils/meta";
import { replyToForm } from "#app/utils/reply.server";
import { boundedParam, refusal } from "#app/utils/responses.server";
import { loadingTranslations } from "#app/utils/route-translations";
import { redirectWithToast } from "#app/utils/toast.server";
import { useTranslation } from "#app/utils/translations";
import { useIsPending } from "#app/utils/use-is-pending";

import { EstimateAndRequest } from "./estimate-and-request";

export const handle = { i18n: ["offers", "catalogue"] };
export const clientLoader = loadingTranslations(handle.i18n);

async function requireLeg(request: Request, params: LoaderFunctionArgs["params"], context: AppLoadContext) {
  const flightId = boundedParam(params.flightId);
  const leg = flightId ? await findReroutableLeg(context, flightId) : null;
  if (!leg) {
    const { t } = await getRequestI18n(request, context, "catalogue");
    throw refusal(t("booking.notFound.title"), 404);
  }
  return leg;
}

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const leg = await requireLeg(request, params, context);
  const { t, language } = await getRequestI18n(request, context, "offers");
  const options = await rerouteOptions(context, leg);
  const query = new URL(request.url).searchParams;
  const end = REROUTE_ENDS.find((value) => value === query.get("end")) ?? "departure";
  // The estimate of the choice in the URL (the GET form), shown before anything is sent.
  const choice = query.has("airport") ? parseForm(query, { schema: rerouteChoiceSchema }) : null;
  const checked =
    choice?.status === "success"
      ? estimateReroute(context, leg, options, choice.value, await listAirportsForMatching(context.db))
      : null;
  const estimate = checked?.ok
    ? {
        ...checked.estimate,
        day: choice?.status === "success" ? choice.value.day : "",
        time: choice?.status === "success" ? choice.value.time : "",
        airportLabel: `${checked.estimate.airport.city} (${checked.estimate.airport.code})`,
        departure: formatDateTime(checked.estimate.departureAt),
        price: formatEuros(checked.estimate.priceEuros, language),
      }
    : null;
  return {
    leg: {
      id: leg.id,
      route: `${leg.from.servedCity} → ${leg.to.servedCity}`,
      departure: formatDateTime(leg.departureDate),
      from: leg.from.servedCity,
      to: leg.to.servedCity,
    },
    end,
    airports: options[end],
    days: options.days.map((day) => ({ value: day, label: formatDayKey(day, language) })),
    chosen: { airport: query.get("airport") ?? "", day: query.get("day") ?? "", time: query.get("time") ?? "" },
    estimate,
    estimateError: checked && !checked.ok ? checked.error : choice?.status === "error" ? "reroute.errors.choice" : null,
    idempotencyKey: crypto.randomUUID(),
    title: `${t(`reroute.${end}`)} – ${leg.from.servedCity} → ${leg.to.servedCity} – JetMalin`,
    description: t("reroute.intro"),
  };
}

export async function action({ request, params, context }: ActionFunctionArgs) {
  const leg = await requireLeg(request, params, context);
  const submission = await parseRequest(request, { schema: rerouteRequestSchema });
  const { t, language } = await getRequestI18n(request, context, "offers");
  if (submission.status !== "success") return replyToForm(context, submission);
  const user = await getUser(request, context);
  const outcome = await submitReroute(context, {
    leg,
    input: submission.value,
    language,
    userId: user?.id ?? null,
    ip: clientIp(request),
  });
  if (outcome.ok)
    return redirectWithToast(context, `/checkout/${leg.id}`, { type: "success", description: t("reroute.sent") });
  const message = outcome.reason === "invalid" ? outcome.error : "reroute.errors.failed";
  return replyToForm(context, submission, {
    status: outcome.reason === "invalid" ? 400 : REQUEST_REFUSAL_STATUS[outcome.reason],
    formError: message,
    toast: { type: "error", description: t(message) },
  });
}

export default function ReroutePage() {
  const data = useLoaderData<typeof loader>();
  const { leg, end, airports, days, chosen, estimate } = data;
  const { t } = useTranslation("offers");
  const estimating = useIsPending({ formMethod: "GET" });
  return (
    <div className="mx-auto max-w-3xl px-4 py-10">
      <Link to={`/checkout/${leg.id}`} className="text-sm font-semibold text-navy-700 underline">
        ← {t("reroute.back", { route: leg.route })}
      </Link>
      <h1 className="mt-4 text-3xl font-bold">{t(`reroute.${end}`)}</h1>
      <p className="mt-2 text-navy-700">{t("reroute.leg", { route: leg.route, date: leg.departure })}</p>
      <p className="mt-2">{t("reroute.intro")}</p>
      <nav aria-label={t("reroute.ends")} className="mt-4 flex flex-wrap gap-2">
        {REROUTE_ENDS.map((value) => (
          <Link
            key={value}
            to={`?end=${value}`}
            aria-current={value === end ? "page" : undefined}
            className={`rounded-full px-4 py-2 text-sm font-semibold ${value === end ? "bg-navy-900 text-white" : "bg-white ring-1 ring-navy-200"}`}
          >
            {t(`reroute.${value}`)}
          </Link>
        ))}
      </nav>
      {airports.length === 0 ? (
        <p className="mt-6 rounded-xl bg-navy-50 p-4">
          {t("reroute.noAirport", { city: end === "departure" ? leg.from : leg.to })}
        </p>
      ) : (
        <Form
          method="get"
          className="mt-6 grid gap-4 rounded-2xl bg-white p-6 shadow-sm ring-1 ring-navy-100 sm:grid-cols-2"
        >
          <input type="hidden" name="end" value={end} />
          <label className="flex flex-col text-sm font-semibold sm:col-span-2">
            {t(`reroute.airport.${end}`, { city: end === "departure" ? leg.from : leg.to })}
            <select name="airport" required defaultValue={chosen.airport} className={inputClass}>
              <option value="">{t("staff.form.choose")}</option>
              {airports.map((airport) => (
                <option key={airport.code} value={airport.code}>
                  {t("reroute.airportOption", { city: airport.city, code: airport.code, km: airport.km })}
                </option>
              ))}
            </select>
          </label>
          <label className="flex flex-col text-sm font-semibold">
            {t("reroute.day")}
            <select name="day" required defaultValue={chosen.day} className={inputClass}>
              {days.map((day) => (
                <option key={day.value} value={day.value}>
                  {day.label}
                </option>
              ))}
            </select>
          </label>
          <label className="flex flex-col text-sm font-semibold">
            {t("reroute.time")}
            <input type="time" name="time" required defaultValue={chosen.time} className={inputClass} />
          </label>
          {data.estimateError ? (
            <p role="alert" className="text-red-700 sm:col-span-2">
              {t(data.estimateError)}
            </p>
          ) : null}
          <SubmitButton
            variant="primary"
            pending={estimating}
            label={t("reroute.estimate")}
            pendingLabel={t("reroute.estimating")}
          />
        </Form>
      )}
      {estimate ? <EstimateAndRequest estimate={estimate} idempotencyKey={data.idempotencyKey} /> : null}
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
      linkTo="/empty-legs"
      linkLabel={t("checkout.unavailable.browse")}
    />
  );
}
