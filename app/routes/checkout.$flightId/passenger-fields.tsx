import type { FieldMetadata } from "@conform-to/react";

import { FormField, inputClass } from "#app/components/ui/form-field";
import { MAX_PASSENGER_NAME } from "#app/orders/checkout-forms";
import { useTranslation } from "#app/utils/translations";
import { useHydrated } from "#app/utils/use-hydrated";

/**
 * Without JavaScript nothing follows the seat choice: one field per seat left, the schema asking as
 * many names as seats. Once hydrated only `count` show; the others are hidden and disabled (not
 * sent) and keep what was typed. Both first renders show every field: no hydration mismatch.
 */
export function PassengerFields({
  field,
  maxFields,
  count,
}: {
  field: FieldMetadata<Array<string | undefined> | undefined>;
  maxFields: number;
  count: number;
}) {
  const { t } = useTranslation("catalogue");
  const hydrated = useHydrated();
  const shown = hydrated ? Math.min(count, maxFields) : maxFields;
  const initial = field.initialValue ?? [];
  const errors = field.allErrors;
  return (
    <fieldset className="space-y-3">
      <legend className="mb-2 text-lg font-bold">{t("checkout.passengers.legend")}</legend>
      <p className="text-sm text-navy-700">{t("checkout.passengers.hint")}</p>
      {hydrated ? null : <p className="text-sm text-navy-700">{t("checkout.passengers.withoutScript")}</p>}
      <div className="grid gap-x-4 sm:grid-cols-2">
        {Array.from({ length: maxFields }, (_, index) => {
          const name = `${field.name}[${index}]`;
          const id = `${field.id}-${index}`;
          const errorId = `${id}-error`;
          const off = index >= shown;
          const fieldErrors = off ? undefined : errors[name];
          return (
            <div key={name} hidden={off}>
              <FormField
                namespace="catalogue"
                id={id}
                label={t("checkout.passengers.label", { number: index + 1 })}
                errorId={errorId}
                errors={fieldErrors}
              >
                <input
                  id={id}
                  name={name}
                  type="text"
                  defaultValue={initial[index] ?? ""}
                  disabled={off}
                  // Every choice orders at least one seat; the others depend on the choice.
                  required={index === 0}
                  maxLength={MAX_PASSENGER_NAME}
                  autoComplete="off"
                  aria-invalid={fieldErrors?.length ? true : undefined}
                  aria-describedby={fieldErrors?.length ? errorId : undefined}
                  className={inputClass}
                />
              </FormField>
            </div>
          );
        })}
      </div>
    </fieldset>
  );
}
