/**
 * Every order URL the app builds, in one place (a pure leaf: it imports nothing). Paths
 * only: mails and the payment provider make them absolute with `absoluteUrl`
 * (utils/urls.ts). `linkKey` is the key of a link to the order (orders/order-life.queries.server.ts
 * `createOrderLink`): it opens the page to whoever holds the link; without it, only a
 * signed-in reader of the order gets in.
 */

function withLinkKey(path: string, linkKey: string | null | undefined) {
  return linkKey ? `${path}?${new URLSearchParams({ key: linkKey })}` : path;
}

/** The order page (/confirmation/{orderId}), with the key of a link to it when there is one. */
export function orderPagePath(orderId: string, linkKey?: string | null) {
  return withLinkKey(`/confirmation/${orderId}`, linkKey);
}

/**
 * Where 'Payer maintenant' goes and comes back: the order page's form posts there
 * (intent `pay`), and the provider's page returns the buyer there, paid or not. It is the
 * order page with the link's key, so the buyer needs no account to pay.
 */
export function orderPaymentPath(orderId: string, linkKey: string) {
  return orderPagePath(orderId, linkKey);
}

/** The confirmed order's calendar file ('Ajouter à mon agenda'), with the link's key when there is one. */
export function orderCalendarPath(orderId: string, linkKey?: string | null) {
  return withLinkKey(`/confirmation/${orderId}/calendar.ics`, linkKey);
}

/** The order's passenger list (the manifest), with the link's key when there is one. */
export function orderManifestPath(orderId: string, linkKey?: string | null) {
  return withLinkKey(`/confirmation/${orderId}/manifest`, linkKey);
}

/** The file names of an order's documents (orders/receipts.server.ts), as their URLs end. */
export const RECEIPT_FILES = { receipt: "receipt.pdf", creditNote: "credit-note.pdf" } as const;

/** An order's receipt or credit note as a PDF, with the link's key when there is one. */
export function orderReceiptPath(orderId: string, kind: keyof typeof RECEIPT_FILES, linkKey?: string | null) {
  return withLinkKey(`/confirmation/${orderId}/${RECEIPT_FILES[kind]}`, linkKey);
}

/** The order in the back-office: the order list searched for its reference. */
export function backOfficeOrderPath(reference: string) {
  return `/admin/orders?${new URLSearchParams({ q: reference })}`;
}

/**
 * The order page's cancellation step ('Annuler ma réservation', docs/decisions/033): the page
 * with `?step=cancel`, a plain link, so the confirmation works without JavaScript; its form
 * posts to the same URL.
 */
export function orderCancelPath(orderId: string, linkKey?: string | null) {
  const params = new URLSearchParams({ step: "cancel" });
  if (linkKey) params.set("key", linkKey);
  return `/confirmation/${orderId}?${params}`;
}

/** An offer's page (/offers/{offerId}), with the key its mail carries when there is one (docs/decisions/058-offers.md). */
export function offerPagePath(offerId: string, linkKey?: string | null) {
  return withLinkKey(`/offers/${offerId}`, linkKey);
}

/** The checkout of an offer: its passengers, terms and payment. */
export function offerAcceptPath(offerId: string, linkKey?: string | null) {
  return withLinkKey(`/offers/${offerId}/accept`, linkKey);
}
