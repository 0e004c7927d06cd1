// Every translation file (namespaces: docs/i18n.md); each key exists in all three languages
// (locales.test.ts). Add a namespace here.
import deAdmin from "./de/admin.json";
import deAuth from "./de/auth.json";
import deCatalogue from "./de/catalogue.json";
import deMail from "./de/mail.json";
import deOffers from "./de/offers.json";
import deTranslation from "./de/translation.json";
import enAdmin from "./en/admin.json";
import enAuth from "./en/auth.json";
import enCatalogue from "./en/catalogue.json";
import enMail from "./en/mail.json";
import enOffers from "./en/offers.json";
import enTranslation from "./en/translation.json";
import frAdmin from "./fr/admin.json";
import frAuth from "./fr/auth.json";
import frCatalogue from "./fr/catalogue.json";
import frMail from "./fr/mail.json";
import frOffers from "./fr/offers.json";
import frTranslation from "./fr/translation.json";

export const NAMESPACES = ["translation", "auth", "catalogue", "mail", "admin", "offers"] as const;
export type Namespace = (typeof NAMESPACES)[number];

export const resources = {
  fr: {
    translation: frTranslation,
    auth: frAuth,
    catalogue: frCatalogue,
    mail: frMail,
    admin: frAdmin,
    offers: frOffers,
  },
  en: {
    translation: enTranslation,
    auth: enAuth,
    catalogue: enCatalogue,
    mail: enMail,
    admin: enAdmin,
    offers: enOffers,
  },
  de: {
    translation: deTranslation,
    auth: deAuth,
    catalogue: deCatalogue,
    mail: deMail,
    admin: deAdmin,
    offers: deOffers,
  },
} satisfies Record<string, Record<Namespace, unknown>>;
