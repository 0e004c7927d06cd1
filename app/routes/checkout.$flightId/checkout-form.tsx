import { getFormProps, getInputProps, type SubmissionResult, useForm } from "@conform-to/react";
import { getZodConstraint } from "@conform-to/zod/v4";
import { Form, Link } from "@remix-run/react";
import { useState } from "react";

import { CustomerFieldsets } from "#app/components/customer-fieldsets";
import { buttonClassName } from "#app/components/ui/button";
import { FormAlert, SubmitButton } from "#app/components/ui/form-field";
import { checkoutFormSchema, checkoutSchema, seatsOrdered } from "#app/orders/checkout-forms";
import { DEFAULT_COUNTRY } from "#app/requests/request-forms";
import { parseForm } from "#app/utils/forms/parse";
import { useTranslation } from "#app/utils/translations";
import { useIsPending } from "#app/utils/use-is-pending";

import { PassengerFields } from "./passenger-fields";
import { PriceTotal, SeatChoice, type SeatChoiceValue } from "./seat-choice";
import { TermsConsent } from "./terms-consent";

/** How long an unpaid order holds its seats unless the page says otherwise (docs/payments.md). */
const DEFAULT_HOLD_MINUTES = 30;

type Props = {
  /** The action's reply: field errors and the form error are `catalogue` keys. */
  lastResult: SubmissionResult<string[]> | undefined;
  availableSeats: number;
  pricePerPerson: number;
  aircraftPrice: number;
  countries: { code: string; name: string }[];
  prefill: Partial<Record<"firstName" | "lastName" | "email" | "phone", string>>;
  idempotencyKey: string;
  holdMinutes?: number;
  wholeAircraftOffered?: boolean;
};

/** The booking form of /checkout/{flightId} (schema: `checkoutSchema` in orders/checkout-forms.ts). */
export function CheckoutForm({
  lastResult,
  availableSeats,
  pricePerPerson,
  aircraftPrice,
  countries,
  prefill,
  idempotencyKey,
  holdMinutes = DEFAULT_HOLD_MINUTES,
  wholeAircraftOffered = true,
}: Props) {
  const { t } = useTranslation("catalogue");
  const pending = useIsPending();
  const [form, fields] = useForm({
    lastResult,
    // The constraints of the fields themselves: conform cannot read the schema's final cut of the names.
    constraint: getZodConstraint(checkoutFormSchema),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    defaultValue: { country: DEFAULT_COUNTRY, idempotencyKey, choice: "seats", seats: "1", ...prefill },
    onValidate: ({ formData }) => parseForm(formData, { schema: checkoutSchema }),
  });
  // The price shown follows the choice; the server computes it again (docs/payments.md 'Prices').
  const [choice, setChoice] = useState<SeatChoiceValue>(
    fields.choice.initialValue === "aircraft" ? "aircraft" : "seats",
  );
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
        wholeAircraftOffered={wholeAircraftOffered}
        choice={choice}
        seats={seats}
        onChoice={setChoice}
        onSeats={setSeats}
      />

      <PassengerFields
        field={fields.passengers}
        maxFields={availableSeats}
        count={seatsOrdered({ choice, seats, seenAvailableSeats: availableSeats })}
      />

      <CustomerFieldsets fields={fields} countries={countries} />

      <PriceTotal total={choice === "aircraft" ? aircraftPrice : seats * pricePerPerson} seatsId={fields.seats.id} />

      <div className="grid gap-4 sm:grid-cols-2">
        <TermsConsent field={fields.terms} />
        <CancellationPolicy holdMinutes={holdMinutes} />
      </div>

      <div className="flex flex-wrap items-center justify-between gap-4">
        <Link to="/empty-legs" className={buttonClassName("quiet", "mdTall")}>
          {t("checkout.back")}
        </Link>
        <SubmitButton
          variant="accent"
          pending={pending}
          label={t("checkout.submit")}
          pendingLabel={t("checkout.submitting")}
        />
      </div>
    </Form>
  );
}

function CancellationPolicy({ holdMinutes }: { holdMinutes: number }) {
  const { t } = useTranslation("catalogue");
  return (
    <section aria-labelledby="cancellation-policy" className="rounded-2xl bg-navy-50 p-4 text-sm text-navy-800">
      <h2 id="cancellation-policy" className="font-semibold">
        {t("checkout.policy.title")}
      </h2>
      <ul className="mt-2 list-disc space-y-1 pl-5">
        <li>{t("checkout.policy.authorised")}</li>
        <li>{t("checkout.policy.captured")}</li>
        <li>{t("checkout.policy.released", { minutes: holdMinutes })}</li>
        <li>{t("checkout.policy.afterConfirmation")}</li>
      </ul>
    </section>
  );
}
