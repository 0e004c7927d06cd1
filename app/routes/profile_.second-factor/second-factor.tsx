import { getFormProps, getInputProps, type SubmissionResult, useForm } from "@conform-to/react";
import { Form, Link } from "@remix-run/react";

import { SecondFactorPageSchema } from "#app/accounts/second-factor-forms";
import { buttonClassName } from "#app/components/ui/button";
import { FormErrors, PasswordField, SubmitButton, TextField } from "#app/components/ui/form-field";
import { formatDay } from "#app/utils/format";
import { parseForm } from "#app/utils/forms/parse";
import { useTranslation } from "#app/utils/translations";
import { useIsPending } from "#app/utils/use-is-pending";

type Result = SubmissionResult<string[]> | undefined;

function useSecondFactorForm(intent: "enrol" | "regenerate" | "disable", lastResult: Result) {
  const [form, fields] = useForm({
    id: `second-factor-${intent}`,
    lastResult,
    onValidate: ({ formData }) => parseForm(formData, { schema: SecondFactorPageSchema }),
    shouldValidate: "onSubmit",
  });
  return { form, fields, pending: useIsPending({ intent }) };
}

/** The secret in groups of four, easier to type into an app by hand. */
function grouped(secret: string) {
  return secret.match(/.{1,4}/g)?.join(" ") ?? secret;
}

export function EnrolForm({
  secret,
  qrSvg,
  redirectTo,
  lastResult,
}: {
  secret: string;
  qrSvg: string;
  redirectTo: string | null;
  lastResult: Result;
}) {
  const { t } = useTranslation("auth");
  const { form, fields, pending } = useSecondFactorForm("enrol", lastResult);
  return (
    <>
      <p className="mt-2 text-navy-700">{t("secondFactor.intro")}</p>
      <ol className="mt-6 list-decimal space-y-6 pl-5">
        <li>
          <p>{t("secondFactor.scan")}</p>
          <div className="mt-3 flex flex-wrap items-center gap-6">
            <div
              role="img"
              aria-label={t("secondFactor.qrLabel")}
              className="h-48 w-48 shrink-0 [&>svg]:h-full [&>svg]:w-full"
              dangerouslySetInnerHTML={{ __html: qrSvg }}
            />
            <div className="min-w-0">
              <p className="text-sm text-navy-700">{t("secondFactor.manualEntry")}</p>
              <p className="mt-1 break-all font-mono text-lg font-semibold tracking-wider" data-testid="totp-secret">
                {grouped(secret)}
              </p>
            </div>
          </div>
        </li>
        <li>
          <Form method="post" {...getFormProps(form)} noValidate className="space-y-4">
            <input type="hidden" name="intent" value="enrol" />
            {redirectTo ? <input type="hidden" name="redirectTo" value={redirectTo} /> : null}
            <FormErrors id={form.errorId} errors={form.errors} />
            <TextField
              label={t("secondFactor.firstCodeLabel")}
              inputProps={{
                ...getInputProps(fields.code, { type: "text" }),
                autoComplete: "one-time-code",
                inputMode: "numeric",
                spellCheck: false,
              }}
              errors={fields.code.errors}
            />
            <SubmitButton
              pending={pending}
              label={t("secondFactor.enrol")}
              pendingLabel={t("secondFactor.enrolling")}
            />
          </Form>
        </li>
      </ol>
    </>
  );
}

export function RecoveryCodes({ codes, next }: { codes: string[]; next: string }) {
  const { t } = useTranslation("auth");
  return (
    <div className="mt-4">
      <h2 className="text-lg font-semibold">{t("secondFactor.recoveryTitle")}</h2>
      <p className="mt-2 text-navy-700">{t("secondFactor.recoveryIntro", { count: codes.length })}</p>
      <ul
        aria-label={t("secondFactor.recoveryTitle")}
        className="mt-4 grid grid-cols-2 gap-2 rounded-lg bg-navy-50 p-4 font-mono text-lg"
        data-testid="recovery-codes"
      >
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </ul>
      <Link to={next} className={`${buttonClassName("primary", "lg", { ring: true })} mt-6 inline-flex`}>
        {t("secondFactor.continue")}
      </Link>
    </div>
  );
}

function PasswordAndCodeForm({
  intent,
  lastResult,
  label,
  pendingLabel,
}: {
  intent: "regenerate" | "disable";
  lastResult: Result;
  label: string;
  pendingLabel: string;
}) {
  const { t } = useTranslation("auth");
  const { form, fields, pending } = useSecondFactorForm(intent, lastResult);
  return (
    <Form method="post" {...getFormProps(form)} noValidate className="mt-4 space-y-4">
      <input type="hidden" name="intent" value={intent} />
      <FormErrors id={form.errorId} errors={form.errors} />
      <PasswordField
        label={t("fields.password")}
        inputProps={{ ...getInputProps(fields.password, { type: "password" }), autoComplete: "current-password" }}
        errors={fields.password.errors}
      />
      <TextField
        label={t("secondFactor.codeLabel")}
        inputProps={{
          ...getInputProps(fields.code, { type: "text" }),
          autoComplete: "one-time-code",
          spellCheck: false,
        }}
        errors={fields.code.errors}
      />
      <SubmitButton pending={pending} label={label} pendingLabel={pendingLabel} variant="primary" />
    </Form>
  );
}

export function ManageSecondFactor({
  confirmedAt,
  recoveryCodesLeft,
  resultOf,
}: {
  confirmedAt: Date | string;
  recoveryCodesLeft: number;
  resultOf: (intent: string) => Result;
}) {
  const { t, language } = useTranslation("auth");
  return (
    <>
      <p className="mt-2 text-navy-700" data-testid="second-factor-state">
        {t("secondFactor.enabledSince", { date: formatDay(new Date(confirmedAt), language) })}{" "}
        {t("secondFactor.recoveryCodesLeft", { count: recoveryCodesLeft })}
      </p>
      <h2 className="mt-8 text-lg font-semibold">{t("secondFactor.regenerateTitle")}</h2>
      <p className="mt-1 text-sm text-navy-700">{t("secondFactor.regenerateIntro")}</p>
      <PasswordAndCodeForm
        intent="regenerate"
        lastResult={resultOf("regenerate")}
        label={t("secondFactor.regenerate")}
        pendingLabel={t("secondFactor.regenerating")}
      />
      <h2 className="mt-8 text-lg font-semibold">{t("secondFactor.disableTitle")}</h2>
      <p className="mt-1 text-sm text-navy-700">{t("secondFactor.disableIntro")}</p>
      <PasswordAndCodeForm
        intent="disable"
        lastResult={resultOf("disable")}
        label={t("secondFactor.disable")}
        pendingLabel={t("secondFactor.disabling")}
      />
    </>
  );
}
