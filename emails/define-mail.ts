import type { TFunction } from "#app/utils/translator";
import type { ReactElement } from "react";
import type { Language } from "#app/i18n";
import type { Namespace } from "#app/locales/resources";

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
