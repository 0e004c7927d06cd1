import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Link, useActionData, useLoaderData } from "@remix-run/react";

import { requirePermission } from "#app/accounts/session.server";
import { createFlightAndAlert } from "#app/alerts/flight-alerts.server";
import { listAirportCities } from "#app/db/airport-cities.server";
import { newFlightSchema } from "#app/flights/admin-flight-forms";
import type { CreateFlightOutcome } from "#app/flights/admin-flights.server";
import { uniqueSorted } from "#app/flights/flight-filter";
import { getRequestI18n } from "#app/i18n.server";
import { zurichDay } from "#app/utils/format";
import { parseRequest } from "#app/utils/forms/parse";
import { pageMeta } from "#app/utils/meta";
import { replyToForm } from "#app/utils/reply.server";
import { loadingTranslations } from "#app/utils/route-translations";
import { redirectWithToast } from "#app/utils/toast.server";
import { useTranslation } from "#app/utils/translations";

import { NewFlightForm } from "./new-flight-form";

export const handle = { i18n: ["admin"] };
export const clientLoader = loadingTranslations(handle.i18n);

export async function loader({ request, context }: LoaderFunctionArgs) {
  await requirePermission(request, context, "flights:manage");
  const { t } = await getRequestI18n(request, context, "admin");
  const cities = uniqueSorted((await listAirportCities(context.db)).map((airport) => airport.servedCity));
  return { title: t("newFlight.title"), today: zurichDay(context.now()), cities };
}

const REFUSAL_STATUS: Record<Extract<CreateFlightOutcome, { ok: false }>["reason"], number> = {
  past: 400,
  flightTimeNeeded: 400,
  taken: 409,
  failed: 500,
};

export async function action({ request, context }: ActionFunctionArgs) {
  const user = await requirePermission(request, context, "flights:manage");
  const now = context.now();
  const submission = await parseRequest(request, { schema: newFlightSchema(zurichDay(now)) });
  if (submission.status !== "success") return replyToForm(context, submission);
  const outcome = await createFlightAndAlert(context, { input: submission.value, staffId: user.id });
  if (!outcome.ok) {
    const error = `newFlight.errors.${outcome.reason}`;
    // The duration is the one field staff can fix: its message goes under it.
    const where =
      outcome.reason === "flightTimeNeeded" ? { fieldErrors: { flightTime: [error] } } : { formError: error };
    return replyToForm(context, submission, { status: REFUSAL_STATUS[outcome.reason], ...where });
  }
  const { t } = await getRequestI18n(request, context, "admin");
  return redirectWithToast(context, "/admin", { type: "success", description: t("newFlight.success") });
}

export default function NewFlightPage() {
  const { today, cities } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const { t } = useTranslation("admin");
  return (
    <div className="mx-auto max-w-3xl px-4 py-10">
      <Link to="/admin" className="text-sm font-semibold text-navy-700 hover:underline">
        <span aria-hidden="true">←</span> {t("layout.backToAdmin")}
      </Link>
      <h1 className="mt-4 text-3xl font-bold">{t("newFlight.title")}</h1>
      <p className="mt-2 text-navy-700">{t("newFlight.intro")}</p>
      <NewFlightForm today={today} cities={cities} lastResult={actionData?.result} />
    </div>
  );
}

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => pageMeta(matches, data);
