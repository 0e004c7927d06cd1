import {
  type FieldMetadata,
  getFormProps,
  getInputProps,
  getSelectProps,
  getTextareaProps,
  type SubmissionResult,
  useForm,
} from "@conform-to/react";
import { getZodConstraint } from "@conform-to/zod/v4";
import { Form } from "@remix-run/react";

import { FormAlert, FormField, inputClass, SubmitButton } from "#app/components/ui/form-field";
import { DEFAULT_OFFER_HOURS, MAX_INCLUDED_LENGTH, staffOfferSchema } from "#app/orders/offer-forms";
import { parseForm } from "#app/utils/forms/parse";
import { useTranslation } from "#app/utils/translations";
import { useIsPending } from "#app/utils/use-is-pending";

/** Staff's offer (schema: `staffOfferSchema`); with an open offer, sending it makes a new version and voids that one. */
export function OfferForm({
  aircraft,
  replaces,
  lastResult,
}: {
  aircraft: Array<{ id: string; name: string; seats: number }>;
  replaces: number | null;
  lastResult: SubmissionResult<string[]> | undefined;
}) {
  const { t } = useTranslation("offers");
  const pending = useIsPending({ intent: "offer" });
  const [form, fields] = useForm({
    id: "offer",
    lastResult,
    constraint: getZodConstraint(staffOfferSchema),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    defaultValue: { expiryHours: String(DEFAULT_OFFER_HOURS), windowHours: "0" },
    onValidate: ({ formData }) => parseForm(formData, { schema: staffOfferSchema }),
  });
  const input = (
    name:
      | "from"
      | "to"
      | "day"
      | "time"
      | "windowHours"
      | "flightMinutes"
      | "seats"
      | "priceEuros"
      | "expiryHours"
      | "operatorName"
      | "operatorAoc"
      | "operatorState",
    type: "text" | "date" | "time" | "number",
  ) => {
    // One helper for text and number fields: conform types each field by its schema type.
    const field = fields[name] as FieldMetadata<string | number | undefined>;
    return (
      <FormField
        namespace="offers"
        id={field.id}
        label={t(`staff.form.${name}`)}
        errorId={field.errorId}
        errors={field.errors}
      >
        <input {...getInputProps(field, { type })} key={field.key} className={inputClass} />
      </FormField>
    );
  };
  return (
    <Form
      method="post"
      {...getFormProps(form)}
      className="mt-8 space-y-4 rounded-2xl bg-white p-6 shadow-sm ring-1 ring-navy-100"
    >
      <h3 className="text-xl font-bold">
        {replaces ? t("staff.form.newVersion", { version: replaces }) : t("staff.form.heading")}
      </h3>
      <input type="hidden" name="intent" value="offer" />
      <FormAlert id={form.errorId} messages={form.errors?.map((error) => t(error))} />
      <div className="grid gap-4 sm:grid-cols-2">
        {input("from", "text")}
        {input("to", "text")}
        {input("day", "date")}
        {input("time", "time")}
        {input("windowHours", "number")}
        {input("flightMinutes", "number")}
        <FormField
          namespace="offers"
          id={fields.aircraftId.id}
          label={t("staff.form.aircraftId")}
          errorId={fields.aircraftId.errorId}
          errors={fields.aircraftId.errors}
        >
          <select {...getSelectProps(fields.aircraftId)} key={fields.aircraftId.key} className={inputClass}>
            <option value="">{t("staff.form.choose")}</option>
            {aircraft.map((plane) => (
              <option key={plane.id} value={plane.id}>
                {t("aircraftSeats", { aircraft: plane.name, count: plane.seats })}
              </option>
            ))}
          </select>
        </FormField>
        {input("seats", "number")}
        {input("priceEuros", "number")}
        {input("expiryHours", "number")}
        {input("operatorName", "text")}
        {input("operatorAoc", "text")}
        {input("operatorState", "text")}
        <FormField
          namespace="offers"
          id={fields.included.id}
          label={t("staff.form.included")}
          errorId={fields.included.errorId}
          errors={fields.included.errors}
          className="sm:col-span-2"
        >
          <textarea
            {...getTextareaProps(fields.included)}
            key={fields.included.key}
            rows={3}
            maxLength={MAX_INCLUDED_LENGTH}
            className={inputClass}
          />
        </FormField>
      </div>
      <SubmitButton
        variant="accent"
        pending={pending}
        label={t("staff.form.submit")}
        pendingLabel={t("staff.form.submitting")}
      />
    </Form>
  );
}
