import type { ActionFunctionArgs } from "@remix-run/cloudflare";

import { PASSKEY_REFUSAL_STATUS, RegistrationOptionsSchema } from "#app/accounts/passkey-forms";
import { registrationOptions } from "#app/accounts/passkeys.server";
import { requireUser } from "#app/accounts/session.server";
import { getRequestI18n } from "#app/i18n.server";
import { clientIp } from "#app/utils/client-key.server";

const noStore = { "Cache-Control": "private, no-store" };

/**
 * No challenge without the account's password (decision 038); a refusal is JSON, with
 * `field: "password"` when it is about the password.
 */
export async function action({ request, context }: ActionFunctionArgs) {
  const user = await requireUser(request, context);
  const parsed = RegistrationOptionsSchema.safeParse(Object.fromEntries(await request.formData()));
  const { t } = await getRequestI18n(request, context, "auth");
  if (!parsed.success)
    return Response.json(
      { message: t(parsed.error.issues[0]?.message ?? "validation.passwordRequired"), field: "password" },
      { status: 400, headers: noStore },
    );
  const outcome = await registrationOptions(request, context, {
    user,
    password: parsed.data.password,
    ip: clientIp(request),
  });
  if (!outcome.ok) {
    const field = outcome.reason === "wrongPassword" ? { field: "password" } : {};
    return Response.json(
      { message: t(`passkeys.errors.${outcome.reason}`), ...field },
      { status: PASSKEY_REFUSAL_STATUS[outcome.reason], headers: noStore },
    );
  }
  return Response.json(outcome.options, { headers: { "Set-Cookie": outcome.setCookie, ...noStore } });
}
