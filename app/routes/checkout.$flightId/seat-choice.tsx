import { FormField, inputClass } from "#app/components/ui/form-field";
import { formatEuros } from "#app/utils/format";
import { useTranslation } from "#app/utils/translations";
import { useNumberLocale } from "#app/utils/use-language";

type Field = { id: string; name: string; errorId: string; errors?: string[] };
export type SeatChoiceValue = "seats" | "aircraft";

/** Prices: docs/payments.md. The whole aircraft is offered only while none of its seats is held. */
export function SeatChoice({
  choiceField,
  seatsField,
  availableSeats,
  pricePerPerson,
  aircraftPrice,
  wholeAircraftOffered = true,
  choice,
  seats,
  onChoice,
  onSeats,
}: {
  choiceField: Field;
  seatsField: Field;
  availableSeats: number;
  pricePerPerson: number;
  aircraftPrice: number;
  /** The loader's `wholeAircraftOffered`; the server refuses `choice=aircraft` when it is false. */
  wholeAircraftOffered?: boolean;
  choice: SeatChoiceValue;
  seats: number;
  onChoice: (choice: SeatChoiceValue) => void;
  onSeats: (seats: number) => void;
}) {
  const { t } = useTranslation("catalogue");
  const numberLocale = useNumberLocale();
  const radio = (value: SeatChoiceValue) => (
    <input
      type="radio"
      name={choiceField.name}
      value={value}
      defaultChecked={choice === value}
      onChange={() => onChoice(value)}
      className="h-5 w-5"
    />
  );
  const seatsInvalid = Boolean(seatsField.errors?.length);
  const seatsLabel = (
    <span>
      {t("checkout.choiceSeats")} – {t("checkout.pricePerPerson", { price: formatEuros(pricePerPerson, numberLocale) })}
    </span>
  );
  return (
    <fieldset className="space-y-3">
      <legend className="mb-2 text-lg font-bold">{t("checkout.choiceLegend")}</legend>
      {wholeAircraftOffered ? (
        <label className="flex items-center gap-3">
          {radio("seats")}
          {seatsLabel}
        </label>
      ) : (
        <p className="flex items-center gap-3">
          <input type="hidden" name={choiceField.name} value="seats" />
          {seatsLabel}
        </p>
      )}
      <FormField
        namespace="catalogue"
        id={seatsField.id}
        label={t("checkout.seatsLabel")}
        errorId={seatsField.errorId}
        errors={seatsField.errors}
        className="ml-8 max-w-40"
      >
        <select
          id={seatsField.id}
          name={seatsField.name}
          defaultValue={String(seats)}
          onChange={(event) => onSeats(Number(event.target.value))}
          aria-invalid={seatsInvalid ? true : undefined}
          aria-describedby={seatsInvalid ? seatsField.errorId : undefined}
          className={inputClass}
        >
          {Array.from({ length: availableSeats }, (_, i) => i + 1).map((count) => (
            <option key={count} value={count}>
              {count}
            </option>
          ))}
        </select>
      </FormField>
      {wholeAircraftOffered ? (
        <label className="flex items-center gap-3">
          {radio("aircraft")}
          <span>
            {t("checkout.wholeAircraftSeats", { count: availableSeats })} –{" "}
            {t("checkout.aircraftPrice", { price: formatEuros(aircraftPrice, numberLocale) })}
          </span>
        </label>
      ) : (
        <p className="text-sm text-navy-700" data-testid="whole-aircraft-unavailable">
          {t("checkout.wholeAircraftUnavailable")}
        </p>
      )}
      {choiceField.errors?.length ? (
        <p id={choiceField.errorId} className="text-sm text-red-700">
          {t(choiceField.errors[0]!)}
        </p>
      ) : null}
    </fieldset>
  );
}

export function PriceTotal({ total, seatsId }: { total: number; seatsId: string }) {
  const { t } = useTranslation("catalogue");
  const numberLocale = useNumberLocale();
  return (
    <div className="rounded-2xl bg-white p-5 ring-1 ring-navy-100">
      <p className="flex items-baseline justify-between gap-4">
        <span className="font-semibold">{t("checkout.totalLabel")}</span>
        <output htmlFor={seatsId} aria-live="polite" className="text-2xl font-extrabold" data-testid="checkout-total">
          {formatEuros(total, numberLocale)}
        </output>
      </p>
      <p className="mt-2 text-sm text-navy-700">{t("checkout.totalNote")}</p>
    </div>
  );
}
