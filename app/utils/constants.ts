/**
 * The value lists of the data model, shared by the schema (app/db/schema.ts) and by
 * browser code (forms, badges). Nothing here imports drizzle: client code imports
 * from this module, never from app/db/.
 */
export const ROLES = ["client", "gestionnaire", "admin"] as const;
export type Role = (typeof ROLES)[number];
export const PROFILE_LANGUAGES = ["fr", "en", "de", "es"] as const;
export type ProfileLanguage = (typeof PROFILE_LANGUAGES)[number];
export const ORDER_STATUSES = ["pending", "processing", "completed", "cancelled"] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];
export const TOKEN_PURPOSES = ["email_confirmation", "password_reset"] as const;
/** What a WebAuthn challenge was made for (decision 038). */
export const WEBAUTHN_PURPOSES = ["register", "authenticate"] as const;
export type WebauthnPurpose = (typeof WEBAUTHN_PURPOSES)[number];
export const DEPARTURE_TIME_TYPES = ["exact", "slot"] as const;
export const TIME_SLOTS = ["00-04", "04-08", "08-12", "12-16", "16-20", "20-24"] as const;
export const FLIGHT_SOURCES = ["feed", "staff", "demo"] as const;
export const MAIL_STATUSES = ["pending", "sent", "failed"] as const;
export const SYNC_STATUSES = ["running", "success", "error"] as const;
/**
 * Why a sync left a feed flight aside (docs/sync.md 'Skipped flights'): unreadable, listed
 * twice, its slot held by another flight of ours, a move to confirm by a complete list, or a
 * known leg announced on other airports.
 */
export const SYNC_SKIP_REASONS = ["invalid", "duplicate", "conflict", "moveUnconfirmed", "routeChanged"] as const;
export type SyncSkipReason = (typeof SYNC_SKIP_REASONS)[number];
/** A skipped feed flight staff can look for: its route (ICAO codes, cities as the feed names them) and departure. */
export type SkippedFlight = {
  reason: SyncSkipReason;
  from: string;
  to: string;
  fromCity: string;
  toCity: string;
  departure: number;
};
/** What one run skipped: the count by reason, and the first few flights staff may act on. */
export type SyncSkips = { counts: Partial<Record<SyncSkipReason, number>>; flights: SkippedFlight[] };
/** A traveller's request (exclusive or custom) as staff handle it in the 'Demandes' tab. */
export const REQUEST_STATUSES = ["new", "handled"] as const;
export type RequestStatus = (typeof REQUEST_STATUSES)[number];
/** The lists of the 'Demandes' tab. */
export const REQUEST_KINDS = ["exclusive", "custom", "newsletter"] as const;
export type RequestKind = (typeof REQUEST_KINDS)[number];
/**
 * Who made a change in a flight's history (flight_logs.actor): a staff member
 * (changed_by), the feed sync (changed_by: who pressed 'Sync API', null for the cron),
 * a customer's checkout (changed_by: the buyer, null when anonymous), or the
 * housekeeping cron. Kept apart from changed_by so a deleted user still reads as
 * 'Utilisateur inconnu', never as the sync.
 */
export const FLIGHT_LOG_ACTORS = ["staff", "sync", "customer", "system"] as const;
export type FlightLogActor = (typeof FLIGHT_LOG_ACTORS)[number];

/** A flight's probability when nobody said otherwise (feed, staff, demo): the spec's 80 %. */
export const DEFAULT_PROBABILITY = 80;

/**
 * Where an order's money stands (docs/payments.md): nothing yet; the card authorised at
 * booking; captured when staff validated; the authorisation released (refusal, expiry,
 * a late payment); paid outside the site (bank transfer, recorded by staff); the payment
 * failed; money went back, in full or in part (`orders.refunded_cents` says how much); a
 * refund the provider refused (shown to staff as 'Remboursement à traiter').
 */
export const PAYMENT_STATES = [
  "none",
  "authorised",
  "captured",
  "released",
  "offline",
  "failed",
  "refunded",
  "refundFailed",
] as const;
export type PaymentState = (typeof PAYMENT_STATES)[number];
/** Why an order was cancelled, for its mail and the back-office. */
export const CANCEL_REASONS = [
  "refused",
  "expired",
  "paymentFailed",
  "departed",
  "flightCancelled",
  "customer",
  "authorisationLapsed",
] as const;
export type CancelReason = (typeof CANCEL_REASONS)[number];
/**
 * A flight's life (docs/payments.md): on sale until cancelled. A departed flight stays
 * "scheduled": its departure is told by its date.
 */
export const FLIGHT_STATUSES = ["scheduled", "cancelled"] as const;
export type FlightStatus = (typeof FLIGHT_STATUSES)[number];
/**
 * Why a flight was cancelled: by staff (the operator cancelled, weather, technical, other
 * with their words in `flights.cancel_note`), or by the sync (the feed said cancelled, or
 * the flight was missing from two complete syncs in a row).
 */
export const FLIGHT_CANCEL_REASONS = [
  "operator",
  "weather",
  "technical",
  "other",
  "feedCancelled",
  "feedMissing",
] as const;
export type FlightCancelReason = (typeof FLIGHT_CANCEL_REASONS)[number];
/** What an accounting document is: a receipt after a capture, a credit note after a refund. */
export const RECEIPT_KINDS = ["receipt", "creditNote"] as const;
export type ReceiptKind = (typeof RECEIPT_KINDS)[number];
/** Who moved an order (order_events.actor). */
export const ORDER_ACTORS = ["customer", "provider", "staff", "system"] as const;
export type OrderActor = (typeof ORDER_ACTORS)[number];

/**
 * Route alerts (decision 022): where a watch leaves from or goes to, its window in days, the
 * weekly mail caps.
 */
export const ALERT_PLACE_KINDS = ["city", "country"] as const;
export const ALERT_WINDOWS = [7, 14, 30] as const;
export const ALERT_WEEKLY_CAPS = [1, 2, 3, 7] as const;
export const MAX_ALERT_WATCHES = 5;
/** The radii around a departure city the search and the route alerts offer, in km (decision 036); 0: the city's own airports. */
export const SEARCH_RADII_KM = [0, 50, 100, 200] as const;
