import { getFormProps, getInputProps, useForm, type SubmissionResult } from "@conform-to/react";
import { getZodConstraint } from "@conform-to/zod/v4";
import { Form, Link } from "@remix-run/react";
import { useState } from "react";
import { CustomerFieldsets } from "#app/components/customer-fieldsets";
import { FormAlert, SubmitButton } from "#app/components/ui/form-field";
import { parseForm } from "#app/utils/forms/parse";
import { checkoutSchema, DEFAULT_COUNTRY } from "#app/utils/forms/requests";
import { useTranslation } from "#app/utils/translations";
import { useIsPending } from "#app/utils/use-is-pending";
import { PriceTotal, SeatChoice, type SeatChoiceValue } from "./seat-choice";

type Props = {
  /** The action's reply: field errors and the form error are `catalogue` keys. */
  lastResult: SubmissionResult<string[]> | undefined;
  availableSeats: number;
  pricePerPerson: number;
  aircraftPrice: number;
  countries: { code: string; name: string }[];
  /** What the profile of a signed-in buyer knows. */
  prefill: Partial<Record<"firstName" | "lastName" | "email" | "phone", string>>;
  idempotencyKey: string;
};

/** The booking form of /checkout/{flightId} (schema: `checkoutSchema` in utils/forms/requests.ts). */
export function CheckoutForm({ lastResult, availableSeats, pricePerPerson, aircraftPrice, countries, prefill, idempotencyKey }: Props) {
  const { t } = useTranslation("catalogue");
  const pending = useIsPending();
  const [form, fields] = useForm({
    lastResult,
    constraint: getZodConstraint(checkoutSchema),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    defaultValue: { country: DEFAULT_COUNTRY, idempotencyKey, choice: "seats", seats: "1", ...prefill },
    onValidate: ({ formData }) => parseForm(formData, { schema: checkoutSchema }),
  });
  // The price shown follows the choice; the server computes it again (DECISIONS.md D2).
  const [choice, setChoice] = useState<SeatChoiceValue>(fields.choice.initialValue === "aircraft" ? "aircraft" : "seats");
  const [seats, setSeats] = useState(Number(fields.seats.initialValue ?? 1) || 1);

  return (
    <Form method="post" {...getFormProps(form)} className="mt-8 space-y-8">
      <input {...getInputProps(fields.idempotencyKey, { type: "hidden" })} key={fields.idempotencyKey.key} />
      {/* The seats the page shows now (the loader runs again after a refusal), never the ones sent before. */}
      <input type="hidden" name={fields.seenAvailableSeats.name} value={availableSeats} />
      <FormAlert id={form.errorId} messages={form.errors?.map((error) => t(error))} />
      <SeatChoice
        choiceField={fields.choice}
        seatsField={fields.seats}
        availableSeats={availableSeats}
        pricePerPerson={pricePerPerson}
        aircraftPrice={aircraftPrice}
        choice={choice}
        seats={seats}
        onChoice={setChoice}
        onSeats={setSeats}
      />

      <CustomerFieldsets fields={fields} countries={countries} />

      <PriceTotal total={choice === "aircraft" ? aircraftPrice : seats * pricePerPerson} seatsId={fields.seats.id} />

      <div>
        <label className="flex items-start gap-3">
          <input {...getInputProps(fields.terms, { type: "checkbox" })} key={fields.terms.key} className="mt-1 h-5 w-5" />
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
  );
}
