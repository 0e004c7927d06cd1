import type { ActionFunctionArgs } from "@remix-run/cloudflare";

import { PASSKEY_REFUSAL_STATUS } from "#app/accounts/passkey-forms";
import { authenticationOptions } from "#app/accounts/passkeys.server";
import { getUser } from "#app/accounts/session.server";
import { getRequestI18n } from "#app/i18n.server";
import { clientIp } from "#app/utils/client-key.server";
import { refusal } from "#app/utils/responses.server";

/**
 * Signed out, any passkey of this site (sign-in); signed in, one of the user's (a confirmation).
 * Open to everyone, as /login is: the challenge is bound to this browser by its cookie (decision 038).
 */
export async function action({ request, context }: ActionFunctionArgs) {
  const user = await getUser(request, context);
  const outcome = await authenticationOptions(request, context, { user, ip: clientIp(request) });
  if (!outcome.ok) {
    const { t } = await getRequestI18n(request, context, "auth");
    throw refusal(t(`passkeys.errors.${outcome.reason}`), PASSKEY_REFUSAL_STATUS[outcome.reason]);
  }
  return Response.json(outcome.options, {
    headers: { "Set-Cookie": outcome.setCookie, "Cache-Control": "private, no-store" },
  });
}
