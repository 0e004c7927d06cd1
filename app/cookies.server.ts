// Every cookie the app reads and what a readable value is: server.ts clears any other value
// before a loader sees it (utils/cookies.server.ts `screenCookies`). A new cookie is added here.
import type { AppLoadContext } from "@remix-run/cloudflare";
import type { Cookie } from "@remix-run/cloudflare";

import { isSessionToken, sessionCookie } from "./accounts/session.server";
import { isWebauthnToken, webauthnCookie } from "./accounts/webauthn.server";
import { bookmarkCookieName, isBookmark } from "./db/read-session.server";
import { isSupportedLanguage } from "./i18n";
import { languageCookie } from "./i18n.server";
import { consentCookie, consentSchema } from "./privacy/consent.server";
import type { ReadableCookie } from "./utils/cookies.server";
import { toastCookie } from "./utils/toast.server";

function remixCookie(cookie: Cookie, accepts: (value: unknown) => boolean): ReadableCookie {
  return { name: cookie.name, isReadable: async (value) => accepts(await cookie.parse(`${cookie.name}=${value}`)) };
}

const isObject = (value: unknown) => typeof value === "object" && value !== null && !Array.isArray(value);

export function appCookies(context: AppLoadContext): ReadableCookie[] {
  const secure = !context.env.isLocal;
  return [
    remixCookie(sessionCookie(context), isSessionToken),
    remixCookie(toastCookie(context), isObject),
    remixCookie(languageCookie({ secure }), isSupportedLanguage),
    remixCookie(consentCookie({ secure }), (value) => consentSchema.safeParse(value).success),
    { name: bookmarkCookieName({ secure }), isReadable: isBookmark },
    remixCookie(webauthnCookie(context), isWebauthnToken),
  ];
}
