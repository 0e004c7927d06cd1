import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useActionData, useLoaderData } from "@remix-run/react";

import { passkeyFactorView } from "#app/accounts/passkeys.server";
import {
  confirmEnrolment,
  disableSecondFactor,
  enrolmentView,
  regenerateRecoveryCodes,
} from "#app/accounts/second-factor.server";
import { SecondFactorPageSchema } from "#app/accounts/second-factor-forms";
import { requireStaffAccount } from "#app/accounts/session.server";
import { ProfileSubpage } from "#app/components/profile/profile-subpage";
import { getRequestI18n } from "#app/i18n.server";
import { clientIp } from "#app/utils/client-key.server";
import { parseRequest, redirectBack } from "#app/utils/forms/parse";
import { pageMeta } from "#app/utils/meta";
import { safeRedirectPath } from "#app/utils/redirects";
import { replyToForm } from "#app/utils/reply.server";
import { loadingTranslations } from "#app/utils/route-translations";
import { redirectWithToast } from "#app/utils/toast.server";
import { useTranslation } from "#app/utils/translations";

import { EnrolForm, ManageSecondFactor, RecoveryCodes } from "./second-factor";
import { StaffPasskeys } from "./staff-passkeys";

export const handle = { i18n: ["auth"] };
export const clientLoader = loadingTranslations(handle.i18n);

const REFUSAL_STATUS = {
  invalidCode: 400,
  replayedCode: 400,
  wrongPassword: 400,
  rateLimited: 429,
  alreadyEnrolled: 409,
  notEnrolled: 409,
} as const;

/** The staff second factor (decision 027). */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const user = await requireStaffAccount(request, context);
  const { t } = await getRequestI18n(request, context, "auth");
  return {
    view: await enrolmentView(context, user),
    passkeys: await passkeyFactorView(request, context, user.id),
    redirectTo: safeRedirectPath(new URL(request.url).searchParams.get("redirectTo")),
    title: t("secondFactor.title"),
    description: t("secondFactor.intro"),
  };
}

/** New recovery codes are shown once, in this answer. */
export async function action({ request, context }: ActionFunctionArgs) {
  const user = await requireStaffAccount(request, context);
  const submission = await parseRequest(request, { schema: SecondFactorPageSchema });
  const reply = {
    hideFields: ["code", "password"],
    extra: { intent: String(submission.payload.intent ?? ""), recoveryCodes: null as string[] | null },
  };
  if (submission.status !== "success") return replyToForm(context, submission, reply);
  const input = { user, code: submission.value.code, ip: clientIp(request) };
  const { t } = await getRequestI18n(request, context, "auth");
  const outcome =
    submission.value.intent === "enrol"
      ? await confirmEnrolment(request, context, input)
      : submission.value.intent === "regenerate"
        ? await regenerateRecoveryCodes(context, { ...input, password: submission.value.password })
        : await disableSecondFactor(context, { ...input, password: submission.value.password });
  if (!outcome.ok) {
    const field = outcome.reason === "wrongPassword" ? "password" : "code";
    const error = `secondFactor.errors.${outcome.reason}`;
    const where =
      outcome.reason === "invalidCode" || outcome.reason === "replayedCode" || outcome.reason === "wrongPassword"
        ? { fieldErrors: { [field]: [error] } }
        : { formError: error };
    return replyToForm(context, submission, { ...reply, ...where, status: REFUSAL_STATUS[outcome.reason] });
  }
  if ("recoveryCodes" in outcome) {
    const done = submission.value.intent === "enrol" ? "enrolled" : "regenerated";
    return replyToForm(context, submission, {
      ...reply,
      status: 200,
      resetForm: true,
      toast: { type: "success", description: t(`secondFactor.${done}`) },
      extra: { ...reply.extra, recoveryCodes: outcome.recoveryCodes },
    });
  }
  return redirectWithToast(context, redirectBack(submission, "/profile/second-factor"), {
    type: "success",
    description: t("secondFactor.disabled"),
  });
}

export default function SecondFactorPage() {
  const { view, passkeys, redirectTo, title } = useLoaderData<typeof loader>();
  const passkeyOwed = passkeys.count > 0 && !passkeys.strong;
  const actionData = useActionData<typeof action>();
  const { t } = useTranslation("auth");
  const resultOf = (intent: string) => (actionData?.intent === intent ? actionData.result : undefined);
  return (
    <ProfileSubpage
      title={title}
      backLabel={t("secondFactor.backToProfile")}
      after={<StaffPasskeys {...passkeys} enrolled={view.enrolled} redirectTo={redirectTo} />}
    >
      {actionData?.recoveryCodes ? (
        <RecoveryCodes codes={actionData.recoveryCodes} next={redirectTo ?? "/admin"} />
      ) : view.enrolled ? (
        <ManageSecondFactor
          confirmedAt={view.confirmedAt}
          recoveryCodesLeft={view.recoveryCodesLeft}
          resultOf={resultOf}
        />
      ) : passkeyOwed ? null : (
        <EnrolForm secret={view.secret} qrSvg={view.qrSvg} redirectTo={redirectTo} lastResult={resultOf("enrol")} />
      )}
    </ProfileSubpage>
  );
}

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => pageMeta(matches, data);
