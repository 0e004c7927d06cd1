// The language of what an order sends (mails, receipts and credit notes, the calendar file): docs/orders.md 'Messages'.
import { FALLBACK_LANGUAGE, type Language, uiLanguageFor } from "#app/i18n";

/**
 * The account's language when the order has one (the customer may have switched since the booking), else the
 * order's own; a profile language the site does not speak (es) gives the fallback.
 */
export function orderAudienceLanguage({
  order,
  accountLanguage,
}: {
  order: { language: string };
  accountLanguage: string | null;
}): Language {
  return uiLanguageFor(accountLanguage ?? order.language) ?? FALLBACK_LANGUAGE;
}
