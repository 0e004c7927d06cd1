import { getFormProps, getInputProps, type SubmissionResult, useForm } from "@conform-to/react";
import { Form, Link } from "@remix-run/react";

import { LoginPageSchema } from "#app/accounts/account-forms";
import { PasskeySignIn } from "#app/components/passkeys/passkey-buttons";
import { EmailField } from "#app/components/ui/account-fields";
import { FormErrors, PasswordField, SubmitButton } from "#app/components/ui/form-field";
import { parseForm } from "#app/utils/forms/parse";
import { useTranslation } from "#app/utils/translations";
import { useIsPending } from "#app/utils/use-is-pending";

type Answer = { result?: SubmissionResult<string[]>; sent?: boolean } | undefined;

function usePageForm(intent: "login" | "reset", answer: Answer) {
  const [form, fields] = useForm({
    id: intent === "login" ? "login" : "reset-request",
    lastResult: answer?.result,
    onValidate: ({ formData }) => parseForm(formData, { schema: LoginPageSchema }),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
  });
  return { form, fields, sent: answer?.sent === true, pending: useIsPending({ intent }) };
}

export function LoginForm({
  title,
  keep,
  redirectTo,
  answer,
}: {
  title: string;
  keep: string;
  redirectTo: string | null;
  answer: Answer;
}) {
  const { t } = useTranslation("auth");
  const { form, fields, pending } = usePageForm("login", answer);
  return (
    <>
      <h1 className="mt-4 text-2xl font-bold">{title}</h1>
      <Form method="post" {...getFormProps(form)} noValidate className="mt-6 space-y-4">
        <input type="hidden" name="intent" value="login" />
        {redirectTo ? <input type="hidden" name="redirectTo" value={redirectTo} /> : null}
        <FormErrors id={form.errorId} errors={form.errors} />
        <EmailField field={fields.email} autoComplete="username webauthn" />
        <PasswordField
          label={t("fields.password")}
          inputProps={{ ...getInputProps(fields.password, { type: "password" }), autoComplete: "current-password" }}
          errors={fields.password.errors}
        />
        <div className="text-right">
          <Link to={`/login?mode=reset${keep}`} className="text-sm font-semibold text-navy-700 hover:underline">
            {t("login.forgotPassword")}
          </Link>
        </div>
        <SubmitButton pending={pending} label={t("login.submit")} pendingLabel={t("login.submitting")} />
      </Form>
      <PasskeySignIn redirectTo={redirectTo} />
      <p className="mt-6 text-center text-sm">
        <Link to="/register" className="font-semibold text-navy-700 hover:underline">
          {t("login.createAccount")}
        </Link>
      </p>
    </>
  );
}

export function ResetRequestForm({ answer }: { answer: Answer }) {
  const { t } = useTranslation("auth");
  const { form, fields, sent, pending } = usePageForm("reset", answer);
  return (
    <>
      <h1 className="mt-4 text-2xl font-bold">{t("resetRequest.title")}</h1>
      <p className="mt-2 text-sm text-navy-700">{t("resetRequest.intro")}</p>
      <Form method="post" {...getFormProps(form)} noValidate className="mt-6 space-y-4">
        <input type="hidden" name="intent" value="reset" />
        {sent ? (
          <p role="status" className="rounded-lg border border-emerald-300 bg-emerald-50 p-3 text-sm text-emerald-900">
            {t("resetRequest.sent")}
          </p>
        ) : null}
        <FormErrors id={form.errorId} errors={form.errors} />
        <EmailField field={fields.email} />
        <SubmitButton pending={pending} label={t("resetRequest.submit")} pendingLabel={t("resetRequest.submitting")} />
      </Form>
    </>
  );
}
