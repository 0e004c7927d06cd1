import { getFormProps, getInputProps, type SubmissionResult, useForm } from "@conform-to/react";
import { Form } from "@remix-run/react";

import { DeleteAccountSchema } from "#app/accounts/account-forms";
import { buttonClassName } from "#app/components/ui/button";
import { FormErrors, PasswordField, SubmitButton } from "#app/components/ui/form-field";
import { parseForm } from "#app/utils/forms/parse";
import { useTranslation } from "#app/utils/translations";
import { useIsPending } from "#app/utils/use-is-pending";

const PROFILE_ACTION = "/profile";
const DATA_FILE = "/profile/data.json";

/**
 * docs/privacy.md 'Droits des personnes'. The deletion asks for the current password, after saying
 * plainly what goes and what stays.
 */
export function PrivacySection({ lastResult }: { lastResult?: SubmissionResult<string[]> }) {
  const { t } = useTranslation("auth");
  const deleting = useIsPending({ formAction: PROFILE_ACTION, intent: "deleteAccount" });
  const [form, fields] = useForm({
    id: "delete-account",
    lastResult,
    onValidate: ({ formData }) => parseForm(formData, { schema: DeleteAccountSchema }),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
  });
  return (
    <section aria-labelledby="privacy-heading" className="mt-8 rounded-2xl bg-white p-8 shadow-lg">
      <h2 id="privacy-heading" className="text-xl font-bold">
        {t("privacy.title")}
      </h2>
      <p className="mt-2 text-navy-700">{t("privacy.intro")}</p>
      <div className="mt-4">
        <a
          href={DATA_FILE}
          download
          aria-describedby="privacy-download-hint"
          className={`${buttonClassName("outline", "lg")} inline-block`}
        >
          {t("privacy.download")}
        </a>
        <p id="privacy-download-hint" className="mt-2 text-sm text-navy-600">
          {t("privacy.downloadHint")}
        </p>
      </div>
      <div className="mt-8 border-t border-navy-100 pt-6">
        <h3 id="delete-account-heading" className="text-lg font-bold text-red-800">
          {t("privacy.deleteTitle")}
        </h3>
        <div
          id="delete-account-warning"
          className="mt-3 space-y-2 rounded-lg border border-red-200 bg-red-50 p-4 text-sm text-red-900"
        >
          <p className="font-semibold">{t("privacy.deleteWarning")}</p>
          <p>{t("privacy.deleteWhatGoes")}</p>
          <p>{t("privacy.deleteWhatStays")}</p>
          <p>{t("privacy.deleteMail")}</p>
        </div>
        <Form
          method="post"
          action={PROFILE_ACTION}
          {...getFormProps(form)}
          noValidate
          aria-labelledby="delete-account-heading"
          aria-describedby="delete-account-warning"
          className="mt-4 space-y-4"
        >
          <input type="hidden" name="intent" value="deleteAccount" />
          <FormErrors id={form.errorId} errors={form.errors} />
          <PasswordField
            label={t("privacy.password")}
            inputProps={{ ...getInputProps(fields.password, { type: "password" }), autoComplete: "current-password" }}
            errors={fields.password.errors}
          />
          <SubmitButton
            pending={deleting}
            label={t("privacy.deleteButton")}
            pendingLabel={t("privacy.deleting")}
            className={`${buttonClassName("danger", "lg", { ring: true, whenDisabled: "busy" })} inline-flex items-center gap-2`}
          />
        </Form>
      </div>
    </section>
  );
}
