import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { useEffect, useRef } from "react";
import { requirePermission } from "#app/accounts/session.server";
import { FormAlert, inputClass, SubmitButton } from "#app/components/ui/form-field";
import { buttonClassName } from "#app/components/ui/button";
import { getRequestI18n } from "#app/i18n.server";
import {
  CANCEL_NOTE_MAX,
  FlightCancelSchema,
  STAFF_CANCEL_REASONS,
  type FlightCancelPreview,
} from "#app/flights/flight-cancel";
import { cancelFlight } from "#app/flights/flight-life.server";
import { findFlightForCancelPage, previewFlightCancellation } from "#app/flights/flight-ways.server";
import { parseRequest } from "#app/utils/forms/parse";
import { formatDay, formatOrderAmount, formatTime } from "#app/utils/format";
import { pageMeta } from "#app/utils/meta";
import { redirectWithToast, replyToForm } from "#app/utils/reply.server";
import { boundedParam, invariantResponse } from "#app/utils/responses.server";
import { loadingTranslations } from "#app/utils/route-translations";
import { useTranslation } from "#app/utils/translations";
import { useIsPending } from "#app/utils/use-is-pending";
import { useCityName } from "#app/utils/use-language";

export const handle = { i18n: ["admin"] };
export const clientLoader = loadingTranslations(handle.i18n);

/** 'Annuler ce vol' (decision 032): the reason, then a confirmation computed on the server. */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  await requirePermission(request, context, "flights:manage");
  const { t } = await getRequestI18n(request, context, "admin");
  const flightId = boundedParam(params.flightId);
  const flight = flightId ? await findFlightForCancelPage(context, flightId) : null;
  invariantResponse(flight, () => t("flightCancel.notFound"), 404);
  return { flight, title: `${t("flightCancel.open")} – JetMalin` };
}

/** The refusals, with their status and `admin` key. */
const REFUSALS = {
  notFound: { status: 404, message: "flightCancel.notFound" },
  alreadyCancelled: { status: 409, message: "flightCancel.already" },
  notUpdated: { status: 409, message: "flightCancel.already" },
  failed: { status: 500, message: "flightCancel.failed" },
} as const;

/** `preview`: the confirmation step (what will move); `confirm`: the move, then the flights tab with a toast. */
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

const dangerButton = `${buttonClassName("danger", "lg", { ring: true, whenDisabled: "busy" })} inline-flex items-center gap-2`;

export default function CancelFlightPage() {
  const { flight } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const { t, language } = useTranslation("admin");
  const city = useCityName();
  const previewing = useIsPending({ intent: "preview" });
  const confirming = useIsPending({ intent: "confirm" });
  const route = `${city(flight.fromCity)} → ${city(flight.toCity)}`;
  const departure = new Date(flight.departureMs);
  // Only the `preview` step's answer carries it (the action's other replies are the form's errors).
  const preview = (actionData as { preview?: FlightCancelPreview } | undefined)?.preview ?? null;
  const sent = (actionData?.result?.initialValue ?? {}) as { reason?: string; note?: string };
  const fieldErrors = actionData?.result?.error ?? {};
  const formErrors = (actionData?.result?.error?.[""] ?? []) as string[];
  const confirmHeading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (preview) confirmHeading.current?.focus();
  }, [preview]);
  const money = (cents: number) => formatOrderAmount(cents, language);
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
        <Form method="post" className="space-y-4 rounded-2xl bg-white p-6 ring-1 ring-navy-100">
          <h3 ref={confirmHeading} tabIndex={-1} className="text-xl font-bold">
            {t("flightCancel.confirmHeading")}
          </h3>
          <p>{t(`flightCancel.reasons.${sent.reason ?? "other"}`)}</p>
          {sent.note ? <p className="whitespace-pre-line text-navy-700">{sent.note}</p> : null}
          <ul data-testid="cancel-summary" className="list-disc space-y-1 pl-6">
            <li>{t("flightCancel.summary.orders", { count: preview.orders })}</li>
            <li>
              {t("flightCancel.summary.released", { count: preview.released, amount: money(preview.releasedCents) })}
            </li>
            <li>
              {t("flightCancel.summary.refunded", { count: preview.refunded, amount: money(preview.refundedCents) })}
            </li>
            {preview.manual > 0 ? (
              <li>{t("flightCancel.summary.manual", { count: preview.manual, amount: money(preview.manualCents) })}</li>
            ) : null}
          </ul>
          <input type="hidden" name="reason" value={sent.reason ?? ""} />
          <input type="hidden" name="note" value={sent.note ?? ""} />
          <div className="flex flex-wrap items-center gap-4">
            <SubmitButton
              name="intent"
              value="confirm"
              className={dangerButton}
              pending={confirming}
              label={t("flightCancel.confirm")}
              pendingLabel={t("flightCancel.confirming")}
            />
            <Link to="." className="text-sm font-semibold text-navy-800 underline">
              {t("flightCancel.back")}
            </Link>
          </div>
        </Form>
      ) : (
        <Form method="post" noValidate className="space-y-4 rounded-2xl bg-white p-6 ring-1 ring-navy-100">
          <p>{t("flightCancel.intro")}</p>
          <FormAlert id="cancel-form-error" messages={formErrors} />
          <fieldset aria-describedby={fieldErrors.reason ? "cancel-reason-error" : undefined}>
            <legend className="text-sm font-semibold">{t("flightCancel.reasonLegend")}</legend>
            <div className="mt-2 space-y-2">
              {STAFF_CANCEL_REASONS.map((reason) => (
                <label key={reason} className="flex items-center gap-2">
                  <input
                    type="radio"
                    name="reason"
                    value={reason}
                    required
                    defaultChecked={sent.reason === reason}
                    className="h-4 w-4 accent-navy-900"
                  />
                  {t(`flightCancel.reasons.${reason}`)}
                </label>
              ))}
            </div>
            <p id="cancel-reason-error" className="mt-1 min-h-5 text-sm text-red-700">
              {fieldErrors.reason?.[0] ? t(fieldErrors.reason[0]) : null}
            </p>
          </fieldset>
          <div>
            <label htmlFor="cancel-note" className="block text-sm font-semibold">
              {t("flightCancel.note")}
            </label>
            <textarea
              id="cancel-note"
              name="note"
              rows={3}
              maxLength={CANCEL_NOTE_MAX}
              defaultValue={sent.note ?? ""}
              aria-invalid={fieldErrors.note ? true : undefined}
              aria-describedby="cancel-note-error"
              className={`mt-1 ${inputClass}`}
            />
            <p id="cancel-note-error" className="mt-1 min-h-5 text-sm text-red-700">
              {fieldErrors.note?.[0] ? t(fieldErrors.note[0]) : null}
            </p>
          </div>
          <SubmitButton
            name="intent"
            value="preview"
            className={dangerButton}
            pending={previewing}
            label={t("flightCancel.preview")}
            pendingLabel={t("flightCancel.previewing")}
          />
        </Form>
      )}
    </section>
  );
}

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => pageMeta(matches, data);
