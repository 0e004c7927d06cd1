import { RemixBrowser } from "@remix-run/react";
import i18next, { type BackendModule } from "i18next";
import { StrictMode, startTransition } from "react";
import { hydrateRoot } from "react-dom/client";
import { I18nextProvider, initReactI18next } from "react-i18next";
import { FALLBACK_LANGUAGE, i18nOptions, isSupportedLanguage } from "./i18n";
import { getInitialNamespaces } from "remix-i18next/client";
import { loadNamespace, loadNamespaces } from "./i18n.client";

/**
 * Loads a namespace the page did not start with (a route reached by a client-side
 * navigation, or another language after a switch): one small chunk each.
 */
const chunkBackend: BackendModule = {
  type: "backend",
  init() {},
  read(language, namespace, callback) {
    if (!isSupportedLanguage(language)) return callback(null, {});
    loadNamespace(language, namespace).then(
      (resources) => callback(null, resources),
      (error: Error) => callback(error, null),
    );
  },
};

async function hydrate() {
  const htmlLang = document.documentElement.lang;
  const language = isSupportedLanguage(htmlLang) ? htmlLang : FALLBACK_LANGUAGE;
  // Only the namespaces the matched routes declare in `handle.i18n` (root: the frame's).
  const namespaces = [...new Set(getInitialNamespaces())];
  await i18next
    .use(initReactI18next)
    .use(chunkBackend)
    .init({
      ...i18nOptions,
      lng: language,
      ns: namespaces,
      partialBundledLanguages: true,
      resources: { [language]: await loadNamespaces(language, namespaces) },
    });

  startTransition(() => {
    hydrateRoot(
      document,
      <I18nextProvider i18n={i18next}>
        <StrictMode>
          <RemixBrowser />
        </StrictMode>
      </I18nextProvider>,
    );
  });
}

void hydrate();
