/**
 * Every translation file, by language and namespace. French is the source text;
 * each key exists in all three languages (app/locales/locales.test.ts).
 * Namespaces: `translation` (frame, shared texts), `auth` (accounts and mail),
 * `catalogue` (home, flights, requests, content pages), `mail` (mails and the dev
 * mailbox). Add a namespace here.
 */
import deAuth from "./de/auth.json";
import deCatalogue from "./de/catalogue.json";
import deMail from "./de/mail.json";
import deTranslation from "./de/translation.json";
import enAuth from "./en/auth.json";
import enCatalogue from "./en/catalogue.json";
import enMail from "./en/mail.json";
import enTranslation from "./en/translation.json";
import frAuth from "./fr/auth.json";
import frCatalogue from "./fr/catalogue.json";
import frMail from "./fr/mail.json";
import frTranslation from "./fr/translation.json";

export const NAMESPACES = ["translation", "auth", "catalogue", "mail"] as const;
export type Namespace = (typeof NAMESPACES)[number];

export const resources = {
  fr: { translation: frTranslation, auth: frAuth, catalogue: frCatalogue, mail: frMail },
  en: { translation: enTranslation, auth: enAuth, catalogue: enCatalogue, mail: enMail },
  de: { translation: deTranslation, auth: deAuth, catalogue: deCatalogue, mail: deMail },
} satisfies Record<string, Record<Namespace, unknown>>;
