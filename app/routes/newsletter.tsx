import { type ActionFunctionArgs, redirect } from "@remix-run/cloudflare";

import { getRequestI18n } from "#app/i18n.server";
import { requestSubscription } from "#app/requests/newsletter.server";
import { newsletterSchema } from "#app/requests/request-forms";
import { clientIp } from "#app/utils/client-key.server";
import { parseRequest, redirectBack } from "#app/utils/forms/parse";
import { redirectWithToast } from "#app/utils/toast.server";

export function loader() {
  return redirect("/home");
}

export async function action({ request, context }: ActionFunctionArgs) {
  const submission = await parseRequest(request, { schema: newsletterSchema });
  const { language, t } = await getRequestI18n(request, context, "catalogue");
  const back = redirectBack(submission, "/home");
  if (submission.status !== "success") {
    return redirectWithToast(context, back, {
      type: "error",
      description: t(submission.error?.email?.[0] ?? "newsletter.errors.invalid"),
    });
  }
  const outcome = await requestSubscription(context, {
    email: submission.value.email,
    language,
    ip: clientIp(request),
  });
  // Over the cap or not, one text for any failure.
  if (!outcome.ok)
    return redirectWithToast(context, back, { type: "error", description: t("newsletter.errors.generic") });
  return redirectWithToast(context, back, { type: "message", description: t("newsletter.checkInbox") });
}
