import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Link, useActionData, useLoaderData } from "@remix-run/react";

import { requirePermission } from "#app/accounts/session.server";
import { type FlightCancelPreview, FlightCancelSchema } from "#app/flights/flight-cancel";
import { findFlightForCancelPage } from "#app/flights/flight-ways.server";
import { getRequestI18n } from "#app/i18n.server";
import { cancelFlight, previewFlightCancellation } from "#app/orders/flight-cancellation.server";
import { formatDay, formatTime } from "#app/utils/format";
import { parseRequest } from "#app/utils/forms/parse";
import { pageMeta } from "#app/utils/meta";
import { replyToForm } from "#app/utils/reply.server";
import { boundedParam, invariantResponse } from "#app/utils/responses.server";
import { loadingTranslations } from "#app/utils/route-translations";
import { redirectWithToast } from "#app/utils/toast.server";
import { useTranslation } from "#app/utils/translations";
import { useCityName } from "#app/utils/use-language";

import { CancelConfirmForm, CancelReasonForm } from "./flight-cancel-forms";

export const handle = { i18n: ["admin"] };
export const clientLoader = loadingTranslations(handle.i18n);

/** Decision 032: the reason, then a confirmation computed on the server. */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  await requirePermission(request, context, "flights:manage");
  const { t } = await getRequestI18n(request, context, "admin");
  const flightId = boundedParam(params.flightId);
  const flight = flightId ? await findFlightForCancelPage(context, flightId) : null;
  invariantResponse(flight, () => t("flightCancel.notFound"), 404);
  return { flight, title: `${t("flightCancel.open")} – JetMalin` };
}

const REFUSALS = {
  notFound: { status: 404, message: "flightCancel.notFound" },
  alreadyCancelled: { status: 409, message: "flightCancel.already" },
  notUpdated: { status: 409, message: "flightCancel.already" },
  failed: { status: 500, message: "flightCancel.failed" },
} as const;

export async function action({ request, params, context }: ActionFunctionArgs) {
  const user = await requirePermission(request, context, "flights:manage");
  const submission = await parseRequest(request, { schema: FlightCancelSchema });
  const { t } = await getRequestI18n(request, context, "admin");
  const flightId = boundedParam(params.flightId);
  invariantResponse(flightId, () => t("flightCancel.notFound"), 404);
  if (submission.status !== "success") return replyToForm(context, submission);
  const { intent, reason, note } = submission.value;
  if (intent === "preview") {
    const outcome = await previewFlightCancellation(context, flightId);
    if (outcome.ok) return replyToForm(context, submission, { status: 200, extra: { preview: outcome.preview } });
    const { status, message } = REFUSALS[outcome.reason];
    return replyToForm(context, submission, { status, formError: t(message) });
  }
  const outcome = await cancelFlight(context, { flightId, by: { kind: "staff", userId: user.id }, reason, note });
  if (outcome.ok)
    return redirectWithToast(context, "/admin", {
      type: "success",
      description: t("flightCancel.done", { count: outcome.summary.orders }),
    });
  const { status, message } = REFUSALS[outcome.reason];
  return replyToForm(context, submission, {
    status,
    formError: t(message),
    toast: { type: "error", description: t(message) },
  });
}

export default function CancelFlightPage() {
  const { flight } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const { t, language } = useTranslation("admin");
  const city = useCityName();
  const route = `${city(flight.fromCity)} → ${city(flight.toCity)}`;
  const departure = new Date(flight.departureMs);
  // Only the `preview` step's answer carries it (the action's other replies are the form's errors).
  const preview = (actionData as { preview?: FlightCancelPreview } | undefined)?.preview ?? null;
  const sent = (actionData?.result?.initialValue ?? {}) as { reason?: string; note?: string };
  const fieldErrors = actionData?.result?.error ?? {};
  const formErrors = (actionData?.result?.error?.[""] ?? []) as string[];
  return (
    <section aria-labelledby="cancel-heading" className="mx-auto max-w-2xl space-y-6">
      <Link to="/admin" className="text-sm font-semibold text-navy-800 underline">
        ← {t("flightCancel.cancelLink")}
      </Link>
      <h2 id="cancel-heading" className="text-2xl font-bold">
        {t("flightCancel.title", { route })}
      </h2>
      <p className="text-navy-700">
        {formatDay(departure, language)}, {formatTime(departure)} · {flight.aircraftType}
      </p>
      {flight.status === "cancelled" ? (
        <p role="status" className="rounded-2xl bg-white p-6 ring-1 ring-navy-100">
          {t("flightCancel.already")}
        </p>
      ) : preview ? (
        <CancelConfirmForm preview={preview} sent={sent} />
      ) : (
        <CancelReasonForm sent={sent} fieldErrors={fieldErrors} formErrors={formErrors} />
      )}
    </section>
  );
}

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => pageMeta(matches, data);
