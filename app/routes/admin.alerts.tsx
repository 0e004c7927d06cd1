import { type ActionFunctionArgs, redirect } from "@remix-run/cloudflare";

import { requirePermission } from "#app/accounts/session.server";
import { type AlertResult, sendFlightAlerts } from "#app/alerts/flight-alerts.server";
import { getRequestI18n } from "#app/i18n.server";
import { BackOfficeButtonSchema } from "#app/utils/forms/fields";
import { parseRequest, redirectBack } from "#app/utils/forms/parse";
import { redirectWithToast } from "#app/utils/toast.server";
import type { TFunction } from "#app/utils/translator";

export function loader() {
  return redirect("/admin");
}

export function alertMessage(t: TFunction, result: AlertResult): string {
  switch (result.kind) {
    case "sent":
      return result.sent > 0 ? t("alerts.sent", { count: result.sent }) : t("alerts.noneSent");
    case "failed":
      return t("alerts.errorBanner", { message: t("alerts.failed") });
    default:
      return t(`alerts.${result.kind}`);
  }
}

export async function action({ request, context }: ActionFunctionArgs) {
  await requirePermission(request, context, "alerts:send");
  const submission = await parseRequest(request, { schema: BackOfficeButtonSchema });
  const result = await sendFlightAlerts(context);
  const { t } = await getRequestI18n(request, context, "admin");
  const back = redirectBack(submission, "/admin");
  return redirectWithToast(context, back, {
    type: result.ok ? "success" : "error",
    description: alertMessage(t, result),
    banner: true,
  });
}
