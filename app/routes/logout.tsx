import { redirect, type ActionFunctionArgs } from "@remix-run/cloudflare";
import { logoutTarget } from "#app/utils/redirects";
import { endSession } from "#app/utils/session.server";
import { redirectWithToast } from "#app/utils/toast.server";
import { getRequestI18n } from "#app/i18n.server";

/** Signing out is a POST (a link or a prefetch must not sign anyone out). */
export function loader() {
  return redirect("/");
}

export async function action({ request, context }: ActionFunctionArgs) {
  const formData = await request.formData();
  const setCookie = await endSession(request, context);
  const { t } = await getRequestI18n(request, context, "auth");
  return redirectWithToast(context, logoutTarget(formData.get("redirectTo")), { type: "success", description: t("logout.success") }, {
    headers: { "Set-Cookie": setCookie },
  });
}
