import { getFormProps, getInputProps, getSelectProps, type SubmissionResult, useForm } from "@conform-to/react";
import { Form, Link } from "@remix-run/react";

import { profileLanguagesFor, ProfileSchema } from "#app/accounts/account-forms";
import { NameFields } from "#app/components/ui/account-fields";
import { buttonClassName } from "#app/components/ui/button";
import { FormErrors, inputClass, SubmitButton, TextField } from "#app/components/ui/form-field";
import { parseForm } from "#app/utils/forms/parse";
import { useTranslation } from "#app/utils/translations";
import { useIsPending } from "#app/utils/use-is-pending";

import type { ProfileDetails } from "./profile-view";

/** Where the editing mode posts: the page itself, still in editing mode if the form comes back. */
const EDIT_ACTION = "/profile?edit=1";

export function ProfileForm({
  profile,
  staff,
  lastResult,
}: {
  profile: ProfileDetails;
  staff: boolean;
  lastResult?: SubmissionResult<string[]>;
}) {
  const { t } = useTranslation("auth");
  const pending = useIsPending({ formAction: EDIT_ACTION });
  const [form, fields] = useForm({
    id: "profile",
    lastResult,
    defaultValue: {
      firstName: profile.firstName,
      lastName: profile.lastName,
      phone: profile.phone ?? "",
      language: profile.language,
    },
    onValidate: ({ formData }) => parseForm(formData, { schema: ProfileSchema(staff) }),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
  });
  const { key: languageKey, ...languageProps } = getSelectProps(fields.language);
  const languageErrorId = `${fields.language.id}-error`;
  return (
    <Form method="post" action={EDIT_ACTION} {...getFormProps(form)} noValidate className="mt-6 space-y-4">
      <input type="hidden" name="intent" value="updateProfile" />
      <FormErrors id={form.errorId} errors={form.errors} />
      <NameFields firstName={fields.firstName} lastName={fields.lastName} />
      <div>
        <TextField
          label={t("fields.email")}
          inputProps={{
            id: "profile-email",
            type: "email",
            value: profile.email,
            readOnly: true,
            "aria-describedby": "profile-email-note",
          }}
        />
        <p id="profile-email-note" className="mt-1 text-sm text-navy-600">
          {t("profile.emailReadOnly")}
        </p>
      </div>
      <TextField
        label={t("fields.phone")}
        inputProps={{ ...getInputProps(fields.phone, { type: "tel" }), autoComplete: "tel" }}
        errors={fields.phone.errors}
      />
      <div>
        <label htmlFor={fields.language.id} className="mb-1 block text-sm font-semibold">
          {t("fields.language")}
        </label>
        <select
          key={languageKey}
          {...languageProps}
          className={inputClass}
          aria-invalid={fields.language.errors?.length ? true : undefined}
          aria-describedby={fields.language.errors?.length ? languageErrorId : undefined}
        >
          {profileLanguagesFor(staff).map((language) => (
            <option key={language} value={language}>
              {t(`languages.${language}`)}
            </option>
          ))}
        </select>
        {fields.language.errors?.length ? (
          <ul id={languageErrorId} className="mt-1 text-sm text-red-700">
            {fields.language.errors.map((error) => (
              <li key={error}>{t(error)}</li>
            ))}
          </ul>
        ) : null}
      </div>
      <div className="flex flex-col gap-3 sm:flex-row">
        <div className="sm:w-48">
          <SubmitButton pending={pending} label={t("profile.save")} pendingLabel={t("profile.saving")} />
        </div>
        <Link to="/profile" className={`${buttonClassName("outline", "lg")} text-center`}>
          {t("profile.cancel")}
        </Link>
      </div>
    </Form>
  );
}
