import { type FieldMetadata, getCollectionProps } from "@conform-to/react";

import { useTranslation } from "#app/utils/translations";

export type OfferedDate = {
  /** "YYYY-MM-DD", the value posted. */
  value: string;
  label: string;
  returnLabel: string | null;
};

/** None chosen at first, so that nobody sends the first weekend by mistake (decision 025). */
export function ExclusiveDateChoice({
  field,
  dates,
  hint,
}: {
  field: FieldMetadata<string>;
  dates: OfferedDate[];
  hint: string;
}) {
  const { t } = useTranslation("catalogue");
  const hintId = `${field.id}-hint`;
  const invalid = Boolean(field.errors?.length);
  const radios = getCollectionProps(field, { type: "radio", options: dates.map((date) => date.value) });
  return (
    <fieldset aria-describedby={invalid ? `${hintId} ${field.errorId}` : hintId} data-testid="exclusive-dates">
      <legend className="text-lg font-bold">{t("booking.date.legend")}</legend>
      <p id={hintId} className="text-sm text-navy-700">
        {hint}
      </p>
      {/* Above the choices: on a phone the last one is a screen away from the legend. */}
      <p id={field.errorId} className="text-sm font-semibold text-red-700">
        {invalid ? t(field.errors![0]!) : null}
      </p>
      <div className="mt-3 grid gap-2 sm:grid-cols-2">
        {radios.map(({ key, ...radio }, index) => {
          const date = dates[index]!;
          return (
            <label
              key={key}
              htmlFor={radio.id}
              className={`flex cursor-pointer items-start gap-3 rounded-lg border ${invalid ? "border-red-600" : "border-navy-200"} bg-white px-3 py-2 has-[:checked]:border-navy-900 has-[:checked]:bg-navy-50 has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-gold-400`}
            >
              <input
                {...radio}
                aria-describedby={invalid ? field.errorId : undefined}
                className="mt-1 h-5 w-5 shrink-0 accent-navy-900"
              />
              <span>
                <span className="block font-semibold first-letter:uppercase">{date.label}</span>
                {date.returnLabel ? (
                  <span className="block text-sm text-navy-700">
                    {t("booking.date.returnOn", { date: date.returnLabel })}
                  </span>
                ) : null}
              </span>
            </label>
          );
        })}
      </div>
    </fieldset>
  );
}
