import type { Language } from "#app/i18n";

/** A text written in each UI language; French is the source. */
export type Localized<T = string> = Record<Language, T>;

/** A content page: read by a loader, so the long texts never ship in the page's JavaScript. */
export type ContentDocument = {
  title: string;
  intro: string;
  sections: Array<{ heading: string; paragraphs: string[] }>;
};
