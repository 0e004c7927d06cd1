import { type FieldMetadata, getFormProps, getInputProps, type SubmissionResult, useForm } from "@conform-to/react";
import { getZodConstraint } from "@conform-to/zod/v4";
import { Form, Link, useActionData } from "@remix-run/react";

import { FormAlert, FormField, inputClass, SubmitButton } from "#app/components/ui/form-field";
import type { RerouteEnd } from "#app/flights/reroute-forms";
import { rerouteRequestSchema } from "#app/flights/reroute-forms";
import { parseForm } from "#app/utils/forms/parse";
import { useTranslation } from "#app/utils/translations";
import { useIsPending } from "#app/utils/use-is-pending";

type Estimate = {
  end: RerouteEnd;
  airport: { code: string };
  airportLabel: string;
  km: number;
  minutes: number;
  price: string;
  day: string;
  time: string;
};

/** The estimate shown before anything is sent, and the request's form carrying the choice it was made for. */
export function EstimateAndRequest({ estimate, idempotencyKey }: { estimate: Estimate; idempotencyKey: string }) {
  const { t } = useTranslation("offers");
  const { t: tc } = useTranslation("catalogue");
  const lastResult = useActionData<{ result: SubmissionResult<string[]> }>()?.result;
  const pending = useIsPending({ formMethod: "POST" });
  const [form, fields] = useForm({
    id: `reroute-${idempotencyKey}`,
    lastResult,
    constraint: getZodConstraint(rerouteRequestSchema),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    defaultValue: { idempotencyKey, passengers: "1" },
    onValidate: ({ formData }) => parseForm(formData, { schema: rerouteRequestSchema }),
  });
  const contact = (
    name: "passengers" | "firstName" | "lastName" | "email" | "phone",
    type: "number" | "text" | "email" | "tel",
  ) => {
    // One helper for text and number fields: conform types each field by its schema type.
    const field = fields[name] as FieldMetadata<string | number | undefined>;
    return (
      <FormField
        namespace="catalogue"
        id={field.id}
        label={tc(name === "passengers" ? "custom.fields.passengers" : `booking.fields.${name}`)}
        errorId={field.errorId}
        errors={field.errors}
      >
        <input {...getInputProps(field, { type })} key={field.key} className={inputClass} />
      </FormField>
    );
  };

  return (
    <section aria-labelledby="estimate-heading" className="mt-8 space-y-6">
      <div role="status" data-testid="reroute-estimate" className="rounded-2xl bg-navy-900 p-6 text-white">
        <h2 id="estimate-heading" className="text-xl font-bold">
          {t("reroute.estimateHeading")}
        </h2>
        <p className="mt-2">
          {t(`reroute.positioning.${estimate.end}`, {
            airport: estimate.airportLabel,
            km: estimate.km,
            minutes: estimate.minutes,
          })}
        </p>
        <p className="mt-2 text-2xl font-bold">{t("reroute.price", { price: estimate.price })}</p>
        <p className="mt-2 text-sm">
          {t("reroute.estimateNote")}{" "}
          <Link to="/faq#positioning" className="underline">
            {t("reroute.method")}
          </Link>
        </p>
      </div>
      <Form
        method="post"
        {...getFormProps(form)}
        className="space-y-4 rounded-2xl bg-white p-6 shadow-sm ring-1 ring-navy-100"
      >
        <h2 className="text-xl font-bold">{t("reroute.requestHeading")}</h2>
        <FormAlert
          id={form.errorId}
          messages={form.errors?.map((error) => (error.startsWith("reroute.") ? t(error) : tc(error)))}
        />
        <input {...getInputProps(fields.idempotencyKey, { type: "hidden" })} key={fields.idempotencyKey.key} />
        <input type="hidden" name="end" value={estimate.end} />
        <input type="hidden" name="airport" value={estimate.airport.code} />
        <input type="hidden" name="day" value={estimate.day} />
        <input type="hidden" name="time" value={estimate.time} />
        <div className="grid gap-4 sm:grid-cols-2">
          {contact("passengers", "number")}
          <div />
          {contact("firstName", "text")}
          {contact("lastName", "text")}
          {contact("email", "email")}
          {contact("phone", "tel")}
        </div>
        <SubmitButton
          variant="accent"
          pending={pending}
          label={t("reroute.send")}
          pendingLabel={t("reroute.sending")}
        />
      </Form>
    </section>
  );
}
