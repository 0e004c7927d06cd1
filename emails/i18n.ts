import type { Language } from "#app/i18n";
import { translatorFor } from "#app/i18n.server";
import type { Namespace } from "#app/locales/resources";
import type { TFunction } from "#app/utils/translator";

/**
 * A mail's `t`: in the recipient's language, not in the language of whoever triggered
 * it; the same texts and rules as the pages (app/utils/translator.ts).
 */
export function mailT(locale: Language, namespace: Namespace): TFunction {
  return translatorFor(locale, namespace);
}
