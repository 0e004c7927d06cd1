import { RemixBrowser } from "@remix-run/react";
import { type ReactNode, startTransition, StrictMode, useCallback, useMemo, useState } from "react";
import { hydrateRoot } from "react-dom/client";

import { FALLBACK_LANGUAGE, isSupportedLanguage, type Language } from "./i18n";
import { startTranslations, switchLanguage } from "./i18n.client";
import { logClientError } from "./utils/client-log";
import { registerServiceWorker } from "./utils/service-worker.client";
import { TRANSLATION_LINK_ATTRIBUTE, TranslationsProvider, type TranslationsValue } from "./utils/translations";
import type { LanguageTexts } from "./utils/translator";

type Initial = { language: Language; texts: LanguageTexts; pageNamespaces: string[]; version: string };

async function loadInitialTranslations(): Promise<Initial> {
  const htmlLanguage = document.documentElement.lang;
  const language: Language = isSupportedLanguage(htmlLanguage) ? htmlLanguage : FALLBACK_LANGUAGE;
  const links = [...document.querySelectorAll<HTMLLinkElement>(`link[${TRANSLATION_LINK_ATTRIBUTE}]`)];
  const pageNamespaces = links.map((link) => link.getAttribute(TRANSLATION_LINK_ATTRIBUTE) ?? "");
  const version = links[0] ? (new URL(links[0].href).searchParams.get("v") ?? "") : "";
  return { language, pageNamespaces, version, texts: await startTranslations(language, pageNamespaces, version) };
}

function BrowserTranslations({ initial, children }: { initial: Initial; children: ReactNode }) {
  const [current, setCurrent] = useState<{ language: Language; texts: LanguageTexts }>(initial);
  const changeLanguage = useCallback((language: Language) => {
    switchLanguage(language).then(
      (texts) => setCurrent({ language, texts }),
      (error: unknown) => logClientError("translations.language-load-failed", error),
    );
  }, []);
  const value = useMemo<TranslationsValue>(
    () => ({ ...current, pageNamespaces: initial.pageNamespaces, version: initial.version, changeLanguage }),
    [current, initial, changeLanguage],
  );
  return <TranslationsProvider value={value}>{children}</TranslationsProvider>;
}

// Single fetch can leave an aborted reload's promise rejecting with nobody waiting
// (remix-run/react-router#14761): silence only that AbortError.
window.addEventListener("unhandledrejection", (event) => {
  if (event.reason instanceof DOMException && event.reason.name === "AbortError") event.preventDefault();
});

registerServiceWorker();

// Without its texts the page stays as the server rendered it: every form still works.
loadInitialTranslations().then(
  (initial) => {
    startTransition(() => {
      hydrateRoot(
        document,
        <BrowserTranslations initial={initial}>
          <StrictMode>
            <RemixBrowser />
          </StrictMode>
        </BrowserTranslations>,
      );
    });
  },
  (error: unknown) => logClientError("translations.page-load-failed", error),
);
