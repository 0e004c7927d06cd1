import { redirect, type ActionFunctionArgs } from "@remix-run/cloudflare";
import { getRequestI18n } from "#app/i18n.server";
import { listAlertCountries, setUserAlertCountries } from "#app/models/alert-preferences.server";
import { requireUser } from "#app/utils/session.server";
import { redirectWithToast } from "#app/utils/toast.server";

/** The profile's alert form posts here: the countries whose new flights the user hears about. */
export function loader() {
  return redirect("/profile");
}

export async function action({ request, context }: ActionFunctionArgs) {
  const user = await requireUser(request, context, { redirectTo: "/profile" });
  const formData = await request.formData();
  const { t } = await getRequestI18n(request, context, "auth");
  const available = new Set(await listAlertCountries(context.db));
  const wanted = formData.getAll("country").map(String);
  // Only countries the airports have; anything else is dropped, never stored.
  const countries = [...new Set(wanted.filter((country) => available.has(country)))];
  try {
    await setUserAlertCountries(context.db, { userId: user.id, countries, now: context.now() });
  } catch (error) {
    console.error("alerts: the preferences could not be saved", error);
    return redirectWithToast(context, "/profile", { type: "error", description: t("alerts.error") });
  }
  return redirectWithToast(context, "/profile", { type: "success", description: t("alerts.saved") });
}
