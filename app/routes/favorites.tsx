import { redirect, type ActionFunctionArgs } from "@remix-run/cloudflare";
import { getRequestI18n } from "#app/i18n.server";
import { toggleFavorite } from "#app/models/favorites.server";
import { safeRedirect } from "#app/utils/redirects";
import { getUser } from "#app/utils/session.server";
import { redirectWithToast } from "#app/utils/toast.server";

/** The hearts of the flight cards post here from any page and go back there with a toast. */
export function loader() {
  return redirect("/home");
}

export async function action({ request, context }: ActionFunctionArgs) {
  const formData = await request.formData();
  const back = safeRedirect(formData.get("redirectTo"));
  const { t } = await getRequestI18n(request, context, "catalogue");
  const user = await getUser(request, context);
  if (!user) {
    return redirectWithToast(context, back, {
      type: "error",
      title: t("favorites.loginRequiredTitle"),
      description: t("favorites.loginRequired"),
      action: { label: t("favorites.login"), href: `/login?${new URLSearchParams({ redirectTo: back })}` },
    });
  }
  const flightId = String(formData.get("flightId") ?? "");
  // The favourite being removed or added is the signed-in user's own, whatever id is sent.
  const outcome =
    flightId.length > 0 && flightId.length <= 64
      ? await toggleFavorite(context.db, { userId: user.id, flightId, now: context.now() }).catch((error: unknown) => {
          console.error("favorites: the toggle failed", error);
          return "failed" as const;
        })
      : ("unknownFlight" as const);
  if (outcome === "added") return redirectWithToast(context, back, { type: "success", description: t("favorites.added") });
  if (outcome === "removed") return redirectWithToast(context, back, { type: "success", description: t("favorites.removed") });
  const wanted = formData.get("intent") === "remove" ? "favorites.removeError" : "favorites.addError";
  return redirectWithToast(context, back, { type: "error", description: t(wanted) });
}
