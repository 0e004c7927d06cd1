import { type ActionFunctionArgs, redirect } from "@remix-run/cloudflare";

import { getUser } from "#app/accounts/session.server";
import { changeWaitlist, MAX_WAITLIST_ENTRIES } from "#app/alerts/waitlist.server";
import { getRequestI18n } from "#app/i18n.server";
import { clientIp } from "#app/utils/client-key.server";
import { parseRequest, redirectBack } from "#app/utils/forms/parse";
import { WaitlistChangeSchema } from "#app/utils/forms/traveller";
import { redirectWithToast } from "#app/utils/toast.server";

export function loader() {
  return redirect("/home");
}

export async function action({ request, context }: ActionFunctionArgs) {
  // Signed out, the same toast as the heart's: sign in, then come back.
  const user = await getUser(request, context);
  const submission = await parseRequest(request, { schema: WaitlistChangeSchema });
  const { t } = await getRequestI18n(request, context, "catalogue");
  const back = redirectBack(submission, "/home");
  if (!user) {
    return redirectWithToast(context, back, {
      type: "error",
      title: t("waitlist.loginRequiredTitle"),
      description: t("waitlist.loginRequired"),
      action: { label: t("waitlist.login"), href: `/login?${new URLSearchParams({ redirectTo: back })}` },
    });
  }
  if (submission.status !== "success")
    return redirectWithToast(context, back, { type: "error", description: t("waitlist.errors.failed") });
  const outcome = await changeWaitlist(context, { userId: user.id, ip: clientIp(request), ...submission.value });
  if (!outcome.ok)
    return redirectWithToast(context, back, {
      type: "error",
      description: t(`waitlist.errors.${outcome.reason}`, { max: MAX_WAITLIST_ENTRIES }),
    });
  // Joined from a card, the confirmation leads to the flight's page, which offers similar
  // flights; joined on that page, they are already in sight.
  const flightPage = `/checkout/${submission.value.flightId}`;
  const similarFlights =
    outcome.intent === "join" && back.split(/[?#]/)[0] !== flightPage
      ? { action: { label: t("similarFlights.toastAction"), href: `${flightPage}#similar-flights` } }
      : {};
  return redirectWithToast(context, back, {
    type: "success",
    description: t(outcome.intent === "join" ? "waitlist.joined" : "waitlist.left"),
    ...similarFlights,
  });
}
