import { type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction, redirect } from "@remix-run/cloudflare";
import { Link, useActionData, useLoaderData } from "@remix-run/react";

import { LoginPageSchema } from "#app/accounts/account-forms";
import { requestPasswordReset, type ResetRequestOutcome, signIn, type SignInOutcome } from "#app/accounts/auth.server";
import { PASSKEY_REFUSAL_STATUS } from "#app/accounts/passkey-forms";
import { signInWithPasskey } from "#app/accounts/passkeys.server";
import { getUser, homePathFor } from "#app/accounts/session.server";
import { getRequestI18n } from "#app/i18n.server";
import { clientIp } from "#app/utils/client-key.server";
import { parseRequest, redirectBack } from "#app/utils/forms/parse";
import { pageMeta } from "#app/utils/meta";
import { safeRedirectPath } from "#app/utils/redirects";
import { type OutcomeReason, replyToForm } from "#app/utils/reply.server";
import { loadingTranslations } from "#app/utils/route-translations";
import { redirectWithToast } from "#app/utils/toast.server";
import { useTranslation } from "#app/utils/translations";

import { LoginForm, ResetRequestForm } from "./login-forms";

export const handle = { i18n: ["auth"] };
export const clientLoader = loadingTranslations(handle.i18n);

const SIGN_IN_FAILURE_STATUS: Record<OutcomeReason<SignInOutcome>, number> = {
  invalidCredentials: 401,
  emailNotConfirmed: 403,
  rateLimited: 429,
  failed: 500,
};
const RESET_REQUEST_FAILURE_STATUS: Record<OutcomeReason<ResetRequestOutcome>, number> = {
  throttled: 429,
  capped: 429,
  failed: 500,
};

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
  // A copy for the parse: remix-auth's form strategy reads the sign-in form from the request itself.
  const submission = await parseRequest(request.clone() as Request, { schema: LoginPageSchema });
  const hideFields = ["password"];
  if (submission.status !== "success") {
    const intent = submission.payload.intent === "reset" ? ("reset" as const) : ("login" as const);
    return replyToForm(context, submission, { hideFields, extra: { intent, sent: false } });
  }
  const { language } = await getRequestI18n(request, context, "auth");
  if (submission.value.intent === "reset") {
    const outcome = await requestPasswordReset(context, {
      email: submission.value.email,
      ip: clientIp(request),
      locale: language,
    });
    // The same answer whether or not the address has an account.
    if (outcome.ok)
      return replyToForm(context, submission, {
        status: 200,
        resetForm: true,
        extra: { intent: "reset" as const, sent: true },
      });
    const status = RESET_REQUEST_FAILURE_STATUS[outcome.reason];
    return replyToForm(context, submission, {
      status,
      formError: `resetRequest.${outcome.reason}`,
      extra: { intent: "reset" as const, sent: false },
    });
  }
  if (submission.value.intent === "passkey") {
    const passkey = await signInWithPasskey(request, context, {
      response: submission.value.response,
      ip: clientIp(request),
    });
    if (passkey.ok)
      return signedIn(request, context, {
        ...passkey,
        target: redirectBack(submission, homePathFor(passkey.user.role)),
      });
    return replyToForm(context, submission, {
      status: PASSKEY_REFUSAL_STATUS[passkey.reason],
      formError: `passkeys.errors.${passkey.reason}`,
      hideFields: ["response"],
      extra: { intent: "passkey" as const, sent: false },
    });
  }
  const outcome = await signIn(request, context);
  if (!outcome.ok) {
    const status = SIGN_IN_FAILURE_STATUS[outcome.reason];
    return replyToForm(context, submission, {
      status,
      formError: `login.${outcome.reason}`,
      hideFields,
      extra: { intent: "login" as const, sent: false },
    });
  }
  return signedIn(request, context, { ...outcome, target: redirectBack(submission, homePathFor(outcome.user.role)) });
}

async function signedIn(
  request: Request,
  context: ActionFunctionArgs["context"],
  outcome: { setCookie: string; secondStep: boolean; mustEnrol: boolean; target: string },
) {
  const { target } = outcome;
  const { t } = await getRequestI18n(request, context, "auth");
  if (outcome.secondStep) {
    // No toast yet: the sign-in is complete only once the code passes.
    throw redirect(`/login/code?${new URLSearchParams({ redirectTo: target })}`, {
      headers: { "Set-Cookie": outcome.setCookie },
    });
  }
  if (outcome.mustEnrol) {
    // Straight to the enrolment the back-office guard would send them to (decision 027).
    const { t: common } = await getRequestI18n(request, context);
    return redirectWithToast(
      context,
      `/profile/second-factor?${new URLSearchParams({ redirectTo: target })}`,
      { type: "message", description: common("errors.secondFactorRequired") },
      {
        headers: { "Set-Cookie": outcome.setCookie },
      },
    );
  }
  return redirectWithToast(
    context,
    target,
    { type: "success", description: t("login.success") },
    { headers: { "Set-Cookie": outcome.setCookie } },
  );
}

export default function LoginPage() {
  const { mode, redirectTo, title } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
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
        {mode === "reset" ? (
          <ResetRequestForm answer={actionData?.intent === "reset" ? actionData : undefined} />
        ) : (
          <LoginForm
            title={title}
            keep={keep}
            redirectTo={redirectTo}
            answer={actionData?.intent === "login" ? actionData : undefined}
          />
        )}
      </div>
    </div>
  );
}

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => pageMeta(matches, data);
