import { parseWithZod } from "@conform-to/zod/v4";
import { redirect, type ActionFunctionArgs } from "@remix-run/cloudflare";
import { requestNewsletterSubscription } from "#app/models/requests.server";
import { sendMail } from "#app/services/mail.server";
import { newsletterSchema } from "#app/utils/forms/requests";
import { allowRequest } from "#app/services/request-limits.server";
import { clientIp } from "#app/services/rate-limits.server";
import { safeRedirect } from "#app/utils/redirects";
import { redirectWithToast } from "#app/utils/toast.server";
import { getRequestI18n } from "#app/i18n.server";

/** The footer's newsletter form posts here from any page, and goes back there with a toast. */
export function loader() {
  return redirect("/home");
}

export async function action({ request, context }: ActionFunctionArgs) {
  const formData = await request.formData();
  const back = safeRedirect(formData.get("redirectTo"));
  const { language, t } = await getRequestI18n(request, context, "catalogue");
  const submission = parseWithZod(formData, { schema: newsletterSchema });
  if (submission.status !== "success") {
    const message = submission.error?.email?.[0] ?? "newsletter.errors.invalid";
    return redirectWithToast(context, back, { type: "error", description: t(message) });
  }
  if (!(await allowRequest(context, request, "newsletter"))) {
    return redirectWithToast(context, back, { type: "error", description: t("newsletter.errors.generic") });
  }
  try {
    const { confirmToken } = await requestNewsletterSubscription(context.db, {
      email: submission.value.email,
      language,
      ip: clientIp(request),
      now: context.now(),
    });
    // Double opt-in: a mail with the confirmation link, unless the address is already
    // subscribed or had one less than 10 minutes ago. The answer is the same in every case.
    if (confirmToken) {
      const confirmUrl = new URL(`/newsletter/confirm?${new URLSearchParams({ token: confirmToken })}`, context.env.APP_URL).toString();
      await sendMail(context, {
        to: submission.value.email.trim().toLowerCase(),
        locale: language,
        template: "catalogue/newsletter-confirm",
        data: { confirmUrl },
      });
    }
  } catch (error) {
    console.error("newsletter: the subscription request failed", error);
    return redirectWithToast(context, back, { type: "error", description: t("newsletter.errors.generic") });
  }
  return redirectWithToast(context, back, { type: "message", description: t("newsletter.checkInbox") });
}
