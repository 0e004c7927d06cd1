import { type ActionFunctionArgs, redirect } from "@remix-run/cloudflare";

import { LogoutSchema } from "#app/accounts/account-forms";
import { endSession } from "#app/accounts/session.server";
import { getRequestI18n } from "#app/i18n.server";
import { parseRequest } from "#app/utils/forms/parse";
import { logoutTarget } from "#app/utils/redirects";
import { redirectWithToast } from "#app/utils/toast.server";

/** Signing out is a POST (a link or a prefetch must not sign anyone out). */
export function loader() {
  return redirect("/");
}

export async function action({ request, context }: ActionFunctionArgs) {
  const submission = await parseRequest(request, { schema: LogoutSchema });
  const setCookie = await endSession(request, context);
  const { t } = await getRequestI18n(request, context, "auth");
  // Read from the payload, like `redirectBack`: a refused field goes to / all the same.
  return redirectWithToast(
    context,
    logoutTarget(submission.payload.redirectTo),
    { type: "success", description: t("logout.success") },
    {
      headers: { "Set-Cookie": setCookie },
    },
  );
}
