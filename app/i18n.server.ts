import { createCookie, type AppLoadContext } from "@remix-run/cloudflare";
import { RemixI18Next } from "remix-i18next/server";
import { resources, type Namespace } from "./locales/resources";
import {
  DEFAULT_NAMESPACE,
  FALLBACK_LANGUAGE,
  isSupportedLanguage,
  type Language,
  LANGUAGE_COOKIE_NAME,
  SUPPORTED_LANGUAGES,
  i18nOptions,
} from "./i18n";

/**
 * The visitor's stored choice. remix-i18next keeps it base64-encoded JSON
 * (STACK.md trap 7). Not HttpOnly-sensitive: it only holds "fr", "en" or "de".
 */
export function languageCookie({ secure }: { secure: boolean }) {
  return createCookie(LANGUAGE_COOKIE_NAME, {
    path: "/",
    sameSite: "lax",
    httpOnly: true,
    secure,
    maxAge: 60 * 60 * 24 * 365,
  });
}

/**
 * Detection order of DECISIONS.md D7: ?lng=, the cookie, the signed-in user's
 * profile language (`findUserLanguage`), Accept-Language, then English.
 */
export function createI18nServer({
  secure,
  findUserLanguage = async () => null,
}: {
  secure: boolean;
  findUserLanguage?: (request: Request) => Promise<string | null>;
}) {
  return new RemixI18Next({
    detection: {
      supportedLanguages: [...SUPPORTED_LANGUAGES],
      fallbackLanguage: FALLBACK_LANGUAGE,
      cookie: languageCookie({ secure }),
      order: ["searchParams", "cookie", "custom", "header"],
      findLocale: findUserLanguage,
    },
    i18next: {
      ...i18nOptions,
      resources,
    },
  });
}

/**
 * The one way a loader or action gets its language and `t`: the language detected for
 * this request (always one of fr, en, de) and a `t` bound to it and to `namespace`.
 */
export async function getRequestI18n(request: Request, context: AppLoadContext, namespace: Namespace = DEFAULT_NAMESPACE) {
  const detected = await context.i18n.getLocale(request);
  const language: Language = isSupportedLanguage(detected) ? detected : FALLBACK_LANGUAGE;
  const t = await context.i18n.getFixedT(language, namespace);
  return { language, t };
}
