import { getFormProps, getInputProps, useForm } from "@conform-to/react";
import { type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction, redirect } from "@remix-run/cloudflare";
import { Form, Link, useActionData } from "@remix-run/react";

import { RegisterSchema } from "#app/accounts/account-forms";
import { type RegisterOutcome, registerUser } from "#app/accounts/auth.server";
import { getUser, homePathFor } from "#app/accounts/session.server";
import { EmailField, NameFields } from "#app/components/ui/account-fields";
import { FormErrors, PasswordField, SubmitButton } from "#app/components/ui/form-field";
import { getRequestI18n } from "#app/i18n.server";
import { clientIp } from "#app/utils/client-key.server";
import { parseForm, parseRequest } from "#app/utils/forms/parse";
import { pageMeta } from "#app/utils/meta";
import { type OutcomeReason, replyToForm } from "#app/utils/reply.server";
import { loadingTranslations } from "#app/utils/route-translations";
import { useTranslation } from "#app/utils/translations";
import { useIsPending } from "#app/utils/use-is-pending";

export const handle = { i18n: ["auth"] };
export const clientLoader = loadingTranslations(handle.i18n);

const REGISTER_FAILURE_STATUS: Record<OutcomeReason<RegisterOutcome>, number> = {
  rateLimited: 429,
  emailTaken: 409,
  failed: 500,
};
const hideFields = ["password", "confirmPassword"];

export async function loader({ request, context }: LoaderFunctionArgs) {
  const user = await getUser(request, context);
  if (user) throw redirect(homePathFor(user.role));
  const { t } = await getRequestI18n(request, context, "auth");
  return { title: t("register.title"), description: t("register.metaDescription") };
}

/** No session until the email is confirmed (docs/permissions.md). */
export async function action({ request, context }: ActionFunctionArgs) {
  const submission = await parseRequest(request, { schema: RegisterSchema });
  if (submission.status !== "success") return replyToForm(context, submission, { hideFields, extra: { sentTo: null } });
  // The account keeps the UI language the visitor signed up in.
  const { language } = await getRequestI18n(request, context);
  const outcome = await registerUser(context, { ...submission.value, language, ip: clientIp(request) });
  if (outcome.ok)
    return replyToForm(context, submission, { status: 200, resetForm: true, extra: { sentTo: outcome.email } });
  const message = `register.${outcome.reason}`;
  // A taken address is the email field's error; the others are the form's.
  const errors = outcome.reason === "emailTaken" ? { fieldErrors: { email: [message] } } : { formError: message };
  return replyToForm(context, submission, {
    status: REGISTER_FAILURE_STATUS[outcome.reason],
    ...errors,
    hideFields,
    extra: { sentTo: null },
  });
}

export default function RegisterPage() {
  const { t } = useTranslation("auth");
  const actionData = useActionData<typeof action>();
  const pending = useIsPending();
  const [form, fields] = useForm({
    id: "register",
    lastResult: actionData?.result,
    onValidate: ({ formData }) => parseForm(formData, { schema: RegisterSchema }),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
  });

  if (actionData?.sentTo) {
    return (
      <div className="mx-auto max-w-md px-4 py-12">
        <section role="status" className="rounded-2xl bg-white p-8 text-center shadow-lg">
          <h1 className="text-2xl font-bold">{t("register.checkEmailTitle")}</h1>
          <p className="mt-4 text-navy-700">{t("register.checkEmailText", { email: actionData.sentTo })}</p>
          <Link to="/home" className="mt-6 inline-block font-semibold text-navy-700 hover:underline">
            {t("register.backHome")}
          </Link>
        </section>
      </div>
    );
  }

  return (
    <div className="mx-auto max-w-md px-4 py-12">
      <div className="rounded-2xl bg-white p-8 shadow-lg">
        <h1 className="text-2xl font-bold">{t("register.title")}</h1>
        <Form method="post" {...getFormProps(form)} noValidate className="mt-6 space-y-4">
          <FormErrors id={form.errorId} errors={form.errors} />
          <NameFields firstName={fields.firstName} lastName={fields.lastName} />
          <EmailField field={fields.email} />
          <PasswordField
            label={t("fields.password")}
            inputProps={{ ...getInputProps(fields.password, { type: "password" }), autoComplete: "new-password" }}
            errors={fields.password.errors}
          />
          <PasswordField
            label={t("fields.confirmPassword")}
            inputProps={{
              ...getInputProps(fields.confirmPassword, { type: "password" }),
              autoComplete: "new-password",
            }}
            errors={fields.confirmPassword.errors}
          />
          <SubmitButton pending={pending} label={t("register.submit")} pendingLabel={t("register.submitting")} />
        </Form>
        <p className="mt-6 text-center text-sm">
          {t("register.haveAccount")}{" "}
          <Link to="/login" className="font-semibold text-navy-700 hover:underline">
            {t("register.login")}
          </Link>
        </p>
      </div>
    </div>
  );
}

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => pageMeta(matches, data);
