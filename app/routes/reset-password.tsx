import { getFormProps, getInputProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { useTranslation } from "#app/utils/translations";
import { FormErrors, PasswordField, SubmitButton } from "#app/components/ui/form-field";
import { findUsableToken } from "#app/models/one-time-tokens.server";
import { resetPassword } from "#app/services/auth.server";
import { NewPasswordSchema } from "#app/utils/forms/account";
import { endSession } from "#app/utils/session.server";
import { redirectWithToast } from "#app/utils/toast.server";
import { getRequestI18n } from "#app/i18n.server";
import { pageMeta } from "#app/utils/meta";
import { loadingTranslations } from "#app/utils/route-translations";

export const handle = { i18n: ["auth"] };
export const clientLoader = loadingTranslations(handle.i18n);

/** The reset mail's link: /reset-password?type=recovery&code=... (valid 1 hour, once). */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const code = url.searchParams.get("code") ?? "";
  const valid =
    url.searchParams.get("type") === "recovery" &&
    code.length > 0 &&
    code.length <= 256 &&
    (await findUsableToken(context.db, { token: code, purpose: "password_reset", now: context.now() })) !== null;
  const { t } = await getRequestI18n(request, context, "auth");
  return { code: valid ? code : null, title: t("resetPassword.title") };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const submission = parseWithZod(await request.formData(), { schema: NewPasswordSchema });
  if (submission.status !== "success") {
    return data({ result: submission.reply({ hideFields: ["password"] }) }, { status: 400 });
  }
  if (!(await resetPassword(context, submission.value.code, submission.value.password))) {
    return data(
      { result: submission.reply({ formErrors: ["resetPassword.invalidLink"], hideFields: ["password"] }) },
      { status: 400 },
    );
  }
  // Every session of the user is gone; this browser's cookie goes too.
  const { t } = await getRequestI18n(request, context, "auth");
  return redirectWithToast(context, "/reset-success", { type: "success", description: t("resetPassword.success") }, {
    headers: { "Set-Cookie": await endSession(request, context) },
  });
}

export default function ResetPasswordPage() {
  const { code } = useLoaderData<typeof loader>();
  const { t } = useTranslation("auth");
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
  const [form, fields] = useForm({
    id: "new-password",
    lastResult: actionData?.result,
    onValidate: ({ formData }) => parseWithZod(formData, { schema: NewPasswordSchema }),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
  });
  return (
    <div className="mx-auto max-w-md px-4 py-12">
      <section className="rounded-2xl bg-white p-8 shadow-lg">
        <h1 className="text-2xl font-bold">{t("resetPassword.title")}</h1>
        {code ? (
          <Form method="post" {...getFormProps(form)} noValidate className="mt-6 space-y-4">
            <input type="hidden" name="code" value={code} />
            <FormErrors id={form.errorId} errors={form.errors} />
            <PasswordField
              label={t("fields.newPassword")}
              inputProps={{ ...getInputProps(fields.password, { type: "password" }), autoComplete: "new-password" }}
              errors={fields.password.errors}
            />
            <SubmitButton
              pending={navigation.state === "submitting"}
              label={t("resetPassword.submit")}
              pendingLabel={t("resetPassword.submitting")}
            />
          </Form>
        ) : (
          <>
            <p role="alert" className="mt-4 rounded-lg bg-red-50 p-3 text-red-800">
              {t("resetPassword.invalidLink")}
            </p>
            <Link to="/" className="mt-6 inline-block rounded-full bg-navy-900 px-6 py-3 font-semibold text-white hover:bg-navy-700">
              {t("resetPassword.home")}
            </Link>
          </>
        )}
      </section>
    </div>
  );
}

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => (data ? pageMeta(matches, data) : []);
