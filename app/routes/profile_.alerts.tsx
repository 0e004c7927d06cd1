import { type ActionFunctionArgs, redirect } from "@remix-run/cloudflare";

import { requireUser } from "#app/accounts/session.server";
import { AlertsPageSchema } from "#app/alerts/alert-forms";
import { changeAlerts } from "#app/alerts/alert-watches.server";
import { getRequestI18n } from "#app/i18n.server";
import { parseRequest } from "#app/utils/forms/parse";
import { redirectWithToast } from "#app/utils/toast.server";

export function loader() {
  return redirect("/profile");
}

export async function action({ request, context }: ActionFunctionArgs) {
  const user = await requireUser(request, context, { redirectTo: "/profile" });
  const submission = await parseRequest(request, { schema: AlertsPageSchema });
  const { t } = await getRequestI18n(request, context, "auth");
  if (submission.status !== "success")
    return redirectWithToast(context, "/profile", { type: "error", description: t("alerts.errors.required") });
  const outcome = await changeAlerts(context, {
    userId: user.id,
    change: submission.value,
    userAgent: request.headers.get("User-Agent"),
  });
  if (!outcome.ok)
    return redirectWithToast(context, "/profile", { type: "error", description: t(`alerts.errors.${outcome.reason}`) });
  return redirectWithToast(context, "/profile", { type: "success", description: t(`alerts.${outcome.done}`) });
}
