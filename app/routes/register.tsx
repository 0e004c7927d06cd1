import { getFormProps, getInputProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Form, Link, useActionData, useNavigation } from "@remix-run/react";
import { useTranslation } from "#app/utils/translations";
import { NameFields, EmailField } from "#app/components/ui/account-fields";
import { FormErrors, PasswordField, SubmitButton } from "#app/components/ui/form-field";
import { registerUser } from "#app/services/auth.server";
import { allowRegistration, clientIp } from "#app/services/rate-limits.server";
import { RegisterSchema } from "#app/utils/forms/account";
import { getUser, homePathFor } from "#app/utils/session.server";
import { getRequestI18n } from "#app/i18n.server";
import { pageMeta } from "#app/utils/meta";
import { loadingTranslations } from "#app/utils/route-translations";

export const handle = { i18n: ["auth"] };
export const clientLoader = loadingTranslations(handle.i18n);

export async function loader({ request, context }: LoaderFunctionArgs) {
  const user = await getUser(request, context);
  if (user) throw redirect(homePathFor(user.role));
  const { t } = await getRequestI18n(request, context, "auth");
  return { title: t("register.title"), description: t("register.metaDescription") };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const formData = await request.formData();
  const submission = parseWithZod(formData, { schema: RegisterSchema });
  const hideFields = ["password", "confirmPassword"];
  if (submission.status !== "success") {
    return data({ result: submission.reply({ hideFields }), sentTo: null }, { status: 400 });
  }
  if (!(await allowRegistration(context, clientIp(request)))) {
    return data({ result: submission.reply({ formErrors: ["register.rateLimited"], hideFields }), sentTo: null }, { status: 429 });
  }
  const { confirmPassword: _confirm, ...input } = submission.value;
  // The account keeps the UI language the visitor signed up in (traveller.md 5).
  const { language } = await getRequestI18n(request, context);
  let outcome;
  try {
    outcome = await registerUser(context, { ...input, language });
  } catch (error) {
    console.error("sign-up failed", error);
    return data({ result: submission.reply({ formErrors: ["register.error"], hideFields }), sentTo: null }, { status: 500 });
  }
  if (outcome.status === "emailTaken") {
    return data(
      { result: submission.reply({ fieldErrors: { email: ["register.emailTaken"] }, hideFields }), sentTo: null },
      { status: 409 },
    );
  }
  // No session until the email is confirmed (DECISIONS.md D4).
  return data({ result: submission.reply({ resetForm: true }), sentTo: input.email.toLowerCase() });
}

export default function RegisterPage() {
  const { t } = useTranslation("auth");
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
  const [form, fields] = useForm({
    id: "register",
    lastResult: actionData?.result,
    onValidate: ({ formData }) => parseWithZod(formData, { schema: RegisterSchema }),
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
            inputProps={{ ...getInputProps(fields.confirmPassword, { type: "password" }), autoComplete: "new-password" }}
            errors={fields.confirmPassword.errors}
          />
          <SubmitButton pending={navigation.state === "submitting"} label={t("register.submit")} pendingLabel={t("register.submitting")} />
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

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => (data ? pageMeta(matches, data) : []);
