import { type FieldMetadata, getInputProps, getSelectProps } from "@conform-to/react";

import { useTranslation } from "#app/utils/translations";

import { FormField, inputClass } from "./ui/form-field";

type TextName = "firstName" | "lastName" | "email" | "phone" | "address" | "zipCode" | "city";
export type CustomerFieldMetadata = Record<TextName | "country", FieldMetadata<string>>;

/** Their schema: `customerFields` in requests/request-forms.ts. */
export function CustomerFieldsets({
  fields,
  countries,
}: {
  fields: CustomerFieldMetadata;
  countries: { code: string; name: string }[];
}) {
  const { t } = useTranslation("catalogue");
  const text = (name: TextName, type: "text" | "email" | "tel", autoComplete: string) => {
    const field = fields[name];
    return (
      <FormField
        namespace="catalogue"
        id={field.id}
        label={t(`booking.fields.${name}`)}
        errorId={field.errorId}
        errors={field.errors}
      >
        <input {...getInputProps(field, { type })} key={field.key} autoComplete={autoComplete} className={inputClass} />
      </FormField>
    );
  };
  return (
    <>
      <fieldset className="grid gap-4 sm:grid-cols-2">
        <legend className="mb-2 text-lg font-bold">{t("booking.sections.personal")}</legend>
        {text("firstName", "text", "given-name")}
        {text("lastName", "text", "family-name")}
      </fieldset>
      <fieldset className="grid gap-4 sm:grid-cols-2">
        <legend className="mb-2 text-lg font-bold">{t("booking.sections.contact")}</legend>
        {text("email", "email", "email")}
        {text("phone", "tel", "tel")}
      </fieldset>
      <fieldset className="grid gap-4 sm:grid-cols-2">
        <legend className="mb-2 text-lg font-bold">{t("booking.sections.billing")}</legend>
        <div className="sm:col-span-2">{text("address", "text", "street-address")}</div>
        {text("zipCode", "text", "postal-code")}
        {text("city", "text", "address-level2")}
        <FormField
          namespace="catalogue"
          id={fields.country.id}
          label={t("booking.fields.country")}
          errorId={fields.country.errorId}
          errors={fields.country.errors}
        >
          <select
            {...getSelectProps(fields.country)}
            key={fields.country.key}
            autoComplete="country"
            className={inputClass}
          >
            {countries.map((country) => (
              <option key={country.code} value={country.code}>
                {country.name}
              </option>
            ))}
          </select>
        </FormField>
      </fieldset>
    </>
  );
}
