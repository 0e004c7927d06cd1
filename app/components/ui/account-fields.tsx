import { type FieldMetadata, getInputProps } from "@conform-to/react";

import { useTranslation } from "#app/utils/translations";

import { TextField } from "./form-field";

export function NameFields({
  firstName,
  lastName,
}: {
  firstName: FieldMetadata<string>;
  lastName: FieldMetadata<string>;
}) {
  const { t } = useTranslation("auth");
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <TextField
        label={t("fields.firstName")}
        inputProps={{ ...getInputProps(firstName, { type: "text" }), autoComplete: "given-name" }}
        errors={firstName.errors}
      />
      <TextField
        label={t("fields.lastName")}
        inputProps={{ ...getInputProps(lastName, { type: "text" }), autoComplete: "family-name" }}
        errors={lastName.errors}
      />
    </div>
  );
}

export function EmailField({
  field,
  autoComplete = "email",
}: {
  field: FieldMetadata<string>;
  /** "username webauthn" on /login: the browser offers its passkeys in the field (decision 038). */
  autoComplete?: string;
}) {
  const { t } = useTranslation("auth");
  return (
    <TextField
      label={t("fields.email")}
      inputProps={{ ...getInputProps(field, { type: "email" }), autoComplete }}
      errors={field.errors}
    />
  );
}
