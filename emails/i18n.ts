import i18next, { type TFunction } from "i18next";
import { FALLBACK_LANGUAGE, i18nOptions, type Language } from "#app/i18n";
import { resources } from "#app/locales/resources";
import type { Namespace } from "#app/locales/resources";

/**
 * One i18next instance for mails, separate from the request's: a mail is written in
 * the recipient's language, not in the language of whoever triggered it. The
 * resources are bundled, so initialisation is synchronous.
 */
const instance = i18next.createInstance();
void instance.init({ ...i18nOptions, resources, lng: FALLBACK_LANGUAGE, initImmediate: false });

export function mailT(locale: Language, namespace: Namespace): TFunction {
  return instance.getFixedT(locale, namespace) as TFunction;
}
