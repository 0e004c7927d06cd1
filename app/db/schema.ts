// The data model: docs/database.md (datetimes in UTC milliseconds, flight rates in whole EUR per minute, amounts in EUR
// cents). `drizzle-kit generate` turns it into migrations/.
import { sql } from "drizzle-orm";
import {
  type AnySQLiteColumn,
  check,
  customType,
  index,
  integer,
  real,
  sqliteTable,
  text,
  uniqueIndex,
} from "drizzle-orm/sqlite-core";

import {
  ALERT_PLACE_KINDS,
  ALERT_WINDOWS,
  CANCEL_REASONS,
  DEPARTURE_TIME_TYPES,
  FLIGHT_CANCEL_REASONS,
  FLIGHT_LOG_ACTORS,
  FLIGHT_SOURCES,
  FLIGHT_STATUSES,
  MAIL_STATUSES,
  MANIFEST_ACCESS_ACTIONS,
  OFFER_MESSAGE_AUTHORS,
  OFFER_REQUEST_KINDS,
  OFFER_STATUSES,
  ONCE_PER_ORDER_MESSAGES,
  ORDER_ACTORS,
  ORDER_STATUSES,
  PAYMENT_STATES,
  PROFILE_LANGUAGES,
  PUSH_OUTCOMES,
  RECEIPT_KINDS,
  REQUEST_STATUSES,
  ROLES,
  SEARCH_RADII_KM,
  SYNC_STATUSES,
  type SyncSkips,
  TIME_SLOTS,
  TOKEN_PURPOSES,
  TRAVEL_DOCUMENT_KINDS,
  WEBAUTHN_PURPOSES,
} from "../utils/constants";

const createdAt = () =>
  integer("created_at", { mode: "timestamp_ms" })
    .notNull()
    .default(sql`(unixepoch('subsec') * 1000)`);
const updatedAt = () =>
  integer("updated_at", { mode: "timestamp_ms" })
    .notNull()
    .default(sql`(unixepoch('subsec') * 1000)`);
const inList = (column: string, values: readonly string[]) =>
  sql.raw(`${column} in (${values.map((v) => `'${v}'`).join(", ")})`);

const ownedByUser = () =>
  text("user_id")
    .notNull()
    .references((): AnySQLiteColumn => users.id, { onDelete: "cascade" });
const aboutFlight = () =>
  text("flight_id")
    .notNull()
    .references((): AnySQLiteColumn => flights.id, { onDelete: "cascade" });

export const users = sqliteTable(
  "users",
  {
    id: text("id").primaryKey(),
    email: text("email").notNull(),
    passwordHash: text("password_hash").notNull(),
    firstName: text("first_name").notNull(),
    lastName: text("last_name").notNull(),
    phone: text("phone"),
    role: text("role", { enum: ROLES }).notNull().default("client"),
    language: text("language", { enum: PROFILE_LANGUAGES }).notNull().default("fr"),
    emailConfirmedAt: integer("email_confirmed_at", { mode: "timestamp_ms" }),
    alertWeeklyCap: integer("alert_weekly_cap"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("users_email_unique").on(t.email),
    index("users_created_at_idx").on(t.createdAt),
    check("users_role_check", inList("role", ROLES)),
    check("users_language_check", inList("language", PROFILE_LANGUAGES)),
  ],
);

export const sessions = sqliteTable(
  "sessions",
  {
    idHash: text("id_hash").primaryKey(),
    userId: ownedByUser(),
    expiresAt: integer("expires_at", { mode: "timestamp_ms" }).notNull(),
    /** The second factor is still owed (decision 027): such a session opens nothing but the code step. */
    secondFactorPending: integer("second_factor_pending", { mode: "boolean" }).notNull().default(false),
    passkeyVerified: integer("passkey_verified", { mode: "boolean" }).notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [index("sessions_user_idx").on(t.userId), index("sessions_expires_idx").on(t.expiresAt)],
);

/** Decision 027; `lastUsedStep`: a code of that 30-second step or an earlier one is refused (replay). */
export const secondFactors = sqliteTable("second_factors", {
  userId: text("user_id")
    .primaryKey()
    .references((): AnySQLiteColumn => users.id, { onDelete: "cascade" }),
  secret: text("secret").notNull(),
  confirmedAt: integer("confirmed_at", { mode: "timestamp_ms" }),
  lastUsedStep: integer("last_used_step").notNull().default(0),
  createdAt: createdAt(),
});

export const recoveryCodes = sqliteTable(
  "recovery_codes",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    userId: ownedByUser(),
    codeHash: text("code_hash").notNull(),
    usedAt: integer("used_at", { mode: "timestamp_ms" }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("recovery_codes_hash_unique").on(t.codeHash), index("recovery_codes_user_idx").on(t.userId)],
);

/** Bytes in a BLOB column: D1 binds a Uint8Array as a BLOB and reads one back as an ArrayBuffer. */
const bytes = customType<{ data: Uint8Array<ArrayBuffer>; driverData: ArrayBuffer | Uint8Array | number[] }>({
  dataType: () => "blob",
  toDriver: (value) => value,
  fromDriver: (value) => (value instanceof Uint8Array ? new Uint8Array(value) : new Uint8Array(value)),
});

export const passkeys = sqliteTable(
  "passkeys",
  {
    id: text("id").primaryKey(),
    userId: ownedByUser(),
    credentialId: text("credential_id").notNull(),
    publicKey: bytes("public_key").notNull(),
    counter: integer("counter").notNull().default(0),
    transports: text("transports").notNull().default(""),
    name: text("name").notNull(),
    createdAt: createdAt(),
    lastUsedAt: integer("last_used_at", { mode: "timestamp_ms" }),
  },
  (t) => [
    uniqueIndex("passkeys_credential_unique").on(t.credentialId),
    index("passkeys_user_idx").on(t.userId),
    check("passkeys_counter_check", sql`counter >= 0`),
  ],
);

export const webauthnChallenges = sqliteTable(
  "webauthn_challenges",
  {
    idHash: text("id_hash").primaryKey(),
    purpose: text("purpose", { enum: WEBAUTHN_PURPOSES }).notNull(),
    challenge: text("challenge").notNull(),
    userId: text("user_id").references((): AnySQLiteColumn => users.id, { onDelete: "cascade" }),
    network: text("network").notNull().default(""),
    expiresAt: integer("expires_at", { mode: "timestamp_ms" }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index("webauthn_challenges_expires_idx").on(t.expiresAt),
    index("webauthn_challenges_network_idx").on(t.network, t.expiresAt),
    check("webauthn_challenges_purpose_check", inList("purpose", WEBAUTHN_PURPOSES)),
  ],
);

export const oneTimeTokens = sqliteTable(
  "one_time_tokens",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    userId: ownedByUser(),
    purpose: text("purpose", { enum: TOKEN_PURPOSES }).notNull(),
    tokenHash: text("token_hash").notNull(),
    expiresAt: integer("expires_at", { mode: "timestamp_ms" }).notNull(),
    usedAt: integer("used_at", { mode: "timestamp_ms" }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("one_time_tokens_hash_unique").on(t.tokenHash),
    index("one_time_tokens_user_purpose_idx").on(t.userId, t.purpose),
    index("one_time_tokens_expires_idx").on(t.expiresAt),
    check("one_time_tokens_purpose_check", inList("purpose", TOKEN_PURPOSES)),
  ],
);

export const rateLimits = sqliteTable(
  "rate_limits",
  {
    key: text("key").primaryKey(),
    count: integer("count").notNull().default(0),
    windowEndsAt: integer("window_ends_at", { mode: "timestamp_ms" }).notNull(),
  },
  (t) => [index("rate_limits_window_idx").on(t.windowEndsAt)],
);

export const airports = sqliteTable(
  "airports",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    icaoCode: text("icao_code").notNull(),
    servedCity: text("served_city").notNull(),
    country: text("country").notNull().default("Unknown"),
    latitude: real("latitude").notNull().default(0),
    longitude: real("longitude").notNull().default(0),
  },
  (t) => [uniqueIndex("airports_icao_unique").on(t.icaoCode), index("airports_country_idx").on(t.country)],
);

/** Seats: decision 003; `available_seats` and `is_soldout` are computed by SQLite so every reader agrees. */
export const flights = sqliteTable(
  "flights",
  {
    id: text("id").primaryKey(),
    departureAirportId: integer("departure_airport_id")
      .notNull()
      .references(() => airports.id, { onDelete: "restrict" }),
    arrivalAirportId: integer("arrival_airport_id")
      .notNull()
      .references(() => airports.id, { onDelete: "restrict" }),
    departureDate: integer("departure_date", { mode: "timestamp_ms" }).notNull(),
    arrivalDate: integer("arrival_date", { mode: "timestamp_ms" }).notNull(),
    /** The sync's match key without a leg id (docs/sync.md): staff may move `departure_date` without losing it. */
    feedDepartureDate: integer("feed_departure_date", { mode: "timestamp_ms" }),
    feedLegId: text("feed_leg_id"),
    /** Minutes. */
    flightTime: integer("flight_time").notNull(),
    aircraftType: text("aircraft_type").notNull(),
    pricePerMinute: integer("price_per_minute").notNull(),
    feedProbability: integer("feed_probability").notNull().default(80),
    probabilityOverride: integer("probability_override"),
    feedSeats: integer("feed_seats").notNull(),
    seatsOverride: integer("seats_override"),
    seatsHeld: integer("seats_held").notNull().default(0),
    soldOutOverride: integer("soldout_override", { mode: "boolean" }),
    probability: integer("probability")
      .notNull()
      .generatedAlwaysAs(sql`coalesce(probability_override, feed_probability)`, { mode: "virtual" }),
    availableSeats: integer("available_seats")
      .notNull()
      .generatedAlwaysAs(sql`max(0, coalesce(seats_override, feed_seats) - seats_held)`, {
        mode: "virtual",
      }),
    isSoldOut: integer("is_soldout", { mode: "boolean" })
      .notNull()
      .generatedAlwaysAs(
        sql`coalesce(soldout_override, max(0, coalesce(seats_override, feed_seats) - seats_held) = 0)`,
        { mode: "virtual" },
      ),
    departureTimeType: text("departure_time_type", { enum: DEPARTURE_TIME_TYPES }).notNull().default("exact"),
    timeSlot: text("time_slot", { enum: TIME_SLOTS }),
    flexibilityDays: integer("flexibility_days").notNull().default(0),
    source: text("source", { enum: FLIGHT_SOURCES }).notNull().default("feed"),
    lastSeenInFeedAt: integer("last_seen_in_feed_at", { mode: "timestamp_ms" }),
    refreshedAt: integer("refreshed_at", { mode: "timestamp_ms" }).notNull(),
    status: text("status", { enum: FLIGHT_STATUSES })
      .notNull()
      .default(sql`'scheduled'`),
    cancelledAt: integer("cancelled_at", { mode: "timestamp_ms" }),
    cancelReason: text("cancel_reason", { enum: FLIGHT_CANCEL_REASONS }),
    cancelNote: text("cancel_note"),
    cancelledBy: text("cancelled_by").references((): AnySQLiteColumn => users.id, { onDelete: "set null" }),
    /** Raised on each reschedule so that calendars update the event. */
    scheduleSequence: integer("schedule_sequence")
      .notNull()
      .default(sql`0`),
    // Defaults in SQL, not bound values: a multi-row insert binds no more parameters (D1 allows 100 per statement).
    missingSyncs: integer("missing_syncs")
      .notNull()
      .default(sql`0`),
    /** The operating carrier (docs/orders.md 'The operating carrier'): null until the feed or staff name it. */
    operatorName: text("operator_name"),
    operatorAoc: text("operator_aoc"),
    /** ISO 3166 code of the state that issued the AOC. */
    operatorState: text("operator_state"),
    aircraftRegistration: text("aircraft_registration"),
    /** Where passengers meet: the terminal or FBO and its address; null reads "the business aviation terminal". */
    terminal: text("terminal"),
    checkInMinutes: integer("check_in_minutes")
      .notNull()
      .default(sql`30`),
    /** Hours before departure after which a customer can no longer edit the manifest; staff still can. */
    manifestDeadlineHours: integer("manifest_deadline_hours")
      .notNull()
      .default(sql`24`),
    /** An offer's flight (docs/decisions/058-offers.md): out of every list and search, booked only through its offer. */
    offerOnly: integer("offer_only", { mode: "boolean" })
      .notNull()
      .default(sql`0`),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    // Listed flights only: two customers may be offered the same route at the same minute (migration 0022).
    uniqueIndex("flights_route_departure_unique")
      .on(t.departureAirportId, t.arrivalAirportId, t.departureDate)
      .where(sql`offer_only = 0`),
    uniqueIndex("flights_feed_key_unique").on(t.departureAirportId, t.arrivalAirportId, t.feedDepartureDate),
    uniqueIndex("flights_feed_leg_unique").on(t.feedLegId),
    index("flights_departure_date_idx").on(t.departureDate),
    // Whether an airport has an upcoming flight is one seek (flights.queries.server.ts), however many past flights it had.
    index("flights_departure_airport_date_idx").on(t.departureAirportId, t.departureDate),
    index("flights_arrival_airport_idx").on(t.arrivalAirportId),
    check("flights_flight_time_check", sql`flight_time > 0`),
    check("flights_feed_probability_check", sql`feed_probability between 0 and 100`),
    check(
      "flights_probability_override_check",
      sql`probability_override is null or probability_override between 40 and 100`,
    ),
    check("flights_feed_seats_check", sql`feed_seats >= 0`),
    check("flights_seats_override_check", sql`seats_override is null or seats_override between 0 and 8`),
    check("flights_seats_held_check", sql`seats_held >= 0`),
    check("flights_flexibility_check", sql`flexibility_days between 0 and 3`),
    check("flights_time_type_check", inList("departure_time_type", DEPARTURE_TIME_TYPES)),
    check("flights_time_slot_check", sql`time_slot is null or ${inList("time_slot", TIME_SLOTS)}`),
    check("flights_source_check", inList("source", FLIGHT_SOURCES)),
    check("flights_check_in_check", sql`check_in_minutes between 10 and 180`),
    check("flights_manifest_deadline_check", sql`manifest_deadline_hours between 1 and 168`),
    // Added with their columns by migration 0011 (ALTER TABLE ADD COLUMN ... CHECK), without rebuilding flights.
    check("flights_status_check", inList("status", FLIGHT_STATUSES)),
    check(
      "flights_cancel_reason_check",
      sql`cancel_reason is null or ${inList("cancel_reason", FLIGHT_CANCEL_REASONS)}`,
    ),
    // Added with its column by migration 0022.
    check("flights_offer_only_check", sql`offer_only in (0, 1)`),
  ],
);

export const flightLogs = sqliteTable(
  "flight_logs",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    /** Null once the flight is deleted; `flight_label` keeps the route readable. */
    flightId: text("flight_id").references(() => flights.id, { onDelete: "set null" }),
    flightLabel: text("flight_label").notNull(),
    action: text("action", { enum: ["INSERT", "UPDATE", "DELETE"] }).notNull(),
    changedFields: text("changed_fields", { mode: "json" }).$type<string[]>().notNull(),
    oldValues: text("old_values", { mode: "json" }).$type<Record<string, unknown> | null>(),
    newValues: text("new_values", { mode: "json" }).$type<Record<string, unknown> | null>(),
    actor: text("actor", { enum: FLIGHT_LOG_ACTORS }).notNull().default("staff"),
    changedBy: text("changed_by").references(() => users.id, { onDelete: "set null" }),
    changedAt: integer("changed_at", { mode: "timestamp_ms" }).notNull(),
  },
  (t) => [
    index("flight_logs_flight_idx").on(t.flightId, t.changedAt),
    index("flight_logs_changed_at_idx").on(t.changedAt),
    check("flight_logs_action_check", sql`action in ('INSERT', 'UPDATE', 'DELETE')`),
    check("flight_logs_actor_check", inList("actor", FLIGHT_LOG_ACTORS)),
  ],
);

export const syncRuns = sqliteTable(
  "sync_runs",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    trigger: text("trigger", { enum: ["cron", "manual"] }).notNull(),
    triggeredBy: text("triggered_by").references(() => users.id, { onDelete: "set null" }),
    status: text("status", { enum: SYNC_STATUSES }).notNull().default("running"),
    startedAt: integer("started_at", { mode: "timestamp_ms" }).notNull(),
    /** A run still 'running' past it is taken for dead, so a crash never blocks the sync. */
    leaseExpiresAt: integer("lease_expires_at", { mode: "timestamp_ms" }),
    finishedAt: integer("finished_at", { mode: "timestamp_ms" }),
    newCount: integer("new_count").notNull().default(0),
    updatedCount: integer("updated_count").notNull().default(0),
    skippedCount: integer("skipped_count").notNull().default(0),
    skipped: text("skipped", { mode: "json" }).$type<SyncSkips>(),
    error: text("error"),
  },
  (t) => [
    uniqueIndex("sync_runs_one_running")
      .on(t.status)
      .where(sql`status = 'running'`),
    index("sync_runs_started_idx").on(t.startedAt),
    check("sync_runs_status_check", inList("status", SYNC_STATUSES)),
    check("sync_runs_trigger_check", sql`${sql.raw("trigger")} in ('cron', 'manual')`),
  ],
);

export const favorites = sqliteTable(
  "favorites",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    userId: ownedByUser(),
    flightId: aboutFlight(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("favorites_user_flight_unique").on(t.userId, t.flightId),
    index("favorites_user_created_idx").on(t.userId, t.createdAt),
    index("favorites_flight_idx").on(t.flightId),
  ],
);

/** Kept as data so that it reads in the reader's language (decision 024); cities by their stored names. */
export type NotificationParams = {
  from: string;
  to: string;
  fromIcao: string;
  toIcao: string;
  departure: number;
  orderId?: string;
  /** offer_received: the offer to open (signed in, its page needs no key). */
  offerId?: string;
  money?: "nothing" | "released" | "refunded" | "refundFailed";
  refundedCents?: number;
  previousDeparture?: number;
  arrival?: number;
  previousArrival?: number;
  freeCancellation?: boolean;
  reason?: string;
  /** manifest_reminder: the customer's last moment to complete the manifest. */
  deadline?: number;
  /** travel_day: when to be at the terminal. */
  checkIn?: number;
};

export const NOTIFICATION_TYPES = [
  "flight_alert",
  "seat_released",
  "customer_cancelled",
  "flight_cancelled",
  "order_flight_cancelled",
  "order_rescheduled",
  "order_cancelled",
  "manifest_reminder",
  "travel_day",
  "offer_received",
] as const;
export type NotificationType = (typeof NOTIFICATION_TYPES)[number];

/** `title` and `message`: the text of rows written before migration 0008 whose flight was gone then. */
export const notifications = sqliteTable(
  "notifications",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    userId: ownedByUser(),
    /** No CHECK: a new type needs no migration. */
    type: text("type", { enum: NOTIFICATION_TYPES }).notNull().default("flight_alert"),
    params: text("params", { mode: "json" }).$type<NotificationParams>(),
    title: text("title"),
    message: text("message"),
    flightId: text("flight_id").references(() => flights.id, { onDelete: "set null" }),
    read: integer("read", { mode: "boolean" }).notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [
    index("notifications_user_created_idx").on(t.userId, t.createdAt),
    check("notifications_text_check", sql`params is not null or (title is not null and message is not null)`),
  ],
);

/** `notified_at` claims the current release; cleared when the flight is sold out again (decision 021). */
export const waitlist = sqliteTable(
  "waitlist",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    userId: ownedByUser(),
    flightId: aboutFlight(),
    createdAt: createdAt(),
    notifiedAt: integer("notified_at", { mode: "timestamp_ms" }),
  },
  (t) => [
    uniqueIndex("waitlist_user_flight_unique").on(t.userId, t.flightId),
    index("waitlist_flight_created_idx").on(t.flightId, t.createdAt),
  ],
);

export const alertWatches = sqliteTable(
  "alert_watches",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    userId: ownedByUser(),
    fromKind: text("from_kind", { enum: ALERT_PLACE_KINDS }).notNull(),
    fromValue: text("from_value").notNull(),
    toKind: text("to_kind", { enum: ALERT_PLACE_KINDS }),
    toValue: text("to_value"),
    windowDays: integer("window_days").notNull().default(7),
    fromRadiusKm: integer("from_radius_km").notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [
    index("alert_watches_user_idx").on(t.userId),
    check("alert_watches_from_kind_check", inList("from_kind", ALERT_PLACE_KINDS)),
    check(
      "alert_watches_to_check",
      sql`(to_kind is null and to_value is null) or (to_kind is not null and to_kind in ('city', 'country') and to_value is not null)`,
    ),
    check("alert_watches_window_check", sql.raw(`window_days in (${ALERT_WINDOWS.join(", ")})`)),
    check(
      "alert_watches_radius_check",
      sql.raw(`from_radius_km in (${SEARCH_RADII_KM.join(", ")}) and (from_radius_km = 0 or from_kind = 'city')`),
    ),
  ],
);

export const alertDeliveries = sqliteTable(
  "alert_deliveries",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    userId: ownedByUser(),
    flightId: aboutFlight(),
    alertedAt: integer("alerted_at", { mode: "timestamp_ms" }).notNull(),
    /** Null while the pair waits for its job (decision 020). */
    notifiedAt: integer("notified_at", { mode: "timestamp_ms" }),
  },
  (t) => [
    uniqueIndex("alert_deliveries_user_flight_unique").on(t.userId, t.flightId),
    index("alert_deliveries_flight_idx").on(t.flightId),
    index("alert_deliveries_waiting_idx")
      .on(t.userId)
      .where(sql`${t.notifiedAt} is null`),
  ],
);

export type CustomerInfo = {
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
  address: string;
  zipCode: string;
  city: string;
  country: string;
};

export const orders = sqliteTable(
  "orders",
  {
    id: text("id").primaryKey(),
    userId: text("user_id").references(() => users.id, { onDelete: "set null" }),
    flightId: text("flight_id")
      .notNull()
      .references(() => flights.id, { onDelete: "restrict" }),
    status: text("status", { enum: ORDER_STATUSES }).notNull().default("pending"),
    amountCents: integer("amount_cents").notNull(),
    seats: integer("seats").notNull(),
    wholeAircraft: integer("whole_aircraft", { mode: "boolean" }).notNull().default(false),
    customerInfo: text("customer_info", { mode: "json" }).$type<CustomerInfo>().notNull(),
    language: text("language", { enum: PROFILE_LANGUAGES }).notNull().default("fr"),
    /** No read checks it (a link opens the order through `order_links`); the erasure overwrites it. */
    linkKeyHash: text("access_key_hash").notNull(),
    idempotencyKey: text("idempotency_key"),
    reference: text("reference"),
    holdExpiresAt: integer("hold_expires_at", { mode: "timestamp_ms" }),
    paymentState: text("payment_state", { enum: PAYMENT_STATES }).notNull().default("none"),
    paymentSessionId: text("payment_session_id"),
    paymentIntentId: text("payment_intent_id"),
    cancelReason: text("cancel_reason", { enum: CANCEL_REASONS }),
    passengers: text("passengers", { mode: "json" }).$type<string[]>(),
    clientKey: text("client_key"),
    /** The provider's capture deadline of the authorisation (Stripe's `capture_before`); null before it or offline. */
    captureBefore: integer("capture_before", { mode: "timestamp_ms" }),
    refundedCents: integer("refunded_cents")
      .notNull()
      .default(sql`0`),
    cancellationFeeCents: integer("cancellation_fee_cents"),
    freeCancellation: integer("free_cancellation", { mode: "boolean" })
      .notNull()
      .default(sql`0`),
    cancelledAt: integer("cancelled_at", { mode: "timestamp_ms" }),
    /** Declared on the order page with the manifest; null until then. */
    luggagePieces: integer("luggage_pieces"),
    luggageKg: integer("luggage_kg"),
    pets: integer("pets"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("orders_idempotency_unique").on(t.idempotencyKey),
    uniqueIndex("orders_reference_unique").on(t.reference),
    uniqueIndex("orders_payment_session_unique").on(t.paymentSessionId),
    index("orders_hold_expiry_idx").on(t.status, t.holdExpiresAt),
    index("orders_client_created_idx").on(t.clientKey, t.createdAt),
    index("orders_user_created_idx").on(t.userId, t.createdAt),
    index("orders_status_created_idx").on(t.status, t.createdAt),
    index("orders_created_idx").on(t.createdAt),
    index("orders_flight_idx").on(t.flightId),
    check("orders_status_check", inList("status", ORDER_STATUSES)),
    check("orders_seats_check", sql`seats >= 1`),
    check("orders_amount_check", sql`amount_cents >= 0`),
    check("orders_payment_state_check", inList("payment_state", PAYMENT_STATES)),
    check("orders_cancel_reason_check", sql`cancel_reason is null or ${inList("cancel_reason", CANCEL_REASONS)}`),
    check("orders_refunded_check", sql`refunded_cents between 0 and amount_cents`),
    check(
      "orders_luggage_check",
      sql`(luggage_pieces is null or luggage_pieces between 0 and 30) and (luggage_kg is null or luggage_kg between 0 and 500) and (pets is null or pets between 0 and 4)`,
    ),
    check(
      "orders_cancellation_fee_check",
      sql`cancellation_fee_cents is null or cancellation_fee_cents between 0 and amount_cents`,
    ),
  ],
);

/** Written in the same batch as the move, only when the move happened (`changes() = 1`). */
export const orderEvents = sqliteTable(
  "order_events",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    orderId: text("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    move: text("move").notNull(),
    fromStatus: text("from_status", { enum: ORDER_STATUSES }),
    toStatus: text("to_status", { enum: ORDER_STATUSES }).notNull(),
    paymentState: text("payment_state", { enum: PAYMENT_STATES }).notNull(),
    actor: text("actor", { enum: ORDER_ACTORS }).notNull(),
    changedBy: text("changed_by").references(() => users.id, { onDelete: "set null" }),
    /** Never personal data. */
    detail: text("detail"),
    createdAt: integer("created_at", { mode: "timestamp_ms" }).notNull(),
  },
  (t) => [
    index("order_events_order_idx").on(t.orderId, t.createdAt),
    check("order_events_actor_check", inList("actor", ORDER_ACTORS)),
  ],
);

export const orderLinks = sqliteTable(
  "order_links",
  {
    linkKeyHash: text("key_hash").primaryKey(),
    orderId: text("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
  },
  (t) => [index("order_links_order_idx").on(t.orderId)],
);

/** What an order's move tells, written in the move's batch and sent after it commits (docs/orders.md 'Messages'). */
export const orderMessages = sqliteTable(
  "order_messages",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    orderId: text("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    kind: text("kind").notNull(),
    options: text("options", { mode: "json" }).$type<Record<string, unknown>>(),
    createdAt: integer("created_at", { mode: "timestamp_ms" }).notNull(),
    sentAt: integer("sent_at", { mode: "timestamp_ms" }),
    attempts: integer("attempts").notNull().default(0),
  },
  (t) => [
    index("order_messages_unsent_idx").on(t.sentAt, t.createdAt),
    index("order_messages_order_idx").on(t.orderId),
    // The reminders and the day-of-travel mail: a second cron's insert is ignored, so each goes once.
    uniqueIndex("order_messages_once_unique")
      .on(t.orderId, t.kind)
      .where(sql.raw(`kind in (${ONCE_PER_ORDER_MESSAGES.map((v) => `'${v}'`).join(", ")})`)),
  ],
);

/**
 * One passenger of an order (docs/orders.md 'The manifest'): `seat` 0.. below `orders.seats`. The document number
 * and the date of birth are sealed (utils/sealed.server.ts, bound to `manifest:<order>:<seat>:<field>`); the
 * retention task empties every personal field a set time after the flight.
 */
export const manifestPassengers = sqliteTable(
  "manifest_passengers",
  {
    orderId: text("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    seat: integer("seat").notNull(),
    givenNames: text("given_names").notNull(),
    surname: text("surname").notNull(),
    /** ISO 3166 codes. */
    nationality: text("nationality"),
    documentKind: text("document_kind", { enum: TRAVEL_DOCUMENT_KINDS }),
    documentNumberSealed: text("document_number_sealed"),
    issuer: text("issuer"),
    /** YYYY-MM-DD. */
    expiresOn: text("expires_on"),
    birthDateSealed: text("birth_date_sealed"),
    updatedBy: text("updated_by").references(() => users.id, { onDelete: "set null" }),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("manifest_passengers_seat_unique").on(t.orderId, t.seat),
    check("manifest_passengers_seat_check", sql`seat >= 0`),
    check(
      "manifest_passengers_document_kind_check",
      sql`document_kind is null or ${inList("document_kind", TRAVEL_DOCUMENT_KINDS)}`,
    ),
  ],
);

/** Who saw, exported or edited a flight's manifest, and when (docs/privacy.md 'Manifests'). */
export const manifestAccess = sqliteTable(
  "manifest_access",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    flightId: text("flight_id")
      .notNull()
      .references(() => flights.id, { onDelete: "cascade" }),
    orderId: text("order_id").references(() => orders.id, { onDelete: "cascade" }),
    userId: text("user_id").references(() => users.id, { onDelete: "set null" }),
    action: text("action", { enum: MANIFEST_ACCESS_ACTIONS }).notNull(),
    createdAt: integer("created_at", { mode: "timestamp_ms" }).notNull(),
  },
  (t) => [
    index("manifest_access_flight_idx").on(t.flightId, t.createdAt),
    index("manifest_access_created_idx").on(t.createdAt),
    check("manifest_access_action_check", inList("action", MANIFEST_ACCESS_ACTIONS)),
  ],
);

/** `restrict`: accounting documents are kept for their legal period, and orders are anonymised, never deleted. */
export const receipts = sqliteTable(
  "receipts",
  {
    number: integer("number").primaryKey({ autoIncrement: true }),
    orderId: text("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "restrict" }),
    kind: text("kind", { enum: RECEIPT_KINDS }).notNull(),
    amountCents: integer("amount_cents").notNull(),
    language: text("language", { enum: PROFILE_LANGUAGES }).notNull(),
    issuedAt: integer("issued_at", { mode: "timestamp_ms" }).notNull(),
    // Decision 054: what the document says beyond this row's columns, as JSON, written with the number and never
    // changed (a trigger of migration 0020); the stored PDF's SHA-256 (the file in R2), and its re-drawings.
    snapshot: text("snapshot"),
    pdfSha256: text("pdf_sha256"),
    pdfRedrawnAt: integer("pdf_redrawn_at", { mode: "timestamp_ms" }),
    pdfRedraws: integer("pdf_redraws").notNull().default(0),
  },
  (t) => [
    uniqueIndex("receipts_order_kind_unique").on(t.orderId, t.kind),
    check("receipts_kind_check", inList("kind", RECEIPT_KINDS)),
    check("receipts_amount_check", sql`amount_cents >= 0`),
    check("receipts_language_check", inList("language", PROFILE_LANGUAGES)),
  ],
);

export const paymentEvents = sqliteTable("payment_events", {
  id: text("id").primaryKey(),
  type: text("type").notNull(),
  orderId: text("order_id"),
  receivedAt: integer("received_at", { mode: "timestamp_ms" }).notNull(),
});

export const devPaymentSessions = sqliteTable("dev_payment_sessions", {
  id: text("id").primaryKey(),
  orderId: text("order_id").notNull(),
  paymentIntentId: text("payment_intent_id").notNull(),
  amountCents: integer("amount_cents").notNull(),
  currency: text("currency").notNull(),
  description: text("description").notNull(),
  status: text("status").notNull().default("open"),
  successUrl: text("success_url").notNull(),
  cancelUrl: text("cancel_url").notNull(),
  expiresAt: integer("expires_at", { mode: "timestamp_ms" }).notNull(),
  refundedCents: integer("refunded_cents").notNull().default(0),
  createdAt: createdAt(),
});

/** The simulator's webhook deliveries: kept until the app acknowledges them, redelivered like Stripe's. */
export const devPaymentEvents = sqliteTable("dev_payment_events", {
  id: text("id").primaryKey(),
  body: text("body").notNull(),
  createdAt: integer("created_at", { mode: "timestamp_ms" }).notNull(),
  deliveredAt: integer("delivered_at", { mode: "timestamp_ms" }),
  attempts: integer("attempts").notNull().default(0),
});

export const devPaymentRefunds = sqliteTable("dev_payment_refunds", {
  idempotencyKey: text("idempotency_key").primaryKey(),
  id: text("id").notNull(),
  paymentIntentId: text("payment_intent_id").notNull(),
  amountCents: integer("amount_cents").notNull(),
  createdAt: integer("created_at", { mode: "timestamp_ms" }).notNull(),
});

const requestContactColumns = () => ({
  firstName: text("first_name").notNull(),
  lastName: text("last_name").notNull(),
  email: text("email").notNull(),
  phone: text("phone").notNull(),
});

const requestHandlingColumns = () => ({
  status: text("status", { enum: REQUEST_STATUSES }).notNull().default("new"),
  handledAt: integer("handled_at", { mode: "timestamp_ms" }),
  handledBy: text("handled_by").references((): AnySQLiteColumn => users.id, { onDelete: "set null" }),
});

export const exclusiveRequests = sqliteTable(
  "exclusive_requests",
  {
    id: text("id").primaryKey(),
    exclusiveFlightId: text("exclusive_flight_id").notNull(),
    /** A Zurich day, "YYYY-MM-DD"; null only for requests sent before the form asked. */
    departureDate: text("departure_date"),
    userId: text("user_id").references(() => users.id, { onDelete: "set null" }),
    ...requestContactColumns(),
    address: text("address").notNull(),
    zipCode: text("zip_code").notNull(),
    city: text("city").notNull(),
    country: text("country").notNull(),
    message: text("message"),
    language: text("language", { enum: PROFILE_LANGUAGES }).notNull().default("fr"),
    idempotencyKey: text("idempotency_key").notNull(),
    ...requestHandlingColumns(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("exclusive_requests_idempotency_unique").on(t.idempotencyKey),
    index("exclusive_requests_created_idx").on(t.createdAt),
    check("exclusive_requests_status_check", inList("status", REQUEST_STATUSES)),
  ],
);

export const customRequests = sqliteTable(
  "custom_requests",
  {
    id: text("id").primaryKey(),
    userId: text("user_id").references(() => users.id, { onDelete: "set null" }),
    departure: text("departure").notNull(),
    arrival: text("arrival").notNull(),
    date: text("date").notNull(),
    passengers: integer("passengers").notNull(),
    ...requestContactColumns(),
    language: text("language", { enum: PROFILE_LANGUAGES }).notNull().default("fr"),
    idempotencyKey: text("idempotency_key").notNull(),
    ...requestHandlingColumns(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("custom_requests_idempotency_unique").on(t.idempotencyKey),
    index("custom_requests_created_idx").on(t.createdAt),
    check("custom_requests_passengers_check", sql`passengers between 1 and 8`),
    check("custom_requests_status_check", inList("status", REQUEST_STATUSES)),
  ],
);

export const newsletterSubscribers = sqliteTable(
  "newsletter_subscribers",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    email: text("email").notNull(),
    language: text("language", { enum: PROFILE_LANGUAGES }).notNull().default("fr"),
    unsubscribeTokenHash: text("unsubscribe_token_hash").notNull(),
    unsubscribedAt: integer("unsubscribed_at", { mode: "timestamp_ms" }),
    /** Subscribed: confirmed_at set and unsubscribed_at empty; a sign-up only asks for a confirmation. */
    confirmTokenHash: text("confirm_token_hash"),
    confirmRequestedAt: integer("confirm_requested_at", { mode: "timestamp_ms" }),
    requestedFromIp: text("requested_from_ip"),
    confirmedAt: integer("confirmed_at", { mode: "timestamp_ms" }),
    confirmedFromIp: text("confirmed_from_ip"),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("newsletter_subscribers_email_unique").on(t.email),
    uniqueIndex("newsletter_subscribers_token_unique").on(t.unsubscribeTokenHash),
    uniqueIndex("newsletter_subscribers_confirm_token_unique").on(t.confirmTokenHash),
  ],
);

export const mailOutbox = sqliteTable(
  "mail_outbox",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    toAddress: text("to_address").notNull(),
    template: text("template").notNull(),
    locale: text("locale").notNull(),
    data: text("data", { mode: "json" }).$type<Record<string, unknown>>().notNull(),
    subject: text("subject").notNull(),
    html: text("html").notNull(),
    text: text("text").notNull(),
    status: text("status", { enum: MAIL_STATUSES }).notNull().default("pending"),
    attempts: integer("attempts").notNull().default(0),
    lastError: text("last_error"),
    nextAttemptAt: integer("next_attempt_at", { mode: "timestamp_ms" }),
    sentAt: integer("sent_at", { mode: "timestamp_ms" }),
    providerMessageId: text("provider_message_id"),
    /** Kept so that a retry sends the same mail. */
    headers: text("headers", { mode: "json" }).$type<Record<string, string>>(),
    createdAt: createdAt(),
  },
  (t) => [
    index("mail_outbox_status_next_idx").on(t.status, t.nextAttemptAt),
    index("mail_outbox_created_idx").on(t.createdAt),
    check("mail_outbox_status_check", inList("status", MAIL_STATUSES)),
  ],
);

export const catalogueVersion = sqliteTable(
  "catalogue_version",
  {
    id: integer("id").primaryKey(),
    version: integer("version").notNull(),
  },
  (t) => [check("catalogue_version_one_row", sql`${t.id} = 1`)],
);

/** One device of a customer that receives Web Push (docs/decisions/057-web-push.md). */
export const pushSubscriptions = sqliteTable(
  "push_subscriptions",
  {
    id: text("id").primaryKey(),
    userId: ownedByUser(),
    endpoint: text("endpoint").notNull(),
    p256dh: text("p256dh").notNull(),
    auth: text("auth").notNull(),
    /** What the customer sees in the list ('Chrome sur Android'), from the browser's user agent. */
    device: text("device").notNull(),
    createdAt: createdAt(),
    lastPushAt: integer("last_push_at", { mode: "timestamp_ms" }),
  },
  (t) => [
    uniqueIndex("push_subscriptions_endpoint_unique").on(t.endpoint),
    index("push_subscriptions_user_idx").on(t.userId),
    check("push_subscriptions_endpoint_check", sql`endpoint like 'http%' and length(endpoint) <= 1024`),
    check("push_subscriptions_keys_check", sql`length(p256dh) between 80 and 100 and length(auth) between 16 and 32`),
  ],
);

/**
 * A notification pushed to a customer's devices, written by a trigger on `notifications` (migration 0021): waiting
 * until `due_at` (quiet hours), then sent, capped or without a device.
 */
export const pushMessages = sqliteTable(
  "push_messages",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    notificationId: integer("notification_id")
      .notNull()
      .references(() => notifications.id, { onDelete: "cascade" }),
    userId: ownedByUser(),
    createdAt: integer("created_at", { mode: "timestamp_ms" }).notNull(),
    dueAt: integer("due_at", { mode: "timestamp_ms" }).notNull(),
    sentAt: integer("sent_at", { mode: "timestamp_ms" }),
    outcome: text("outcome", { enum: PUSH_OUTCOMES }),
  },
  (t) => [
    uniqueIndex("push_messages_notification_unique").on(t.notificationId),
    index("push_messages_due_idx")
      .on(t.dueAt)
      .where(sql`sent_at is null`),
    index("push_messages_user_sent_idx").on(t.userId, t.sentAt),
    check("push_messages_outcome_check", sql`outcome is null or ${inList("outcome", PUSH_OUTCOMES)}`),
  ],
);

/** The local push service's devices (/dev/push): the private half of a subscription it made. Empty in production. */
export const devPushDevices = sqliteTable("dev_push_devices", {
  id: text("id").primaryKey(),
  privateKey: text("private_key").notNull(),
  auth: text("auth").notNull(),
  createdAt: createdAt(),
});

/** What the local push service received and decrypted. */
export const devPushInbox = sqliteTable("dev_push_inbox", {
  id: integer("id").primaryKey({ autoIncrement: true }),
  deviceId: text("device_id")
    .notNull()
    .references(() => devPushDevices.id, { onDelete: "cascade" }),
  subject: text("subject").notNull(),
  payload: text("payload").notNull(),
  receivedAt: integer("received_at", { mode: "timestamp_ms" }).notNull(),
});
/** An answer to a custom or exclusive request (docs/decisions/058-offers.md): one open version per request at most. */
export const offers = sqliteTable(
  "offers",
  {
    id: text("id").primaryKey(),
    requestKind: text("request_kind", { enum: OFFER_REQUEST_KINDS }).notNull(),
    requestId: text("request_id").notNull(),
    version: integer("version").notNull(),
    status: text("status", { enum: OFFER_STATUSES }).notNull().default("open"),
    flightId: text("flight_id")
      .notNull()
      .references(() => flights.id, { onDelete: "restrict" }),
    aircraftId: text("aircraft_id").notNull(),
    seats: integer("seats").notNull(),
    /** The latest departure the window allows; the flight's departure is its start. */
    departureUntil: integer("departure_until", { mode: "timestamp_ms" }).notNull(),
    priceCents: integer("price_cents").notNull(),
    included: text("included").notNull(),
    expiresAt: integer("expires_at", { mode: "timestamp_ms" }).notNull(),
    language: text("language", { enum: PROFILE_LANGUAGES }).notNull().default("fr"),
    linkKeyHash: text("link_key_hash").notNull(),
    orderId: text("order_id").references(() => orders.id, { onDelete: "set null" }),
    createdBy: text("created_by").references(() => users.id, { onDelete: "set null" }),
    decidedAt: integer("decided_at", { mode: "timestamp_ms" }),
    createdAt: integer("created_at", { mode: "timestamp_ms" }).notNull(),
    /** The empty leg whose seats the open offer holds (a rerouted whole-aircraft leg, decision 059), and how many. */
    heldFlightId: text("held_flight_id").references(() => flights.id, { onDelete: "set null" }),
    heldSeats: integer("held_seats").notNull().default(0),
  },
  (t) => [
    uniqueIndex("offers_request_version_unique").on(t.requestKind, t.requestId, t.version),
    uniqueIndex("offers_one_open_unique")
      .on(t.requestKind, t.requestId)
      .where(sql`status = 'open'`),
    uniqueIndex("offers_link_key_unique").on(t.linkKeyHash),
    index("offers_status_expiry_idx").on(t.status, t.expiresAt),
    check("offers_request_kind_check", inList("request_kind", OFFER_REQUEST_KINDS)),
    check("offers_status_check", inList("status", OFFER_STATUSES)),
    check("offers_seats_check", sql`seats between 1 and 8`),
    check("offers_price_check", sql`price_cents > 0`),
    check("offers_version_check", sql`version >= 1`),
    check("offers_language_check", inList("language", PROFILE_LANGUAGES)),
    check("offers_accepted_check", sql`(status = 'accepted') = (order_id is not null)`),
    check("offers_held_seats_check", sql`held_seats between 0 and 8`),
  ],
);

/** The thread of a request's offers, between its customer and staff. */
export const offerMessages = sqliteTable(
  "offer_messages",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    requestKind: text("request_kind", { enum: OFFER_REQUEST_KINDS }).notNull(),
    requestId: text("request_id").notNull(),
    author: text("author", { enum: OFFER_MESSAGE_AUTHORS }).notNull(),
    userId: text("user_id").references(() => users.id, { onDelete: "set null" }),
    body: text("body").notNull(),
    createdAt: integer("created_at", { mode: "timestamp_ms" }).notNull(),
  },
  (t) => [
    index("offer_messages_request_idx").on(t.requestKind, t.requestId, t.createdAt),
    check("offer_messages_author_check", inList("author", OFFER_MESSAGE_AUTHORS)),
    check("offer_messages_body_check", sql`length(body) between 1 and 1000`),
  ],
);

/** A custom request for an empty leg flown from or to another airport (docs/decisions/059-rerouted-legs.md). */
export const rerouteDetails = sqliteTable(
  "reroute_details",
  {
    requestId: text("request_id")
      .primaryKey()
      .references(() => customRequests.id, { onDelete: "cascade" }),
    flightId: text("flight_id")
      .notNull()
      .references(() => flights.id, { onDelete: "cascade" }),
    /** Which end of the leg moves: 'departure' ("Partir d'un autre aéroport") or 'arrival' ("Arriver ailleurs"). */
    end: text("end", { enum: ["departure", "arrival"] }).notNull(),
    airportId: integer("airport_id")
      .notNull()
      .references(() => airports.id, { onDelete: "restrict" }),
    departureAt: integer("departure_at", { mode: "timestamp_ms" }).notNull(),
    /** The estimate shown before sending: the positioning's distance, its minutes and their price. */
    km: integer("km").notNull(),
    minutes: integer("minutes").notNull(),
    estimateCents: integer("estimate_cents").notNull(),
  },
  () => [
    check("reroute_details_end_check", sql`end in ('departure', 'arrival')`),
    check("reroute_details_figures_check", sql`km >= 0 and minutes >= 0 and estimate_cents >= 0`),
  ],
);
