import { render, toPlainText } from "@react-email/render";
import { createElement } from "react";

import { FALLBACK_LANGUAGE, type Language, uiLanguageFor } from "#app/i18n";
import { translatorFor } from "#app/i18n.server";
import { headerSafe, type MailHeaders, unsubscribeHeaders } from "#app/mail/mail-header";

import { MailSubject } from "./components/layout";
import type { MailData, MailDefinition } from "./define-mail";
import { type MailTemplateName, mailTemplates } from "./registry";

/** `headers`: what the mail is sent with besides From, To and Subject; null for none. */
export type RenderedMail = {
  subject: string;
  html: string;
  text: string;
  locale: Language;
  headers: MailHeaders | null;
};

/**
 * Renders one registered mail in the recipient's language: HTML and the plain-text
 * part. A profile language the mails do not have (es) falls back to English.
 */
export async function renderMail<Name extends MailTemplateName>(
  template: Name,
  locale: string,
  data: MailData<(typeof mailTemplates)[Name]>,
): Promise<RenderedMail> {
  // Indexing the registry with a generic name gives a union of definitions whose
  // `render` TypeScript cannot call; the signature above already ties data to template.
  const definition = mailTemplates[template] as MailDefinition<MailData<(typeof mailTemplates)[Name]>> | undefined;
  if (!definition) throw new Error(`Unknown mail template "${template}"`);
  const language = uiLanguageFor(locale) ?? FALLBACK_LANGUAGE;
  const { subject, body } = definition.render(data, {
    t: translatorFor(language, definition.namespace),
    locale: language,
  });
  const document = createElement(MailSubject.Provider, { value: subject }, body);
  // Rendered once: the plain-text part is converted from that HTML, which is what
  // `render(document, { plainText: true })` does after a second render (half the CPU).
  const html = wellFormed(await render(document));
  const unsubscribeUrl = definition.unsubscribeUrl?.(data);
  // The header and the visible link are one link: a mail that offers one shows the other.
  if (unsubscribeUrl !== undefined && !html.includes(`href="${escapeAttribute(unsubscribeUrl)}"`)) {
    throw new Error(`Mail template "${template}" declares an unsubscribe link but does not show it`);
  }
  // The subject carries customers' names: never a CR or LF into the header.
  return {
    subject: headerSafe(subject),
    html,
    text: toPlainText(html),
    locale: language,
    headers: unsubscribeUrl === undefined ? null : unsubscribeHeaders(unsubscribeUrl),
  };
}

/** A value as React writes it into an attribute. */
function escapeAttribute(value: string): string {
  return value
    .replaceAll("&", "&amp;")
    .replaceAll('"', "&quot;")
    .replaceAll("'", "&#x27;")
    .replaceAll("<", "&lt;")
    .replaceAll(">", "&gt;");
}

/** React's streaming renderer wraps the document in Suspense markers: nothing may sit outside <html>. */
function wellFormed(html: string): string {
  return html.replace(/^(<!DOCTYPE[^>]*>)<!--\$-->/, "$1").replace(/<!--\/\$-->\s*$/, "");
}
