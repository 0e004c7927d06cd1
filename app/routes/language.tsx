import { type ActionFunctionArgs, redirect } from "@remix-run/cloudflare";

import { LanguageSwitchSchema } from "#app/accounts/account-forms";
import { switchProfileLanguage } from "#app/accounts/profile.server";
import { getUser } from "#app/accounts/session.server";
import { languageCookie, translatorFor } from "#app/i18n.server";
import { parseRequest, redirectBack } from "#app/utils/forms/parse";
import { withLanguage } from "#app/utils/redirects";
import { redirectWithToast } from "#app/utils/toast.server";

/** A switch is a POST: a link or a prefetch must not change anyone's profile. */
export function loader() {
  return redirect("/");
}

/**
 * Signed in, the profile language changes too, so mails follow (decision 024); a session that
 * ended meanwhile changes only the cookie.
 */
export async function action({ request, context }: ActionFunctionArgs) {
  const user = await getUser(request, context);
  const submission = await parseRequest(request, { schema: LanguageSwitchSchema });
  const back = redirectBack(submission, "/home");
  if (submission.status !== "success") return redirect(back);
  const { language } = submission.value;
  const headers = { "Set-Cookie": await languageCookie({ secure: !context.env.isLocal }).serialize(language) };
  const outcome = user ? await switchProfileLanguage(context, user, language) : { ok: true as const };
  if (!outcome.ok) {
    return redirectWithToast(
      context,
      withLanguage(back, language),
      { type: "error", description: translatorFor(language, "auth")(`profile.${outcome.reason}`) },
      { headers },
    );
  }
  return redirect(withLanguage(back, language), { headers });
}
