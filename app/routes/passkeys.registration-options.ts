import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { registrationOptions } from "#app/accounts/passkeys.server";
import { requireUser } from "#app/accounts/session.server";
import { clientIp } from "#app/limits/rate-limits.server";
import { getRequestI18n } from "#app/i18n.server";
import { refusal } from "#app/utils/responses.server";
import { PASSKEY_REFUSAL_STATUS } from "#app/accounts/passkey-forms";

/**
 * POST: the options of `navigator.credentials.create` for the signed-in user's new
 * passkey (decision 038), the challenge bound to this browser by its cookie. The body is
 * an empty form (the request guards take forms only, same origin).
 */
export async function action({ request, context }: ActionFunctionArgs) {
  const user = await requireUser(request, context);
  const outcome = await registrationOptions(request, context, { user, ip: clientIp(request) });
  if (!outcome.ok) {
    const { t } = await getRequestI18n(request, context, "auth");
    throw refusal(t(`passkeys.errors.${outcome.reason}`), PASSKEY_REFUSAL_STATUS[outcome.reason]);
  }
  return Response.json(outcome.options, {
    headers: { "Set-Cookie": outcome.setCookie, "Cache-Control": "private, no-store" },
  });
}
