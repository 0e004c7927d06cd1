import { getFormProps, getInputProps, useForm } from "@conform-to/react";
import { type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction, redirect } from "@remix-run/cloudflare";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";

import { completeSignIn, type SecondStepOutcome } from "#app/accounts/second-factor.server";
import { SecondStepSchema } from "#app/accounts/second-factor-forms";
import { getPendingSignIn, getUser, homePathFor } from "#app/accounts/session.server";
import { FormErrors, SubmitButton, TextField } from "#app/components/ui/form-field";
import { getRequestI18n } from "#app/i18n.server";
import { clientIp } from "#app/utils/client-key.server";
import { parseForm, parseRequest, redirectBack } from "#app/utils/forms/parse";
import { pageMeta } from "#app/utils/meta";
import { safeRedirectPath } from "#app/utils/redirects";
import { type OutcomeReason, replyToForm } from "#app/utils/reply.server";
import { loadingTranslations } from "#app/utils/route-translations";
import { redirectWithToast } from "#app/utils/toast.server";
import { useTranslation } from "#app/utils/translations";
import { useIsPending } from "#app/utils/use-is-pending";

export const handle = { i18n: ["auth"] };
export const clientLoader = loadingTranslations(handle.i18n);

const REFUSAL_STATUS: Record<Exclude<OutcomeReason<SecondStepOutcome>, "expired">, number> = {
  invalidCode: 401,
  replayedCode: 401,
  rateLimited: 429,
};

async function toLogin(request: Request, context: LoaderFunctionArgs["context"]) {
  const user = await getUser(request, context);
  if (user) return redirect(homePathFor(user.role));
  const { t } = await getRequestI18n(request, context, "auth");
  return redirectWithToast(context, "/login", { type: "error", description: t("secondFactor.expired") });
}

/** Decision 027: the password passed, the code is owed. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  if (!(await getPendingSignIn(request, context))) throw await toLogin(request, context);
  const { t } = await getRequestI18n(request, context, "auth");
  return {
    redirectTo: safeRedirectPath(new URL(request.url).searchParams.get("redirectTo")),
    title: t("secondFactor.stepTitle"),
    description: t("login.metaDescription"),
  };
}

/** The app's code or a recovery code; the session opens with a new token. */
export async function action({ request, context }: ActionFunctionArgs) {
  if (!(await getPendingSignIn(request, context))) throw await toLogin(request, context);
  const submission = await parseRequest(request, { schema: SecondStepSchema });
  if (submission.status !== "success") return replyToForm(context, submission, { hideFields: ["code"] });
  const outcome = await completeSignIn(request, context, { code: submission.value.code, ip: clientIp(request) });
  if (!outcome.ok) {
    if (outcome.reason === "expired") throw await toLogin(request, context);
    return replyToForm(context, submission, {
      status: REFUSAL_STATUS[outcome.reason],
      fieldErrors: { code: [`secondFactor.errors.${outcome.reason}`] },
      hideFields: ["code"],
    });
  }
  const { t } = await getRequestI18n(request, context, "auth");
  const description =
    outcome.recoveryCodesLeft === null
      ? t("login.success")
      : `${t("login.success")} ${t("secondFactor.recoveryCodesLeft", { count: outcome.recoveryCodesLeft })}`;
  return redirectWithToast(
    context,
    redirectBack(submission, homePathFor(outcome.user.role)),
    { type: "success", description },
    {
      headers: { "Set-Cookie": outcome.setCookie },
    },
  );
}

export default function SecondStepPage() {
  const { redirectTo, title } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const { t } = useTranslation("auth");
  const [form, fields] = useForm({
    id: "second-step",
    lastResult: actionData?.result,
    onValidate: ({ formData }) => parseForm(formData, { schema: SecondStepSchema }),
    shouldValidate: "onSubmit",
  });
  const pending = useIsPending();
  return (
    <div className="mx-auto max-w-md px-4 py-12">
      <div className="rounded-2xl bg-white p-8 shadow-lg">
        <Link to="/login" className="text-sm font-semibold text-navy-700 hover:underline">
          <span aria-hidden="true">←</span> {t("login.back")}
        </Link>
        <h1 className="mt-4 text-2xl font-bold">{title}</h1>
        <p className="mt-2 text-sm text-navy-700">{t("secondFactor.stepIntro")}</p>
        <Form method="post" {...getFormProps(form)} noValidate className="mt-6 space-y-4">
          {redirectTo ? <input type="hidden" name="redirectTo" value={redirectTo} /> : null}
          <FormErrors id={form.errorId} errors={form.errors} />
          <TextField
            label={t("secondFactor.codeLabel")}
            inputProps={{
              ...getInputProps(fields.code, { type: "text" }),
              autoComplete: "one-time-code",
              autoFocus: true,
              spellCheck: false,
              autoCapitalize: "characters",
            }}
            errors={fields.code.errors}
          />
          <p className="text-sm text-navy-700">{t("secondFactor.recoveryHint")}</p>
          <SubmitButton pending={pending} label={t("secondFactor.verify")} pendingLabel={t("secondFactor.verifying")} />
        </Form>
      </div>
    </div>
  );
}

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => pageMeta(matches, data);
