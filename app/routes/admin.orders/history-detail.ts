import type { Language } from "#app/i18n";
import { formatOrderAmount } from "#app/utils/format";

export type HistoryDetail = { key: string; values: Record<string, string> };

/** Moves whose detail is the provider's own words: staff may need them to settle a refusal. */
const PROVIDER_MESSAGES = new Set(["captureFailed", "releaseFailed", "refundFailed"]);

const isCents = (text: string) => /^\d+$/.test(text);

/**
 * What a history row's stored detail means to a person, as a translation key and its values
 * (`orders.history.details.*`). The detail is written for the record (cents, the provider's event
 * ids): amounts come out in the reader's language, ids not at all.
 */
export function historyDetail(
  event: { move: string; paymentState: string | null; detail: string | null },
  language: Language,
): HistoryDetail | null {
  const { move, detail } = event;
  if (!detail) return null;
  const amount = (cents: string) => formatOrderAmount(Number(cents), language);
  if (move === "refunded" && isCents(detail)) return { key: "refundedTotal", values: { amount: amount(detail) } };
  // Written when the cancellation leaves it to staff (what is owed), and when staff settle it (the total).
  if (move === "refundManual" && isCents(detail))
    return {
      key: event.paymentState === "refundFailed" ? "toRefund" : "refundedTotal",
      values: { amount: amount(detail) },
    };
  if (move === "amountMismatch") {
    // "<event id>: <cents or ?> <currency or ?>"
    const [cents, currency] = detail.split(": ").at(-1)?.split(" ") ?? [];
    if (cents && isCents(cents) && currency?.toLowerCase() === "eur")
      return { key: "received", values: { amount: amount(cents) } };
    return cents && isCents(cents) && currency && /^[a-z]{3}$/i.test(currency)
      ? { key: "receivedOther", values: { amount: `${Number(cents) / 100} ${currency.toUpperCase()}` } }
      : null;
  }
  if (PROVIDER_MESSAGES.has(move)) return { key: "provider", values: { message: detail } };
  return null;
}
