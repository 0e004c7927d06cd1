/**
 * The whole JetMalin data model (docs/database.md). Datetimes are UTC
 * milliseconds; flight rates are whole EUR per minute, order amounts EUR cents. `drizzle-kit generate` turns this
 * file into the SQL in migrations/, which wrangler applies.
 */
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
  DEPARTURE_TIME_TYPES,
  FLIGHT_CANCEL_REASONS,
  FLIGHT_LOG_ACTORS,
  FLIGHT_SOURCES,
  FLIGHT_STATUSES,
  CANCEL_REASONS,
  MAIL_STATUSES,
  ORDER_ACTORS,
  ORDER_STATUSES,
  PAYMENT_STATES,
  PROFILE_LANGUAGES,
  RECEIPT_KINDS,
  REQUEST_STATUSES,
  ROLES,
  SEARCH_RADII_KM,
  SYNC_STATUSES,
  type SyncSkips,
  TIME_SLOTS,
  TOKEN_PURPOSES,
  WEBAUTHN_PURPOSES,
} from "../utils/constants";

// The value lists live in utils/constants.ts so that browser code can use them without
// pulling drizzle and this schema into a client chunk; import them from there.

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

/** A row that belongs to a user and goes when the user goes. */
const ownedByUser = () =>
  text("user_id")
    .notNull()
    .references((): AnySQLiteColumn => users.id, { onDelete: "cascade" });
/** A row about a flight that goes when the flight goes. */
const aboutFlight = () =>
  text("flight_id")
    .notNull()
    .references((): AnySQLiteColumn => flights.id, { onDelete: "cascade" });

// Accounts ---------------------------------------------------------------------

/** A person with an account: the spec's auth user and profile in one row. */
export const users = sqliteTable(
  "users",
  {
    id: text("id").primaryKey(),
    /** Stored lower-cased and trimmed. */
    email: text("email").notNull(),
    passwordHash: text("password_hash").notNull(),
    firstName: text("first_name").notNull(),
    lastName: text("last_name").notNull(),
    phone: text("phone"),
    role: text("role", { enum: ROLES }).notNull().default("client"),
    language: text("language", { enum: PROFILE_LANGUAGES }).notNull().default("fr"),
    emailConfirmedAt: integer("email_confirmed_at", { mode: "timestamp_ms" }),
    /** At most this many flight alert mails in 7 days (`ALERT_WEEKLY_CAPS`); null: no cap. Notifications are never capped. */
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

/** A signed-in browser. The cookie carries a random token; only its SHA-256 is stored. */
export const sessions = sqliteTable(
  "sessions",
  {
    idHash: text("id_hash").primaryKey(),
    userId: ownedByUser(),
    expiresAt: integer("expires_at", { mode: "timestamp_ms" }).notNull(),
    /**
     * The password passed but the second factor is still owed (decision 027): such a
     * session opens nothing but the code step, and expires within minutes.
     */
    secondFactorPending: integer("second_factor_pending", { mode: "boolean" }).notNull().default(false),
    /** Opened by a passkey with user verification (decision 038): the strong factor for staff. */
    passkeyVerified: integer("passkey_verified", { mode: "boolean" }).notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [index("sessions_user_idx").on(t.userId), index("sessions_expires_idx").on(t.expiresAt)],
);

/**
 * A staff member's TOTP authenticator (decision 027). `confirmedAt` null: shown on the
 * enrolment page, not yet proved by a code. `lastUsedStep`: the 30-second step of the
 * last code accepted; a code of that step or an earlier one is refused (replay).
 */
export const secondFactors = sqliteTable("second_factors", {
  userId: text("user_id")
    .primaryKey()
    .references((): AnySQLiteColumn => users.id, { onDelete: "cascade" }),
  /** Base32 (RFC 4648), what the authenticator app holds. */
  secret: text("secret").notNull(),
  confirmedAt: integer("confirmed_at", { mode: "timestamp_ms" }),
  lastUsedStep: integer("last_used_step").notNull().default(0),
  createdAt: createdAt(),
});

/** One-time recovery codes of a second factor: only their SHA-256 is stored, each used once. */
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

/**
 * A passkey (WebAuthn credential, decision 038). `credentialId` base64url as the browser
 * sends it; `publicKey` the COSE key's bytes; `counter` the authenticator's signature
 * counter (0 for those that keep none); `transports` comma-separated hints.
 */
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

/**
 * A WebAuthn challenge waiting for its answer: bound to the browser that asked (the
 * SHA-256 of a random token in its `jm_webauthn` cookie), to the user for a registration,
 * used once and for 5 minutes at most. `network`: the asker's (`clientNetwork`), whose
 * live rows are capped (decision 038).
 */
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

/** Email-confirmation and password-reset tokens: random, stored hashed, single use, expiring. */
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

/** Fixed-window counters (sign-in, sign-up, reset...). An isolate's memory limits nothing. */
export const rateLimits = sqliteTable(
  "rate_limits",
  {
    key: text("key").primaryKey(),
    count: integer("count").notNull().default(0),
    windowEndsAt: integer("window_ends_at", { mode: "timestamp_ms" }).notNull(),
  },
  (t) => [index("rate_limits_window_idx").on(t.windowEndsAt)],
);

// Flights ----------------------------------------------------------------------

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

/**
 * An empty-leg flight. Seats follow decision 003: the feed offers `feed_seats`,
 * staff may override them, orders hold some; `available_seats` and `is_soldout` are
 * computed by SQLite so every reader and every conditional update agrees.
 */
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
    /**
     * The departure the feed announced: with both airports, the key the sync matches a
     * feed flight on (docs/sync.md 'The algorithm'). Null for flights the feed did not
     * bring (staff, demo). Staff may move `departure_date` (the edit panel's exact time)
     * without the next sync taking the flight for a new one.
     */
    feedDepartureDate: integer("feed_departure_date", { mode: "timestamp_ms" }),
    /** The operator's own id of the leg, when its feed sends one: then the sync's match key (docs/sync.md). */
    feedLegId: text("feed_leg_id"),
    /** Minutes. */
    flightTime: integer("flight_time").notNull(),
    /** ICAO type code, e.g. PC12, PC24. */
    aircraftType: text("aircraft_type").notNull(),
    /** EUR per minute of flight (docs/payments.md 'Prices'). */
    pricePerMinute: integer("price_per_minute").notNull(),
    feedProbability: integer("feed_probability").notNull().default(80),
    probabilityOverride: integer("probability_override"),
    feedSeats: integer("feed_seats").notNull(),
    seatsOverride: integer("seats_override"),
    /** Seats held by pending and completed orders; never given back by a sync. */
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
    /** Last feed sync or staff edit: what 'mis à jour il y a 12 min' shows. */
    refreshedAt: integer("refreshed_at", { mode: "timestamp_ms" }).notNull(),
    /**
     * The flight's life (docs/payments.md): on sale while "scheduled"; "cancelled" by staff
     * or by the sync. A departed flight stays "scheduled": its date tells it.
     */
    status: text("status", { enum: FLIGHT_STATUSES })
      .notNull()
      .default(sql`'scheduled'`),
    cancelledAt: integer("cancelled_at", { mode: "timestamp_ms" }),
    cancelReason: text("cancel_reason", { enum: FLIGHT_CANCEL_REASONS }),
    /** Staff's own words when the reason is 'other'. */
    cancelNote: text("cancel_note"),
    /** Who cancelled it; null for the sync, and once that user is deleted. */
    cancelledBy: text("cancelled_by").references((): AnySQLiteColumn => users.id, { onDelete: "set null" }),
    /** The .ics SEQUENCE of the flight's orders: raised on each reschedule so calendars update the event. */
    scheduleSequence: integer("schedule_sequence")
      .notNull()
      .default(sql`0`),
    /** Complete syncs in a row that did not list this future flight (two cancel it, docs/sync.md). */
    // The new columns' defaults are SQL, not bound values: a multi-row insert binds no more
    // parameters than before (D1 allows 100 per statement).
    missingSyncs: integer("missing_syncs")
      .notNull()
      .default(sql`0`),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("flights_route_departure_unique").on(t.departureAirportId, t.arrivalAirportId, t.departureDate),
    uniqueIndex("flights_feed_key_unique").on(t.departureAirportId, t.arrivalAirportId, t.feedDepartureDate),
    uniqueIndex("flights_feed_leg_unique").on(t.feedLegId),
    index("flights_departure_date_idx").on(t.departureDate),
    // The list's departure cities: whether an airport has an upcoming flight is one seek
    // (flights.queries.server.ts), however many past flights it had.
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
    // Added with their columns by migration 0011 (ALTER TABLE ADD COLUMN ... CHECK), without
    // rebuilding flights: see that migration's header.
    check("flights_status_check", inList("status", FLIGHT_STATUSES)),
    check(
      "flights_cancel_reason_check",
      sql`cancel_reason is null or ${inList("cancel_reason", FLIGHT_CANCEL_REASONS)}`,
    ),
  ],
);

/**
 * Every change to a flight by staff, the sync, a checkout or the cron (docs/back-office.md
 * 'Edit panel, sold-out, history').
 */
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
    /** What kind of change this is (utils/constants.ts FLIGHT_LOG_ACTORS). */
    actor: text("actor", { enum: FLIGHT_LOG_ACTORS }).notNull().default("staff"),
    /** The user behind it; null for the cron, and once that user is deleted. */
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

/** One run of the feed sync, manual or by the cron. At most one runs at a time. */
export const syncRuns = sqliteTable(
  "sync_runs",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    trigger: text("trigger", { enum: ["cron", "manual"] }).notNull(),
    triggeredBy: text("triggered_by").references(() => users.id, { onDelete: "set null" }),
    status: text("status", { enum: SYNC_STATUSES }).notNull().default("running"),
    startedAt: integer("started_at", { mode: "timestamp_ms" }).notNull(),
    /**
     * The lease: a run still 'running' past this instant is taken for dead (a Worker
     * stopped mid-run) and may be closed by the next run, so a crash never blocks the sync.
     */
    leaseExpiresAt: integer("lease_expires_at", { mode: "timestamp_ms" }),
    finishedAt: integer("finished_at", { mode: "timestamp_ms" }),
    newCount: integer("new_count").notNull().default(0),
    updatedCount: integer("updated_count").notNull().default(0),
    skippedCount: integer("skipped_count").notNull().default(0),
    /** The skipped flights by reason, and the first few named, for staff (docs/sync.md 'Skipped flights'). */
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

// Customers' things ---------------------------------------------------------------

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

/**
 * What a notification is about, kept as data so it reads in the reader's language
 * (decision 024): the flight as it was when the notification was written, the cities by
 * their stored names (`airports.served_city`, the key of app/content/city-names.ts).
 */
export type NotificationParams = {
  from: string;
  to: string;
  fromIcao: string;
  toIcao: string;
  departure: number;
  /** A notification about the reader's order: the order page it links to instead of the flight. */
  orderId?: string;
  /** order_flight_cancelled, customer_cancelled: where the order's money went, and how much comes back (EUR cents). */
  money?: "nothing" | "released" | "refunded" | "refundFailed";
  refundedCents?: number;
  /** order_rescheduled: the times before the change, the new arrival, and whether the customer may now cancel free of charge. */
  previousDeparture?: number;
  arrival?: number;
  previousArrival?: number;
  freeCancellation?: boolean;
  /** order_cancelled: why (a CancelReason). */
  reason?: string;
};

export const NOTIFICATION_TYPES = [
  "flight_alert",
  "seat_released",
  "customer_cancelled",
  "flight_cancelled",
  "order_flight_cancelled",
  // The reader's order: its flight's times changed; it was cancelled at the deadline or after departure.
  "order_rescheduled",
  "order_cancelled",
] as const;
export type NotificationType = (typeof NOTIFICATION_TYPES)[number];

/**
 * A user's in-app notification (decision 024): a `type` and its `params`, rendered at
 * read time (alerts/notifications.server.ts). `title` and `message` are the text of
 * rows written before migration 0008 whose flight was gone then: shown as stored.
 * `flight_id` is the link, cleared when the flight goes.
 */
export const notifications = sqliteTable(
  "notifications",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    userId: ownedByUser(),
    /**
     * flight_alert: a new flight a route alert matches; seat_released: a seat is free on a
     * waitlisted flight; customer_cancelled: the customer cancelled an order (params.orderId);
     * flight_cancelled: a flight one waited for or favourited was cancelled;
     * order_flight_cancelled: the flight of one's order was (decision 032). No CHECK: a new
     * type needs no migration.
     */
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

/**
 * Who waits for a seat on a sold-out flight (docs/orders.md 'Waitlist', decision
 * 021). `notified_at` is the claim of the current release: set, by a conditional update,
 * when the user is told seats came back; cleared again when the flight is sold out once
 * more, so the next release tells them again and no release tells them twice.
 */
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

/**
 * A customer's route alert (decision 022): flights leaving a city or a country, optionally
 * to a city or a country, within the next `window_days`; a departure city may take the
 * airports within `from_radius_km` of it too (decision 036). Values are the airports' stored
 * names (`served_city`, `country`), matched case-insensitively. At most
 * `MAX_ALERT_WATCHES` per user, enforced by the insert (alerts/alert-watches.queries.server.ts).
 */
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

/** A (user, flight) pair is alerted once only (docs/sync.md 'Alerts'). */
export const alertDeliveries = sqliteTable(
  "alert_deliveries",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    userId: ownedByUser(),
    flightId: aboutFlight(),
    alertedAt: integer("alerted_at", { mode: "timestamp_ms" }).notNull(),
    /**
     * When the user's notification and mail for this pair were written (the queue
     * consumer's claim, alerts/flight-alerts.server.ts); null while the pair waits
     * for its message.
     */
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
    /** Null for an anonymous checkout. */
    userId: text("user_id").references(() => users.id, { onDelete: "set null" }),
    flightId: text("flight_id")
      .notNull()
      .references(() => flights.id, { onDelete: "restrict" }),
    status: text("status", { enum: ORDER_STATUSES }).notNull().default("pending"),
    /** EUR cents, computed on the server (docs/payments.md 'Prices'). */
    amountCents: integer("amount_cents").notNull(),
    seats: integer("seats").notNull(),
    wholeAircraft: integer("whole_aircraft", { mode: "boolean" }).notNull().default(false),
    customerInfo: text("customer_info", { mode: "json" }).$type<CustomerInfo>().notNull(),
    language: text("language", { enum: PROFILE_LANGUAGES }).notNull().default("fr"),
    /**
     * SHA-256 of the first link's key, written at checkout beside its `order_links` row. No
     * read checks it (a link opens the order through `order_links`, which is where links are
     * revoked); the erasure overwrites it with random bytes.
     */
    linkKeyHash: text("access_key_hash").notNull(),
    idempotencyKey: text("idempotency_key"),
    /**
     * The order's own human reference, `JM-` and six letters or digits (docs/payments.md
     * 'References and links').
     */
    reference: text("reference"),
    /** Until when an unpaid order holds its seats (pending only); null once paid or settled. */
    holdExpiresAt: integer("hold_expires_at", { mode: "timestamp_ms" }),
    paymentState: text("payment_state", { enum: PAYMENT_STATES }).notNull().default("none"),
    /** The provider's hosted checkout (a Stripe Checkout Session id, or the simulator's). */
    paymentSessionId: text("payment_session_id"),
    /** The provider's payment (a Stripe PaymentIntent id): what is captured or released. */
    paymentIntentId: text("payment_intent_id"),
    cancelReason: text("cancel_reason", { enum: CANCEL_REASONS }),
    /** The passengers' names, one per seat (the operator needs them). */
    passengers: text("passengers", { mode: "json" }).$type<string[]>(),
    /** SHA-256 of the buyer's network (IPv4 address or IPv6 /64): the unpaid-hold cap counts by it. */
    clientKey: text("client_key"),
    /** The provider's capture deadline of the authorisation (Stripe's `capture_before`); null before it or offline. */
    captureBefore: integer("capture_before", { mode: "timestamp_ms" }),
    /** EUR cents given back to the card so far (payment state `refunded`: in full or in part). */
    refundedCents: integer("refunded_cents")
      .notNull()
      .default(sql`0`),
    /** What the terms kept when the customer cancelled; null otherwise. */
    cancellationFeeCents: integer("cancellation_fee_cents"),
    /** A reschedule of 3 hours or more lets the customer cancel without fee. */
    freeCancellation: integer("free_cancellation", { mode: "boolean" })
      .notNull()
      .default(sql`0`),
    cancelledAt: integer("cancelled_at", { mode: "timestamp_ms" }),
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
      "orders_cancellation_fee_check",
      sql`cancellation_fee_cents is null or cancellation_fee_cents between 0 and amount_cents`,
    ),
  ],
);

/**
 * Every move of an order (docs/payments.md): the back-office's history rows. Written in
 * the same batch as the move, only when the move happened (`changes() = 1`).
 */
export const orderEvents = sqliteTable(
  "order_events",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    orderId: text("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    /** The move's name: placed, authorised, captured, validatedOffline, refused, expired, paymentFailed, ... */
    move: text("move").notNull(),
    fromStatus: text("from_status", { enum: ORDER_STATUSES }),
    toStatus: text("to_status", { enum: ORDER_STATUSES }).notNull(),
    paymentState: text("payment_state", { enum: PAYMENT_STATES }).notNull(),
    actor: text("actor", { enum: ORDER_ACTORS }).notNull(),
    changedBy: text("changed_by").references(() => users.id, { onDelete: "set null" }),
    /** A short technical note (the provider's error, the event id); never personal data. */
    detail: text("detail"),
    createdAt: integer("created_at", { mode: "timestamp_ms" }).notNull(),
  },
  (t) => [
    index("order_events_order_idx").on(t.orderId, t.createdAt),
    check("order_events_actor_check", inList("actor", ORDER_ACTORS)),
  ],
);

/**
 * The keys of an order's links (docs/payments.md 'References and links'): each mail carries
 * a random key of its own, of which only the SHA-256 is kept; deleting an order's rows
 * revokes every link.
 */
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

/**
 * The accounting documents of an order (issue 27): its receipt after the capture, its credit
 * note after a refund, each numbered once from one sequence (`number`, printed on the PDF)
 * and written in the order's language. `on delete restrict`: accounting documents are kept
 * for their legal period, and orders are never deleted (the privacy erasure and the retention
 * cron anonymise them, app/privacy), so nothing may take a document away with its order.
 */
export const receipts = sqliteTable(
  "receipts",
  {
    number: integer("number").primaryKey({ autoIncrement: true }),
    orderId: text("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "restrict" }),
    kind: text("kind", { enum: RECEIPT_KINDS }).notNull(),
    /** EUR cents: what was captured (receipt) or given back (credit note). */
    amountCents: integer("amount_cents").notNull(),
    language: text("language", { enum: PROFILE_LANGUAGES }).notNull(),
    issuedAt: integer("issued_at", { mode: "timestamp_ms" }).notNull(),
  },
  (t) => [
    uniqueIndex("receipts_order_kind_unique").on(t.orderId, t.kind),
    check("receipts_kind_check", inList("kind", RECEIPT_KINDS)),
    check("receipts_amount_check", sql`amount_cents >= 0`),
    check("receipts_language_check", inList("language", PROFILE_LANGUAGES)),
  ],
);

/** Payment provider events already applied: a replay finds its id here and changes nothing. */
export const paymentEvents = sqliteTable("payment_events", {
  id: text("id").primaryKey(),
  type: text("type").notNull(),
  orderId: text("order_id"),
  receivedAt: integer("received_at", { mode: "timestamp_ms" }).notNull(),
});

/**
 * The payment simulator's hosted pages (local development only, like the dev mailbox):
 * what /dev/pay/{id} shows and what its buttons change.
 */
export const devPaymentSessions = sqliteTable("dev_payment_sessions", {
  id: text("id").primaryKey(),
  orderId: text("order_id").notNull(),
  paymentIntentId: text("payment_intent_id").notNull(),
  amountCents: integer("amount_cents").notNull(),
  currency: text("currency").notNull(),
  description: text("description").notNull(),
  /** open, authorised, captured, released, failed, expired, refunded */
  status: text("status").notNull().default("open"),
  successUrl: text("success_url").notNull(),
  cancelUrl: text("cancel_url").notNull(),
  expiresAt: integer("expires_at", { mode: "timestamp_ms" }).notNull(),
  /** EUR cents given back so far (Stripe's `amount_refunded`); the status is 'refunded' once all of it. */
  refundedCents: integer("refunded_cents").notNull().default(0),
  createdAt: createdAt(),
});

/**
 * The simulator's refunds, one per idempotency key as Stripe keeps them: a second call with
 * the same key finds its row and moves no money.
 */
export const devPaymentRefunds = sqliteTable("dev_payment_refunds", {
  idempotencyKey: text("idempotency_key").primaryKey(),
  /** Stripe-like id (re_sim_…), the refund's id in the `charge.refunded` event. */
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

/** Where staff are with a request (the 'Demandes' tab, docs/back-office.md 'Requests'). */
const requestHandlingColumns = () => ({
  status: text("status", { enum: REQUEST_STATUSES }).notNull().default("new"),
  handledAt: integer("handled_at", { mode: "timestamp_ms" }),
  handledBy: text("handled_by").references((): AnySQLiteColumn => users.id, { onDelete: "set null" }),
});

/** A request for one of the three exclusive Geneva <-> St-Tropez flights. */
export const exclusiveRequests = sqliteTable(
  "exclusive_requests",
  {
    id: text("id").primaryKey(),
    /** Id in app/content/exclusive-flights.ts. */
    exclusiveFlightId: text("exclusive_flight_id").notNull(),
    /**
     * The departure day asked for, "YYYY-MM-DD" in Europe/Zurich, one the form offered
     * (utils/exclusive-dates.ts). Null only for requests sent before the form asked.
     */
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

/** A made-to-measure quote request (/custom-flight). */
export const customRequests = sqliteTable(
  "custom_requests",
  {
    id: text("id").primaryKey(),
    userId: text("user_id").references(() => users.id, { onDelete: "set null" }),
    departure: text("departure").notNull(),
    arrival: text("arrival").notNull(),
    /** The requested day, YYYY-MM-DD (Europe/Zurich). */
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
    /** SHA-256 of the token in every newsletter mail's unsubscribe link. */
    unsubscribeTokenHash: text("unsubscribe_token_hash").notNull(),
    unsubscribedAt: integer("unsubscribed_at", { mode: "timestamp_ms" }),
    /**
     * Double opt-in (docs/catalogue.md): the proof of consent. Subscribed means
     * confirmed_at set and unsubscribed_at empty; a sign-up only asks for a confirmation.
     */
    confirmTokenHash: text("confirm_token_hash"),
    confirmRequestedAt: integer("confirm_requested_at", { mode: "timestamp_ms" }),
    /** The IP the last sign-up came from, and the IP that clicked the confirmation. */
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

// Mail -----------------------------------------------------------------------------

/** Every mail leaves through this table (docs/mail.md); the cron retries failures. */
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
    /**
     * Headers the mail is sent with besides the usual ones (List-Unsubscribe for alerts and
     * the newsletter, RFC 8058), given by its template; null for none. Kept so a retry sends
     * the same mail.
     */
    headers: text("headers", { mode: "json" }).$type<Record<string, string>>(),
    createdAt: createdAt(),
  },
  (t) => [
    index("mail_outbox_status_next_idx").on(t.status, t.nextAttemptAt),
    index("mail_outbox_created_idx").on(t.createdAt),
    check("mail_outbox_status_check", inList("status", MAIL_STATUSES)),
  ],
);

/**
 * One row whose `version` moves at every insert, update and delete of flights, airports
 * and orders made through the app's D1 clients (db/catalogue-version.server.ts): what the
 * catalogue lists show. The page cache compares it (docs/decisions/040-page-cache.md).
 */
export const catalogueVersion = sqliteTable(
  "catalogue_version",
  {
    id: integer("id").primaryKey(),
    version: integer("version").notNull(),
  },
  (t) => [check("catalogue_version_one_row", sql`${t.id} = 1`)],
);
