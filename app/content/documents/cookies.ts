import type { Language } from "#app/i18n";

import type { ContentDocument, Localized } from "../localized";

export const COOKIES: Localized<ContentDocument> = {
  fr: {
    title: "Politique des cookies",
    intro:
      "Nous utilisons uniquement les cookies nécessaires au fonctionnement du site, sauf si vous acceptez les autres catégories ci-dessous.",
    sections: [
      {
        heading: "Qu'est-ce qu'un cookie ?",
        paragraphs: [
          "Un petit fichier enregistré par votre navigateur, qui permet par exemple de garder votre session ouverte ou de retenir votre langue.",
        ],
      },
      {
        heading: "Vos choix",
        paragraphs: [
          "Les cookies essentiels sont toujours actifs. Les cookies d'analyse et de marketing ne sont déposés qu'avec votre accord, que vous pouvez modifier à tout moment ci-dessous. À ce jour, aucun outil d'analyse ni de marketing n'est chargé sur le site.",
        ],
      },
    ],
  },
  en: {
    title: "Cookie policy",
    intro: "We only use the cookies the website needs to work, unless you accept the other categories below.",
    sections: [
      {
        heading: "What is a cookie?",
        paragraphs: [
          "A small file stored by your browser, which for example keeps you signed in or remembers your language.",
        ],
      },
      {
        heading: "Your choices",
        paragraphs: [
          "Essential cookies are always on. Analytics and marketing cookies are only set with your consent, which you can change at any time below. At present no analytics or marketing tool is loaded on the website.",
        ],
      },
    ],
  },
  de: {
    title: "Cookie-Richtlinie",
    intro:
      "Wir verwenden nur die für den Betrieb der Website nötigen Cookies, ausser Sie akzeptieren die anderen Kategorien unten.",
    sections: [
      {
        heading: "Was ist ein Cookie?",
        paragraphs: [
          "Eine kleine Datei, die Ihr Browser speichert, um zum Beispiel Ihre Sitzung offen zu halten oder Ihre Sprache zu merken.",
        ],
      },
      {
        heading: "Ihre Wahl",
        paragraphs: [
          "Essenzielle Cookies sind immer aktiv. Analyse- und Marketing-Cookies werden nur mit Ihrer Zustimmung gesetzt, die Sie unten jederzeit ändern können. Derzeit wird auf der Website kein Analyse- oder Marketingwerkzeug geladen.",
        ],
      },
    ],
  },
};

/** French writes the date in figures, each other language its own way. */
export const COOKIES_LAST_UPDATED: Record<Language, string> = {
  fr: "13.03.2025",
  en: "13 March 2025",
  de: "13. März 2025",
};
