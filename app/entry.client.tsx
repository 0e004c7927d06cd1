import { RemixBrowser } from "@remix-run/react";
import i18next, { type BackendModule } from "i18next";
import { StrictMode, startTransition } from "react";
import { hydrateRoot } from "react-dom/client";
import { I18nextProvider, initReactI18next } from "react-i18next";
import { FALLBACK_LANGUAGE, i18nOptions, isSupportedLanguage } from "./i18n";
import { loadTranslations } from "./i18n.client";

/** Loads another language's texts when the visitor switches (one small chunk each). */
const chunkBackend: BackendModule = {
  type: "backend",
  init() {},
  read(language, namespace, callback) {
    if (!isSupportedLanguage(language)) return callback(null, {});
    loadTranslations(language).then(
      (resources) => callback(null, resources[namespace] ?? {}),
      (error: Error) => callback(error, null),
    );
  },
};

async function hydrate() {
  const htmlLang = document.documentElement.lang;
  const language = isSupportedLanguage(htmlLang) ? htmlLang : FALLBACK_LANGUAGE;
  await i18next
    .use(initReactI18next)
    .use(chunkBackend)
    .init({
      ...i18nOptions,
      lng: language,
      partialBundledLanguages: true,
      resources: { [language]: await loadTranslations(language) },
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
