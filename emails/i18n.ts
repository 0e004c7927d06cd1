import i18next, { type i18n, type TFunction } from "i18next";
import { FALLBACK_LANGUAGE, i18nOptions, type Language } from "#app/i18n";
import { resources, type Namespace } from "#app/locales/resources";

let instance: i18n | null = null;

/**
 * One i18next instance for mails, separate from the request's: a mail is written in
 * the recipient's language, not in the language of whoever triggered it. Created on
 * first use; the resources are bundled, so initialisation is synchronous.
 */
function mailI18n(): i18n {
  if (!instance) {
    instance = i18next.createInstance();
    void instance.init({ ...i18nOptions, resources, lng: FALLBACK_LANGUAGE, initImmediate: false });
  }
  return instance;
}

export function mailT(locale: Language, namespace: Namespace): TFunction {
  return mailI18n().getFixedT(locale, namespace) as TFunction;
}
