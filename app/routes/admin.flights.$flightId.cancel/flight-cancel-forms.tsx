/** The two steps of 'Annuler ce vol' (decision 032): the reason with its note, then the confirmation the server computed. */
import { Form, Link } from "@remix-run/react";
import { useEffect, useRef } from "react";

import { buttonClassName } from "#app/components/ui/button";
import { FormAlert, inputClass, SubmitButton } from "#app/components/ui/form-field";
import {
  type AffectedOrder,
  CANCEL_NOTE_MAX,
  type FlightCancelPreview,
  STAFF_CANCEL_REASONS,
} from "#app/flights/flight-cancel";
import { formatOrderAmount } from "#app/utils/format";
import { useTranslation } from "#app/utils/translations";
import { useIsPending } from "#app/utils/use-is-pending";

const dangerButton = `${buttonClassName("danger", "lg", { ring: true, whenDisabled: "busy" })} inline-flex items-center gap-2`;

type Sent = { reason?: string; note?: string };

export function CancelConfirmForm({ preview, sent }: { preview: FlightCancelPreview; sent: Sent }) {
  const { t, language } = useTranslation("admin");
  const confirming = useIsPending({ intent: "confirm" });
  const confirmHeading = useRef<HTMLHeadingElement>(null);
  // Each new confirmation takes the focus, so that a screen reader reads what will move.
  useEffect(() => {
    confirmHeading.current?.focus();
  }, [preview]);
  const money = (cents: number) => formatOrderAmount(cents, language);
  return (
    <Form method="post" className="space-y-4 rounded-2xl bg-white p-6 ring-1 ring-navy-100">
      <h3 ref={confirmHeading} tabIndex={-1} className="text-xl font-bold">
        {t("flightCancel.confirmHeading")}
      </h3>
      <p>{t(`flightCancel.reasons.${sent.reason ?? "other"}`)}</p>
      {sent.note ? <p className="whitespace-pre-line text-navy-700">{sent.note}</p> : null}
      <ul data-testid="cancel-summary" className="list-disc space-y-1 pl-6">
        <li>{t("flightCancel.summary.orders", { count: preview.orders })}</li>
        <li>{t("flightCancel.summary.released", { count: preview.released, amount: money(preview.releasedCents) })}</li>
        <li>{t("flightCancel.summary.refunded", { count: preview.refunded, amount: money(preview.refundedCents) })}</li>
        {preview.manual > 0 ? (
          <li>{t("flightCancel.summary.manual", { count: preview.manual, amount: money(preview.manualCents) })}</li>
        ) : null}
      </ul>
      {preview.affected.length > 0 ? <AffectedOrders orders={preview.affected} /> : null}
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
  );
}

/** Who is affected and what happens to their money, for staff to judge before they confirm (docs/permissions.md). */
function AffectedOrders({ orders }: { orders: AffectedOrder[] }) {
  const { t, language } = useTranslation("admin");
  return (
    <section aria-labelledby="affected-heading">
      <h4 id="affected-heading" className="font-semibold">
        {t("flightCancel.affected.heading")}
      </h4>
      <ul data-testid="affected-orders" className="mt-2 space-y-2">
        {orders.map((order) => (
          <li key={order.reference} className="rounded-lg border border-navy-100 p-3">
            <p className="font-semibold">
              <span className="font-mono">{order.reference}</span> ·{" "}
              {order.customer || t("flightCancel.affected.noName")}
            </p>
            <p className="text-sm text-navy-800">
              {order.wholeAircraft
                ? t("flightCancel.affected.wholeAircraft")
                : t("flightCancel.affected.seats", { count: order.seats })}{" "}
              · {t(`orders.status.${order.status}`)} · {formatOrderAmount(order.amountCents, language)}
            </p>
            <p className="text-sm font-semibold text-navy-900">
              <span aria-hidden="true">→ </span>
              {t(`flightCancel.affected.money.${order.money}`)}
            </p>
          </li>
        ))}
      </ul>
    </section>
  );
}

export function CancelReasonForm({
  sent,
  fieldErrors,
  formErrors,
}: {
  sent: Sent;
  fieldErrors: { reason?: string[] | null; note?: string[] | null };
  formErrors: string[];
}) {
  const { t } = useTranslation("admin");
  const previewing = useIsPending({ intent: "preview" });
  return (
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
  );
}
