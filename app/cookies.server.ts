/**
 * Every cookie the app reads, with what a readable value is: server.ts screens each
 * request with them (utils/cookies.server.ts `screenCookies`), so a value the app did
 * not write (`%ff`, a cut UTF-8 sequence, a forged signature, junk) is cleared and never
 * reaches a loader. A new cookie is added here.
 */
import type { AppLoadContext } from "@remix-run/cloudflare";
import type { Cookie } from "@remix-run/cloudflare";
import { isSessionToken, sessionCookie } from "./accounts/session.server";
import { bookmarkCookieName, isBookmark } from "./db/read-session.server";
import { languageCookie } from "./i18n.server";
import { isSupportedLanguage } from "./i18n";
import { consentCookie, consentSchema } from "./privacy/consent.server";
import type { ReadableCookie } from "./utils/cookies.server";
import { toastCookie } from "./utils/toast.server";
import { isWebauthnToken, webauthnCookie } from "./accounts/webauthn.server";

/** A cookie written by Remix's `createCookie`: readable when it parses to what `accepts` takes. */
function remixCookie(cookie: Cookie, accepts: (value: unknown) => boolean): ReadableCookie {
  return { name: cookie.name, isReadable: async (value) => accepts(await cookie.parse(`${cookie.name}=${value}`)) };
}

const isObject = (value: unknown) => typeof value === "object" && value !== null && !Array.isArray(value);

export function appCookies(context: AppLoadContext): ReadableCookie[] {
  const secure = !context.env.isLocal;
  return [
    remixCookie(sessionCookie(context), isSessionToken),
    // The toast's session data (Remix's flash keys), whose signature `parse` checks.
    remixCookie(toastCookie(context), isObject),
    remixCookie(languageCookie({ secure }), isSupportedLanguage),
    remixCookie(consentCookie({ secure }), (value) => consentSchema.safeParse(value).success),
    { name: bookmarkCookieName({ secure }), isReadable: isBookmark },
    // The passkey challenge's binding to this browser (decision 038).
    remixCookie(webauthnCookie(context), isWebauthnToken),
  ];
}
