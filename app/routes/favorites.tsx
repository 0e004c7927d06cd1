import { type ActionFunctionArgs, redirect } from "@remix-run/cloudflare";

import { getUser } from "#app/accounts/session.server";
import { toggleFavoriteFlight } from "#app/alerts/favorites.server";
import { getRequestI18n } from "#app/i18n.server";
import { parseRequest, redirectBack } from "#app/utils/forms/parse";
import { FavoriteToggleSchema } from "#app/utils/forms/traveller";
import { redirectWithToast } from "#app/utils/toast.server";

export function loader() {
  return redirect("/home");
}

export async function action({ request, context }: ActionFunctionArgs) {
  // Signed out, the heart answers with a toast that offers to sign in.
  const user = await getUser(request, context);
  const submission = await parseRequest(request, { schema: FavoriteToggleSchema });
  const { t } = await getRequestI18n(request, context, "catalogue");
  const back = redirectBack(submission, "/home");
  if (!user) {
    return redirectWithToast(context, back, {
      type: "error",
      title: t("favorites.loginRequiredTitle"),
      description: t("favorites.loginRequired"),
      action: { label: t("favorites.login"), href: `/login?${new URLSearchParams({ redirectTo: back })}` },
    });
  }
  const failed = t(submission.payload.intent === "remove" ? "favorites.removeError" : "favorites.addError");
  if (submission.status !== "success") return redirectWithToast(context, back, { type: "error", description: failed });
  const outcome = await toggleFavoriteFlight(context, { userId: user.id, flightId: submission.value.flightId });
  if (!outcome.ok) return redirectWithToast(context, back, { type: "error", description: failed });
  return redirectWithToast(context, back, {
    type: "success",
    description: t(outcome.favorite ? "favorites.added" : "favorites.removed"),
  });
}
