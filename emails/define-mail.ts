import type { ReactElement } from "react";

import type { Language } from "#app/i18n";
import type { Namespace } from "#app/locales/resources";
import type { TFunction } from "#app/utils/translator";

/** What a template's `render` receives besides its data. */
export type MailRenderHelpers = {
  /** Fixed to the recipient's language and to the definition's namespace. */
  t: TFunction;
  locale: Language;
};

export type MailDefinition<Data> = {
  /** Namespace of app/locales the template's texts live in. */
  namespace: Namespace;
  render: (data: Data, helpers: MailRenderHelpers) => { subject: string; body: ReactElement };
  /**
   * For mails one can unsubscribe from (alerts, the newsletter): the absolute link that
   * unsubscribes without signing in, taken from the data. The mail then carries the
   * List-Unsubscribe headers (RFC 8058) with it, and its body must show the same link
   * (renderMail refuses it otherwise).
   */
  unsubscribeUrl?: (data: Data) => string;
};

/** The data type a mail definition expects. */
export type MailData<Definition> = Definition extends MailDefinition<infer Data> ? Data : never;

/**
 * Declares one mail (one file per mail in emails/); register it in emails/registry.ts.
 * Only an identity function: it gives `render` its types.
 */
export function defineMail<Data>(definition: MailDefinition<Data>): MailDefinition<Data> {
  return definition;
}
