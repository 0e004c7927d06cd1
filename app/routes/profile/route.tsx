import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Link, useActionData, useLoaderData } from "@remix-run/react";

import { ProfilePageSchema } from "#app/accounts/account-forms";
import { passkeysOf } from "#app/accounts/passkeys.server";
import { deleteOwnAccount, type OwnErasureOutcome, saveProfile } from "#app/accounts/profile.server";
import { hasSecondFactor } from "#app/accounts/second-factor.server";
import { endSession, requireUser } from "#app/accounts/session.server";
import { alertChoices } from "#app/alerts/alert-watches.server";
import { PasskeysSummary } from "#app/components/profile/passkeys";
import { getRequestI18n, languageCookie, translatorFor } from "#app/i18n.server";
import { clientIp } from "#app/utils/client-key.server";
import { parseRequest } from "#app/utils/forms/parse";
import { pageMeta } from "#app/utils/meta";
import { isStaff } from "#app/utils/permissions";
import { replyToForm } from "#app/utils/reply.server";
import { loadingTranslations } from "#app/utils/route-translations";
import { redirectWithToast } from "#app/utils/toast.server";
import { useTranslation } from "#app/utils/translations";

import { AlertsForm } from "./alerts-form";
import { PrivacySection } from "./privacy-section";
import { ProfileForm } from "./profile-form";
import { ProfileView, RoleBadge } from "./profile-view";

export const handle = { i18n: ["auth"] };
export const clientLoader = loadingTranslations(handle.i18n);

/** Viewing by default; `?edit=1` is the editing mode, so it works without JavaScript. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const user = await requireUser(request, context);
  const { language, t } = await getRequestI18n(request, context, "auth");
  const staff = isStaff(user.role);
  return {
    profile: {
      firstName: user.firstName,
      lastName: user.lastName,
      email: user.email,
      phone: user.phone,
      role: user.role,
      language: user.language,
    },
    staff,
    secondFactor: staff ? await hasSecondFactor(context, user.id) : null,
    passkeyCount: (await passkeysOf(context, user.id)).length,
    alerts: await alertChoices(context, user.id, language),
    editing: new URL(request.url).searchParams.get("edit") === "1",
    // The staff title follows the role, like the dashboard's ('Profil gestionnaire').
    title: t(
      !staff ? "profile.title" : user.role === "admin" ? "profile.staffTitleAdmin" : "profile.staffTitleGestionnaire",
    ),
  };
}

const DELETE_REFUSALS: Record<Exclude<OwnErasureOutcome, { ok: true }>["reason"], number> = {
  wrongPassword: 400,
  rateLimited: 429,
  lastAdmin: 409,
  activeOrders: 409,
  failed: 500,
};

/** A new language shows at once, and becomes the visitor's choice too. */
export async function action({ request, context }: ActionFunctionArgs) {
  const user = await requireUser(request, context);
  const submission = await parseRequest(request, { schema: ProfilePageSchema(isStaff(user.role)) });
  const reply = { hideFields: ["password"], extra: { intent: String(submission.payload.intent ?? "") } };
  if (submission.status !== "success") return replyToForm(context, submission, reply);
  if (submission.value.intent === "deleteAccount") {
    const outcome = await deleteOwnAccount(context, {
      user,
      password: submission.value.password,
      ip: clientIp(request),
    });
    if (!outcome.ok) {
      const error = `privacy.errors.${outcome.reason}`;
      const where = outcome.reason === "wrongPassword" ? { fieldErrors: { password: [error] } } : { formError: error };
      return replyToForm(context, submission, { ...reply, ...where, status: DELETE_REFUSALS[outcome.reason] });
    }
    const { t } = await getRequestI18n(request, context, "auth");
    return redirectWithToast(
      context,
      "/",
      { type: "success", description: t("privacy.deleted") },
      { headers: { "Set-Cookie": await endSession(request, context) } },
    );
  }
  const { intent: _, ...changes } = submission.value;
  const outcome = await saveProfile(context, user, changes);
  if (!outcome.ok)
    return replyToForm(context, submission, { ...reply, status: 500, formError: `profile.${outcome.reason}` });
  const t = translatorFor(outcome.uiLanguage, "auth");
  return redirectWithToast(
    context,
    "/profile",
    { type: "success", description: t(outcome.languageChanged ? "profile.languageUpdated" : "profile.updateSuccess") },
    { headers: { "Set-Cookie": await languageCookie({ secure: !context.env.isLocal }).serialize(outcome.uiLanguage) } },
  );
}

export default function ProfilePage() {
  const { profile, staff, secondFactor, passkeyCount, alerts, editing, title } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const resultOf = (intent: string) => (actionData?.intent === intent ? actionData.result : undefined);
  const { t } = useTranslation("auth");
  return (
    <div className="mx-auto max-w-2xl px-4 py-10">
      <Link to={staff ? "/admin" : "/dashboard"} className="text-sm font-semibold text-navy-700 hover:underline">
        <span aria-hidden="true">←</span> {t(staff ? "profile.backToAdmin" : "profile.backToDashboard")}
      </Link>
      <section className="mt-4 rounded-2xl bg-white p-8 shadow-lg">
        <div className="flex flex-wrap items-center justify-between gap-3">
          <h1 className="text-2xl font-bold">{title}</h1>
          {staff ? <RoleBadge role={profile.role} /> : null}
        </div>
        {editing ? (
          <ProfileForm profile={profile} staff={staff} lastResult={resultOf("updateProfile")} />
        ) : (
          <ProfileView profile={profile} staff={staff} />
        )}
      </section>
      {secondFactor !== null ? (
        <section aria-labelledby="second-factor-title" className="mt-6 rounded-2xl bg-white p-8 shadow-lg">
          <h2 id="second-factor-title" className="text-xl font-bold">
            {t("secondFactor.title")}
          </h2>
          <p className="mt-2 text-navy-700">{t(secondFactor ? "secondFactor.profileOn" : "secondFactor.profileOff")}</p>
          <Link to="/profile/second-factor" className="mt-4 inline-block font-semibold text-navy-700 underline">
            {t("secondFactor.manage")}
          </Link>
        </section>
      ) : null}
      <PasskeysSummary count={passkeyCount} />
      <AlertsForm {...alerts} />
      <PrivacySection lastResult={resultOf("deleteAccount")} />
    </div>
  );
}

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => pageMeta(matches, data);
