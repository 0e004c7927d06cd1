import type { Language } from "#app/i18n";

/** A text written in each UI language; French is the source. */
export type Localized<T = string> = Record<Language, T>;

/** A content page: read by a loader, so the long texts never ship in the page's JavaScript. */
export type ContentDocument = {
  title: string;
  intro: string;
  /** `id`: the section's anchor, for a link to one question (/faq#co2). */
  sections: Array<{ id?: string; heading: string; paragraphs: string[] }>;
};
