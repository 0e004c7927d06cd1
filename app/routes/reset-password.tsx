import { getFormProps, getInputProps, useForm } from "@conform-to/react";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";

import { NewPasswordSchema } from "#app/accounts/account-forms";
import { resetPassword } from "#app/accounts/auth.server";
import { findUsableToken } from "#app/accounts/one-time-tokens.queries.server";
import { buttonClassName } from "#app/components/ui/button";
import { FormErrors, PasswordField, SubmitButton } from "#app/components/ui/form-field";
import { getRequestI18n } from "#app/i18n.server";
import { parseForm, parseRequest } from "#app/utils/forms/parse";
import { pageMeta } from "#app/utils/meta";
import { replyToForm } from "#app/utils/reply.server";
import { boundedParam, MAX_TOKEN_LENGTH } from "#app/utils/responses.server";
import { loadingTranslations } from "#app/utils/route-translations";
import { redirectWithToast } from "#app/utils/toast.server";
import { useTranslation } from "#app/utils/translations";
import { useIsPending } from "#app/utils/use-is-pending";

export const handle = { i18n: ["auth"] };
export const clientLoader = loadingTranslations(handle.i18n);

const hideFields = ["password"];

export async function loader({ request, context }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const code = boundedParam(url.searchParams.get("code"), MAX_TOKEN_LENGTH);
  const valid =
    url.searchParams.get("type") === "recovery" &&
    code !== null &&
    (await findUsableToken(context.db, { token: code, purpose: "password_reset", now: context.now() })) !== null;
  const { t } = await getRequestI18n(request, context, "auth");
  return { code: valid ? code : null, title: t("resetPassword.title") };
}

/** Every session of the user ends, this browser's too. */
export async function action({ request, context }: ActionFunctionArgs) {
  const submission = await parseRequest(request, { schema: NewPasswordSchema });
  if (submission.status !== "success") return replyToForm(context, submission, { hideFields });
  const outcome = await resetPassword(request, context, submission.value);
  if (!outcome.ok)
    return replyToForm(context, submission, { formError: `resetPassword.${outcome.reason}`, hideFields });
  const { t } = await getRequestI18n(request, context, "auth");
  return redirectWithToast(
    context,
    "/reset-success",
    { type: "success", description: t("resetPassword.success") },
    {
      headers: { "Set-Cookie": outcome.setCookie },
    },
  );
}

export default function ResetPasswordPage() {
  const { code } = useLoaderData<typeof loader>();
  const { t } = useTranslation("auth");
  const actionData = useActionData<typeof action>();
  const pending = useIsPending();
  const [form, fields] = useForm({
    id: "new-password",
    lastResult: actionData?.result,
    onValidate: ({ formData }) => parseForm(formData, { schema: NewPasswordSchema }),
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
              pending={pending}
              label={t("resetPassword.submit")}
              pendingLabel={t("resetPassword.submitting")}
            />
          </Form>
        ) : (
          <>
            <p role="alert" className="mt-4 rounded-lg bg-red-50 p-3 text-red-800">
              {t("resetPassword.invalidLink")}
            </p>
            <Link to="/" className={`${buttonClassName("primary", "lg")} mt-6 inline-block`}>
              {t("resetPassword.home")}
            </Link>
          </>
        )}
      </section>
    </div>
  );
}

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => pageMeta(matches, data);
