import { getFormProps, getInputProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { useTranslation } from "#app/utils/translations";
import { EmailField } from "#app/components/ui/account-fields";
import { FormErrors, PasswordField, SubmitButton } from "#app/components/ui/form-field";
import { LoginError, createAuthenticator, requestPasswordReset } from "#app/services/auth.server";
import { checkResetRequest, clientIp } from "#app/services/rate-limits.server";
import { LoginSchema, ResetRequestSchema } from "#app/utils/forms/account";
import { normalizeEmail } from "#app/models/users.server";
import { getUser, homePathFor, safeRedirectPath, startSession } from "#app/utils/session.server";
import { redirectWithToast } from "#app/utils/toast.server";
import { getRequestI18n } from "#app/i18n.server";
import { pageMeta } from "#app/utils/meta";
import { loadingTranslations } from "#app/utils/route-translations";

export const handle = { i18n: ["auth"] };
export const clientLoader = loadingTranslations(handle.i18n);

const LOGIN_FAILURE_STATUS = { invalidCredentials: 401, emailNotConfirmed: 403, rateLimited: 429 } as const;

export async function loader({ request, context }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const redirectTo = safeRedirectPath(url.searchParams.get("redirectTo"));
  const user = await getUser(request, context);
  if (user) throw redirect(redirectTo ?? homePathFor(user.role));
  const { t } = await getRequestI18n(request, context, "auth");
  return {
    mode: url.searchParams.get("mode") === "reset" ? ("reset" as const) : ("login" as const),
    redirectTo,
    title: t("login.title", { brand: "JetMalin" }),
    description: t("login.metaDescription"),
  };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const formData = await request.clone().formData();
  if (formData.get("intent") === "reset") return requestReset(request, context, formData);

  const submission = parseWithZod(formData, { schema: LoginSchema });
  if (submission.status !== "success") {
    return data({ intent: "login" as const, result: submission.reply({ hideFields: ["password"] }), sent: false }, { status: 400 });
  }
  let user;
  try {
    user = await createAuthenticator(context).authenticate("form", request);
  } catch (error) {
    const known = error instanceof LoginError;
    if (!known) console.error("sign-in failed", error);
    return data(
      {
        intent: "login" as const,
        result: submission.reply({ formErrors: [known ? `login.${error.reason}` : "login.error"], hideFields: ["password"] }),
        sent: false,
      },
      { status: known ? LOGIN_FAILURE_STATUS[error.reason] : 500 },
    );
  }
  const setCookie = await startSession(request, context, user.id);
  const { t } = await getRequestI18n(request, context, "auth");
  const target = safeRedirectPath(submission.value.redirectTo) ?? homePathFor(user.role);
  return redirectWithToast(context, target, { type: "success", description: t("login.success") }, {
    headers: { "Set-Cookie": setCookie },
  });
}

async function requestReset(request: Request, context: ActionFunctionArgs["context"], formData: FormData) {
  const submission = parseWithZod(formData, { schema: ResetRequestSchema });
  if (submission.status !== "success") {
    return data({ intent: "reset" as const, result: submission.reply(), sent: false }, { status: 400 });
  }
  const email = normalizeEmail(submission.value.email);
  const { throttled, capped } = await checkResetRequest(context, email, clientIp(request));
  if (throttled || capped) {
    const reason = throttled ? "resetRequest.throttled" : "resetRequest.capped";
    return data({ intent: "reset" as const, result: submission.reply({ formErrors: [reason] }), sent: false }, { status: 429 });
  }
  try {
    await requestPasswordReset(context, email, (await getRequestI18n(request, context)).language);
  } catch (error) {
    console.error("reset request failed", error);
    return data({ intent: "reset" as const, result: submission.reply({ formErrors: ["resetRequest.error"] }), sent: false }, { status: 500 });
  }
  // The same answer whether or not the address has an account.
  return data({ intent: "reset" as const, result: submission.reply({ resetForm: true }), sent: true });
}

export default function LoginPage() {
  const { mode, redirectTo, title } = useLoaderData<typeof loader>();
  const { t } = useTranslation("auth");
  const keep = redirectTo ? `&${new URLSearchParams({ redirectTo })}` : "";
  return (
    <div className="mx-auto max-w-md px-4 py-12">
      <div className="rounded-2xl bg-white p-8 shadow-lg">
        <Link
          to={mode === "reset" ? `/login${keep ? `?${keep.slice(1)}` : ""}` : "/"}
          className="text-sm font-semibold text-navy-700 hover:underline"
        >
          <span aria-hidden="true">←</span> {t("login.back")}
        </Link>
        {mode === "reset" ? <ResetRequestForm /> : <LoginForm title={title} keep={keep} redirectTo={redirectTo} />}
      </div>
    </div>
  );
}

function LoginForm({ title, keep, redirectTo }: { title: string; keep: string; redirectTo: string | null }) {
  const { t } = useTranslation("auth");
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
  const [form, fields] = useForm({
    id: "login",
    lastResult: actionData?.intent === "login" ? actionData.result : undefined,
    onValidate: ({ formData }) => parseWithZod(formData, { schema: LoginSchema }),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
  });
  const pending = navigation.state === "submitting" && navigation.formData?.get("intent") === "login";
  return (
    <>
      <h1 className="mt-4 text-2xl font-bold">{title}</h1>
      <Form method="post" {...getFormProps(form)} noValidate className="mt-6 space-y-4">
        <input type="hidden" name="intent" value="login" />
        {redirectTo ? <input type="hidden" name="redirectTo" value={redirectTo} /> : null}
        <FormErrors id={form.errorId} errors={form.errors} />
        <EmailField field={fields.email} />
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
      <p className="mt-6 text-center text-sm">
        <Link to="/register" className="font-semibold text-navy-700 hover:underline">
          {t("login.createAccount")}
        </Link>
      </p>
    </>
  );
}

function ResetRequestForm() {
  const { t } = useTranslation("auth");
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
  const [form, fields] = useForm({
    id: "reset-request",
    lastResult: actionData?.intent === "reset" ? actionData.result : undefined,
    onValidate: ({ formData }) => parseWithZod(formData, { schema: ResetRequestSchema }),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
  });
  const pending = navigation.state === "submitting" && navigation.formData?.get("intent") === "reset";
  const sent = actionData?.intent === "reset" && actionData.sent;
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

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => (data ? pageMeta(matches, data) : []);
