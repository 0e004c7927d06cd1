import { redirect, type ActionFunctionArgs } from "@remix-run/cloudflare";
import { languageCookie, translatorFor } from "#app/i18n.server";
import { switchProfileLanguage } from "#app/accounts/profile.server";
import { getUser } from "#app/accounts/session.server";
import { LanguageSwitchSchema } from "#app/accounts/account-forms";
import { parseRequest, redirectBack } from "#app/utils/forms/parse";
import { redirectWithToast } from "#app/utils/toast.server";
import { withLanguage } from "#app/utils/redirects";

/** A switch is a POST: a link or a prefetch must not change anyone's profile. */
export function loader() {
  return redirect("/");
}

/**
 * The language switch of a signed-in user (the header's and the footer's, decision 024):
 * their own profile language changes, so their mails follow, and the page comes back in that
 * language (`?lng=`, kept in the cookie). Without a session (it ended meanwhile) only the
 * cookie changes, as for any visitor.
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
