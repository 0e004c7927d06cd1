import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useActionData, useLoaderData } from "@remix-run/react";

import { PASSKEY_REFUSAL_STATUS, PasskeysPageSchema } from "#app/accounts/passkey-forms";
import { addPasskey, confirmWithPasskey, passkeysOf, removePasskey } from "#app/accounts/passkeys.server";
import { requireUser } from "#app/accounts/session.server";
import { AddPasskeyForm } from "#app/components/passkeys/passkey-buttons";
import { PasskeyList } from "#app/components/profile/passkeys";
import { ProfileSubpage } from "#app/components/profile/profile-subpage";
import { getRequestI18n } from "#app/i18n.server";
import { clientIp } from "#app/utils/client-key.server";
import { parseRequest, redirectBack } from "#app/utils/forms/parse";
import { pageMeta } from "#app/utils/meta";
import { replyToForm } from "#app/utils/reply.server";
import { loadingTranslations } from "#app/utils/route-translations";
import { redirectWithToast } from "#app/utils/toast.server";
import { useTranslation } from "#app/utils/translations";

export const handle = { i18n: ["auth"] };
export const clientLoader = loadingTranslations(handle.i18n);

export async function loader({ request, context }: LoaderFunctionArgs) {
  const user = await requireUser(request, context);
  const { t } = await getRequestI18n(request, context, "auth");
  return {
    passkeys: await passkeysOf(context, user.id),
    title: t("passkeys.pageTitle"),
    description: t("passkeys.intro"),
  };
}

const DONE = { add: "passkeys.added", remove: "passkeys.removed", removeWithPasskey: "passkeys.removed" } as const;

/** Also the staff's 'Confirmer avec ma clé d'accès' on the second factor's page (intent confirm). */
export async function action({ request, context }: ActionFunctionArgs) {
  const user = await requireUser(request, context);
  const submission = await parseRequest(request, { schema: PasskeysPageSchema });
  const reply = { hideFields: ["password", "response"], extra: { intent: String(submission.payload.intent ?? "") } };
  if (submission.status !== "success") return replyToForm(context, submission, reply);
  const { value } = submission;
  const ip = clientIp(request);
  const outcome =
    value.intent === "add"
      ? await addPasskey(request, context, { user, name: value.name, response: value.response })
      : value.intent === "confirm"
        ? await confirmWithPasskey(request, context, { user, response: value.response, ip })
        : value.intent === "remove"
          ? await removePasskey(request, context, { user, id: value.id, password: value.password, ip })
          : await removePasskey(request, context, { user, id: value.id, response: value.response, ip });
  if (!outcome.ok) {
    const error = `passkeys.errors.${outcome.reason}`;
    const where = outcome.reason === "wrongPassword" ? { fieldErrors: { password: [error] } } : { formError: error };
    return replyToForm(context, submission, { ...reply, ...where, status: PASSKEY_REFUSAL_STATUS[outcome.reason] });
  }
  const { t } = await getRequestI18n(request, context, "auth");
  const done = value.intent === "confirm" ? "passkeys.confirmed" : DONE[value.intent];
  const headers = "setCookie" in outcome ? { "Set-Cookie": String(outcome.setCookie) } : undefined;
  return redirectWithToast(
    context,
    redirectBack(submission, "/profile/passkeys"),
    { type: "success", description: t(done) },
    { headers },
  );
}

export default function PasskeysPage() {
  const { passkeys, title } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const { t } = useTranslation("auth");
  return (
    <ProfileSubpage
      title={title}
      backLabel={t("passkeys.backToProfile")}
      after={
        <section aria-labelledby="add-passkey-title" className="mt-6 rounded-2xl bg-white p-8 shadow-lg">
          <h2 id="add-passkey-title" className="text-xl font-bold">
            {t("passkeys.add")}
          </h2>
          <AddPasskeyForm />
        </section>
      }
    >
      <p className="mt-2 text-navy-700">{t("passkeys.intro")}</p>
      <PasskeyList passkeys={passkeys} lastResult={actionData?.intent === "remove" ? actionData.result : undefined} />
    </ProfileSubpage>
  );
}

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => pageMeta(matches, data);
