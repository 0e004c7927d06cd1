// The value lists of the data model, for the schema and the browser: client code imports them from here, never app/db/.
export const ROLES = ["client", "gestionnaire", "admin"] as const;
export type Role = (typeof ROLES)[number];
export const PROFILE_LANGUAGES = ["fr", "en", "de", "es"] as const;
export type ProfileLanguage = (typeof PROFILE_LANGUAGES)[number];
export const ORDER_STATUSES = ["pending", "processing", "completed", "cancelled"] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];
export const TOKEN_PURPOSES = ["email_confirmation", "password_reset"] as const;
export const WEBAUTHN_PURPOSES = ["register", "authenticate"] as const;
export type WebauthnPurpose = (typeof WEBAUTHN_PURPOSES)[number];
export const DEPARTURE_TIME_TYPES = ["exact", "slot"] as const;
export const TIME_SLOTS = ["00-04", "04-08", "08-12", "12-16", "16-20", "20-24"] as const;
export const FLIGHT_SOURCES = ["feed", "staff", "demo"] as const;
export const MAIL_STATUSES = ["pending", "sent", "failed"] as const;
export const SYNC_STATUSES = ["running", "success", "error"] as const;
export const SYNC_SKIP_REASONS = ["invalid", "duplicate", "conflict", "moveUnconfirmed", "routeChanged"] as const;
export type SyncSkipReason = (typeof SYNC_SKIP_REASONS)[number];
export type SkippedFlight = {
  reason: SyncSkipReason;
  from: string;
  to: string;
  fromCity: string;
  toCity: string;
  departure: number;
};
export type SyncSkips = { counts: Partial<Record<SyncSkipReason, number>>; flights: SkippedFlight[] };
export const REQUEST_STATUSES = ["new", "handled"] as const;
export type RequestStatus = (typeof REQUEST_STATUSES)[number];
export const REQUEST_KINDS = ["exclusive", "custom", "newsletter"] as const;
export type RequestKind = (typeof REQUEST_KINDS)[number];
/** The requests an offer answers (docs/decisions/058-offers.md). */
export const OFFER_REQUEST_KINDS = ["custom", "exclusive"] as const;
export type OfferRequestKind = (typeof OFFER_REQUEST_KINDS)[number];
/** Stored; "expired" is an open offer past its `expires_at`, read, never written. */
export const OFFER_STATUSES = ["open", "accepted", "declined", "withdrawn", "superseded"] as const;
export type OfferStatus = (typeof OFFER_STATUSES)[number];
export const OFFER_MESSAGE_AUTHORS = ["customer", "staff"] as const;
/** A custom or exclusive request's state in the inbox: its own status, or its last offer's. */
export const INBOX_STATES = ["new", "handled", "offered", "accepted", "declined", "expired"] as const;
export type InboxState = (typeof INBOX_STATES)[number];
/** Kept apart from changed_by, so a deleted user reads as 'Utilisateur inconnu', never as the sync. */
export const FLIGHT_LOG_ACTORS = ["staff", "sync", "customer", "system"] as const;
export type FlightLogActor = (typeof FLIGHT_LOG_ACTORS)[number];

export const DEFAULT_PROBABILITY = 80;

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
/** A departed flight stays "scheduled": its date tells its departure. */
export const FLIGHT_STATUSES = ["scheduled", "cancelled"] as const;
export type FlightStatus = (typeof FLIGHT_STATUSES)[number];
export const FLIGHT_CANCEL_REASONS = [
  "operator",
  "weather",
  "technical",
  "other",
  "feedCancelled",
  "feedMissing",
] as const;
export type FlightCancelReason = (typeof FLIGHT_CANCEL_REASONS)[number];
export const RECEIPT_KINDS = ["receipt", "creditNote"] as const;
export type ReceiptKind = (typeof RECEIPT_KINDS)[number];
export const ORDER_ACTORS = ["customer", "provider", "staff", "system"] as const;
export const TRAVEL_DOCUMENT_KINDS = ["passport", "identityCard"] as const;
/** What a staff member did with a flight's manifest (docs/privacy.md 'Manifests'). */
export const MANIFEST_ACCESS_ACTIONS = ["view", "csv", "pdf", "edit"] as const;
export type ManifestAccessAction = (typeof MANIFEST_ACCESS_ACTIONS)[number];
/** The order messages the cron writes before a flight, each at most once per order. */
export const ONCE_PER_ORDER_MESSAGES = [
  "manifestReminder72",
  "manifestReminder30",
  "travelDay",
  "notifyManifestReminder72",
  "notifyManifestReminder30",
  "notifyTravelDay",
] as const;
export type OrderActor = (typeof ORDER_ACTORS)[number];

export const ALERT_PLACE_KINDS = ["city", "country"] as const;
export const ALERT_WINDOWS = [7, 14, 30] as const;
export const ALERT_WEEKLY_CAPS = [1, 2, 3, 7] as const;
export const MAX_ALERT_WATCHES = 5;
/** km (decision 036); 0: the city's own airports. */
export const SEARCH_RADII_KM = [0, 50, 100, 200] as const;

/** The notifications also pushed to a customer's devices (docs/decisions/057-web-push.md; migration 0021's trigger). */
export const PUSHED_NOTIFICATION_TYPES = [
  "flight_alert",
  "seat_released",
  "order_flight_cancelled",
  "order_cancelled",
  "order_rescheduled",
] as const;
export const PUSH_OUTCOMES = ["sent", "capped", "noDevice"] as const;
