import { type ActionFunctionArgs, redirect } from "@remix-run/cloudflare";

import { requirePermission } from "#app/accounts/session.server";
import { getRequestI18n } from "#app/i18n.server";
import { type MailRetryOutcome, retryFailedMails } from "#app/operations/health.server";
import { BackOfficeButtonSchema } from "#app/utils/forms/fields";
import { parseRequest, redirectBack } from "#app/utils/forms/parse";
import { redirectWithToast } from "#app/utils/toast.server";
import type { TFunction } from "#app/utils/translator";

export function loader() {
  return redirect("/admin");
}

export function mailRetryMessage(t: TFunction, outcome: MailRetryOutcome): string {
  if (!outcome.ok) return t(`health.retry.${outcome.reason}`);
  const done = t("health.retry.done", { sent: outcome.sent, failed: outcome.failed });
  return outcome.more ? `${done} ${t("health.retry.more")}` : done;
}

export async function action({ request, context }: ActionFunctionArgs) {
  await requirePermission(request, context, "mail:retry");
  const submission = await parseRequest(request, { schema: BackOfficeButtonSchema });
  const outcome = await retryFailedMails(context);
  const { t } = await getRequestI18n(request, context, "admin");
  // Nothing to retry is good news; a mail that failed again is not.
  const type = outcome.ok && outcome.failed > 0 ? "error" : "success";
  return redirectWithToast(context, redirectBack(submission, "/admin"), {
    type,
    description: mailRetryMessage(t, outcome),
    banner: true,
  });
}
