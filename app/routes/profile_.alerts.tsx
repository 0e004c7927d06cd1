import { redirect, type ActionFunctionArgs } from "@remix-run/cloudflare";
import { getRequestI18n } from "#app/i18n.server";
import { saveAlertCountries } from "#app/services/profile.server";
import { requireUser } from "#app/services/session.server";
import { AlertCountriesSchema } from "#app/utils/forms/account";
import { parseRequest } from "#app/utils/forms/parse";
import { redirectWithToast } from "#app/utils/reply.server";

/** The profile's alert form posts here: the countries whose new flights the user hears about. */
export function loader() {
  return redirect("/profile");
}

/** 'Enregistrer mes alertes': back to /profile with the outcome as a toast (the form has nothing to show again). */
export async function action({ request, context }: ActionFunctionArgs) {
  const user = await requireUser(request, context, { redirectTo: "/profile" });
  const submission = await parseRequest(request, { schema: AlertCountriesSchema });
  const { t } = await getRequestI18n(request, context, "auth");
  if (submission.status !== "success") return redirectWithToast(context, "/profile", { type: "error", description: t("alerts.error") });
  const outcome = await saveAlertCountries(context, { userId: user.id, countries: submission.value.country });
  if (!outcome.ok) return redirectWithToast(context, "/profile", { type: "error", description: t(`alerts.${outcome.reason}`) });
  return redirectWithToast(context, "/profile", { type: "success", description: t("alerts.saved") });
}
