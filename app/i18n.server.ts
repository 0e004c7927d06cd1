import { type AppLoadContext, createCookie } from "@remix-run/cloudflare";
import { RemixI18Next } from "remix-i18next/server";

import {
  DEFAULT_NAMESPACE,
  FALLBACK_LANGUAGE,
  isSupportedLanguage,
  type Language,
  LANGUAGE_COOKIE_NAME,
  SUPPORTED_LANGUAGES,
} from "./i18n";
import { type Namespace, NAMESPACES, resources } from "./locales/resources";
import { hostCookieName } from "./utils/cookies.server";
import { isolateShared } from "./utils/isolate-shared";
import { timePhase } from "./utils/phase-timing.server";
import type { TranslationsValue } from "./utils/translations";
import { createTranslator, type TFunction } from "./utils/translator";

/**
 * remix-i18next stores base64 JSON, not `lng=de`; `__Host-` outside local development
 * (utils/cookies.server.ts).
 */
export function languageCookie({ secure }: { secure: boolean }) {
  return createCookie(hostCookieName(LANGUAGE_COOKIE_NAME, { secure }), {
    path: "/",
    sameSite: "lax",
    httpOnly: true,
    secure,
    maxAge: 60 * 60 * 24 * 365,
  });
}

/** Detection order: docs/i18n.md. remix-i18next detects; the texts come from utils/translator.ts (decision 012). */
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
  });
}

/**
 * Keyed by the context, not the Request (loaders get a copy), and isolate-wide because server.ts
 * and the build each bundle this module (utils/isolate-shared.ts).
 */
const detected = isolateShared(
  "detected-languages",
  () => new WeakMap<AppLoadContext, Map<string, Promise<Language>>>(),
);
// Signed out, the language depends only on `?lng=`, the cookies and Accept-Language: cacheable.
const anonymousDetections = new Map<string, Language>();
const SESSION_COOKIE = /(^|;\s*)(__Host-)?jm_session=/;

export function detectLanguage(request: Request, context: AppLoadContext): Promise<Language> {
  const cookies = request.headers.get("Cookie") ?? "";
  const inputs = `${new URL(request.url).searchParams.get("lng")}|${cookies}|${request.headers.get("Accept-Language")}`;
  let byInputs = detected.get(context);
  if (!byInputs) detected.set(context, (byInputs = new Map()));
  let language = byInputs.get(inputs);
  if (!language) {
    const anonymous = !SESSION_COOKIE.test(cookies);
    const known = anonymous ? anonymousDetections.get(inputs) : undefined;
    language = known
      ? Promise.resolve(known)
      : timePhase("i18n", () => context.i18n.getLocale(request)).then((locale) => {
          const found = isSupportedLanguage(locale) ? locale : FALLBACK_LANGUAGE;
          if (anonymous && anonymousDetections.size < 500) anonymousDetections.set(inputs, found);
          return found;
        });
    byInputs.set(inputs, language);
  }
  return language;
}

const translators = new Map<string, TFunction>();

/** English answers for a missing text. */
export function translatorFor(language: Language, namespace: Namespace = DEFAULT_NAMESPACE): TFunction {
  const cacheKey = `${language}:${namespace}`;
  let t = translators.get(cacheKey);
  if (!t) {
    t = createTranslator({
      language,
      texts: resources[language],
      namespace,
      fallback: { language: FALLBACK_LANGUAGE, texts: resources[FALLBACK_LANGUAGE] },
    });
    translators.set(cacheKey, t);
  }
  return t;
}

/** The one way a loader or action gets its language and `t`. */
export async function getRequestI18n(
  request: Request,
  context: AppLoadContext,
  namespace: Namespace = DEFAULT_NAMESPACE,
) {
  const language = await detectLanguage(request, context);
  return { language, t: translatorFor(language, namespace) };
}

/** Changes whenever a text does (FNV-1a of every file): the translation files' cache key. */
export const TRANSLATIONS_VERSION = (() => {
  const text = JSON.stringify(resources);
  let hash = 0x811c9dc5;
  for (let index = 0; index < text.length; index++) {
    hash ^= text.charCodeAt(index);
    hash = Math.imul(hash, 0x01000193);
  }
  return (hash >>> 0).toString(36);
})();

/** The server's tree reads every namespace; the browser starts with the matched routes' `handle.i18n`. */
export function serverTranslations(language: Language, namespaces: readonly string[]): TranslationsValue {
  const pageNamespaces = [...new Set([DEFAULT_NAMESPACE, ...namespaces])].filter((namespace) =>
    (NAMESPACES as readonly string[]).includes(namespace),
  );
  return {
    language,
    texts: resources[language],
    fallback: { language: FALLBACK_LANGUAGE, texts: resources[FALLBACK_LANGUAGE] },
    pageNamespaces,
    version: TRANSLATIONS_VERSION,
  };
}
