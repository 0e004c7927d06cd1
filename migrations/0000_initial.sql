CREATE TABLE `airports` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`icao_code` text NOT NULL,
	`served_city` text NOT NULL,
	`country` text DEFAULT 'Unknown' NOT NULL,
	`latitude` real DEFAULT 0 NOT NULL,
	`longitude` real DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `airports_icao_unique` ON `airports` (`icao_code`);--> statement-breakpoint
CREATE INDEX `airports_country_idx` ON `airports` (`country`);--> statement-breakpoint
CREATE TABLE `alert_deliveries` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`user_id` text NOT NULL,
	`flight_id` text NOT NULL,
	`alerted_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`flight_id`) REFERENCES `flights`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `alert_deliveries_user_flight_unique` ON `alert_deliveries` (`user_id`,`flight_id`);--> statement-breakpoint
CREATE INDEX `alert_deliveries_flight_idx` ON `alert_deliveries` (`flight_id`);--> statement-breakpoint
CREATE TABLE `custom_requests` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text,
	`departure` text NOT NULL,
	`arrival` text NOT NULL,
	`date` text NOT NULL,
	`passengers` integer NOT NULL,
	`first_name` text NOT NULL,
	`last_name` text NOT NULL,
	`email` text NOT NULL,
	`phone` text NOT NULL,
	`language` text DEFAULT 'fr' NOT NULL,
	`idempotency_key` text NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null,
	CONSTRAINT "custom_requests_passengers_check" CHECK(passengers between 1 and 8)
);
--> statement-breakpoint
CREATE UNIQUE INDEX `custom_requests_idempotency_unique` ON `custom_requests` (`idempotency_key`);--> statement-breakpoint
CREATE INDEX `custom_requests_created_idx` ON `custom_requests` (`created_at`);--> statement-breakpoint
CREATE TABLE `exclusive_requests` (
	`id` text PRIMARY KEY NOT NULL,
	`exclusive_flight_id` text NOT NULL,
	`user_id` text,
	`first_name` text NOT NULL,
	`last_name` text NOT NULL,
	`email` text NOT NULL,
	`phone` text NOT NULL,
	`address` text NOT NULL,
	`zip_code` text NOT NULL,
	`city` text NOT NULL,
	`country` text NOT NULL,
	`message` text,
	`language` text DEFAULT 'fr' NOT NULL,
	`idempotency_key` text NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE UNIQUE INDEX `exclusive_requests_idempotency_unique` ON `exclusive_requests` (`idempotency_key`);--> statement-breakpoint
CREATE INDEX `exclusive_requests_created_idx` ON `exclusive_requests` (`created_at`);--> statement-breakpoint
CREATE TABLE `favorites` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`user_id` text NOT NULL,
	`flight_id` text NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`flight_id`) REFERENCES `flights`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `favorites_user_flight_unique` ON `favorites` (`user_id`,`flight_id`);--> statement-breakpoint
CREATE INDEX `favorites_user_created_idx` ON `favorites` (`user_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `favorites_flight_idx` ON `favorites` (`flight_id`);--> statement-breakpoint
CREATE TABLE `flight_logs` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`flight_id` text,
	`flight_label` text NOT NULL,
	`action` text NOT NULL,
	`changed_fields` text NOT NULL,
	`old_values` text,
	`new_values` text,
	`changed_by` text,
	`changed_at` integer NOT NULL,
	FOREIGN KEY (`flight_id`) REFERENCES `flights`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`changed_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null,
	CONSTRAINT "flight_logs_action_check" CHECK(action in ('INSERT', 'UPDATE', 'DELETE'))
);
--> statement-breakpoint
CREATE INDEX `flight_logs_flight_idx` ON `flight_logs` (`flight_id`,`changed_at`);--> statement-breakpoint
CREATE INDEX `flight_logs_changed_at_idx` ON `flight_logs` (`changed_at`);--> statement-breakpoint
CREATE TABLE `flights` (
	`id` text PRIMARY KEY NOT NULL,
	`departure_airport_id` integer NOT NULL,
	`arrival_airport_id` integer NOT NULL,
	`departure_date` integer NOT NULL,
	`arrival_date` integer NOT NULL,
	`flight_time` integer NOT NULL,
	`aircraft_type` text NOT NULL,
	`price_per_minute` integer NOT NULL,
	`feed_probability` integer DEFAULT 80 NOT NULL,
	`probability_override` integer,
	`feed_seats` integer NOT NULL,
	`seats_override` integer,
	`seats_held` integer DEFAULT 0 NOT NULL,
	`soldout_override` integer,
	`probability` integer GENERATED ALWAYS AS (coalesce(probability_override, feed_probability)) VIRTUAL NOT NULL,
	`available_seats` integer GENERATED ALWAYS AS (max(0, coalesce(seats_override, feed_seats) - seats_held)) VIRTUAL NOT NULL,
	`is_soldout` integer GENERATED ALWAYS AS (coalesce(soldout_override, max(0, coalesce(seats_override, feed_seats) - seats_held) = 0)) VIRTUAL NOT NULL,
	`departure_time_type` text DEFAULT 'exact' NOT NULL,
	`time_slot` text,
	`flexibility_days` integer DEFAULT 0 NOT NULL,
	`source` text DEFAULT 'feed' NOT NULL,
	`last_seen_in_feed_at` integer,
	`refreshed_at` integer NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	`updated_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`departure_airport_id`) REFERENCES `airports`(`id`) ON UPDATE no action ON DELETE restrict,
	FOREIGN KEY (`arrival_airport_id`) REFERENCES `airports`(`id`) ON UPDATE no action ON DELETE restrict,
	CONSTRAINT "flights_flight_time_check" CHECK(flight_time > 0),
	CONSTRAINT "flights_feed_probability_check" CHECK(feed_probability between 0 and 100),
	CONSTRAINT "flights_probability_override_check" CHECK(probability_override is null or probability_override between 40 and 100),
	CONSTRAINT "flights_feed_seats_check" CHECK(feed_seats >= 0),
	CONSTRAINT "flights_seats_override_check" CHECK(seats_override is null or seats_override between 0 and 8),
	CONSTRAINT "flights_seats_held_check" CHECK(seats_held >= 0),
	CONSTRAINT "flights_flexibility_check" CHECK(flexibility_days between 0 and 3),
	CONSTRAINT "flights_time_type_check" CHECK(departure_time_type in ('exact', 'slot')),
	CONSTRAINT "flights_time_slot_check" CHECK(time_slot is null or time_slot in ('00-04', '04-08', '08-12', '12-16', '16-20', '20-24')),
	CONSTRAINT "flights_source_check" CHECK(source in ('feed', 'staff', 'demo'))
);
--> statement-breakpoint
CREATE UNIQUE INDEX `flights_route_departure_unique` ON `flights` (`departure_airport_id`,`arrival_airport_id`,`departure_date`);--> statement-breakpoint
CREATE INDEX `flights_departure_date_idx` ON `flights` (`departure_date`);--> statement-breakpoint
CREATE INDEX `flights_arrival_airport_idx` ON `flights` (`arrival_airport_id`);--> statement-breakpoint
CREATE TABLE `mail_outbox` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`to_address` text NOT NULL,
	`template` text NOT NULL,
	`locale` text NOT NULL,
	`data` text NOT NULL,
	`subject` text NOT NULL,
	`html` text NOT NULL,
	`text` text NOT NULL,
	`status` text DEFAULT 'pending' NOT NULL,
	`attempts` integer DEFAULT 0 NOT NULL,
	`last_error` text,
	`next_attempt_at` integer,
	`sent_at` integer,
	`provider_message_id` text,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	CONSTRAINT "mail_outbox_status_check" CHECK(status in ('pending', 'sent', 'failed'))
);
--> statement-breakpoint
CREATE INDEX `mail_outbox_status_next_idx` ON `mail_outbox` (`status`,`next_attempt_at`);--> statement-breakpoint
CREATE INDEX `mail_outbox_created_idx` ON `mail_outbox` (`created_at`);--> statement-breakpoint
CREATE TABLE `newsletter_subscribers` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`email` text NOT NULL,
	`language` text DEFAULT 'fr' NOT NULL,
	`unsubscribe_token_hash` text NOT NULL,
	`unsubscribed_at` integer,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `newsletter_subscribers_email_unique` ON `newsletter_subscribers` (`email`);--> statement-breakpoint
CREATE UNIQUE INDEX `newsletter_subscribers_token_unique` ON `newsletter_subscribers` (`unsubscribe_token_hash`);--> statement-breakpoint
CREATE TABLE `notification_preferences` (
	`user_id` text NOT NULL,
	`country` text NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	PRIMARY KEY(`user_id`, `country`),
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `notification_preferences_country_idx` ON `notification_preferences` (`country`);--> statement-breakpoint
CREATE TABLE `notifications` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`user_id` text NOT NULL,
	`type` text DEFAULT 'flight_alert' NOT NULL,
	`title` text NOT NULL,
	`message` text NOT NULL,
	`flight_id` text,
	`read` integer DEFAULT false NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`flight_id`) REFERENCES `flights`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `notifications_user_created_idx` ON `notifications` (`user_id`,`created_at`);--> statement-breakpoint
CREATE TABLE `one_time_tokens` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`user_id` text NOT NULL,
	`purpose` text NOT NULL,
	`token_hash` text NOT NULL,
	`expires_at` integer NOT NULL,
	`used_at` integer,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "one_time_tokens_purpose_check" CHECK(purpose in ('email_confirmation', 'password_reset'))
);
--> statement-breakpoint
CREATE UNIQUE INDEX `one_time_tokens_hash_unique` ON `one_time_tokens` (`token_hash`);--> statement-breakpoint
CREATE INDEX `one_time_tokens_user_purpose_idx` ON `one_time_tokens` (`user_id`,`purpose`);--> statement-breakpoint
CREATE INDEX `one_time_tokens_expires_idx` ON `one_time_tokens` (`expires_at`);--> statement-breakpoint
CREATE TABLE `orders` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text,
	`flight_id` text NOT NULL,
	`status` text DEFAULT 'pending' NOT NULL,
	`amount_cents` integer NOT NULL,
	`seats` integer NOT NULL,
	`whole_aircraft` integer DEFAULT false NOT NULL,
	`customer_info` text NOT NULL,
	`language` text DEFAULT 'fr' NOT NULL,
	`access_key_hash` text NOT NULL,
	`idempotency_key` text,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	`updated_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`flight_id`) REFERENCES `flights`(`id`) ON UPDATE no action ON DELETE restrict,
	CONSTRAINT "orders_status_check" CHECK(status in ('pending', 'processing', 'completed', 'cancelled')),
	CONSTRAINT "orders_seats_check" CHECK(seats >= 1),
	CONSTRAINT "orders_amount_check" CHECK(amount_cents >= 0)
);
--> statement-breakpoint
CREATE UNIQUE INDEX `orders_idempotency_unique` ON `orders` (`idempotency_key`);--> statement-breakpoint
CREATE INDEX `orders_user_created_idx` ON `orders` (`user_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `orders_status_created_idx` ON `orders` (`status`,`created_at`);--> statement-breakpoint
CREATE INDEX `orders_created_idx` ON `orders` (`created_at`);--> statement-breakpoint
CREATE INDEX `orders_flight_idx` ON `orders` (`flight_id`);--> statement-breakpoint
CREATE TABLE `rate_limits` (
	`key` text PRIMARY KEY NOT NULL,
	`count` integer DEFAULT 0 NOT NULL,
	`window_ends_at` integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX `rate_limits_window_idx` ON `rate_limits` (`window_ends_at`);--> statement-breakpoint
CREATE TABLE `sessions` (
	`id_hash` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`expires_at` integer NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `sessions_user_idx` ON `sessions` (`user_id`);--> statement-breakpoint
CREATE INDEX `sessions_expires_idx` ON `sessions` (`expires_at`);--> statement-breakpoint
CREATE TABLE `sync_runs` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`trigger` text NOT NULL,
	`triggered_by` text,
	`status` text DEFAULT 'running' NOT NULL,
	`started_at` integer NOT NULL,
	`finished_at` integer,
	`new_count` integer DEFAULT 0 NOT NULL,
	`updated_count` integer DEFAULT 0 NOT NULL,
	`skipped_count` integer DEFAULT 0 NOT NULL,
	`error` text,
	FOREIGN KEY (`triggered_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null,
	CONSTRAINT "sync_runs_status_check" CHECK(status in ('running', 'success', 'error')),
	CONSTRAINT "sync_runs_trigger_check" CHECK(trigger in ('cron', 'manual'))
);
--> statement-breakpoint
CREATE UNIQUE INDEX `sync_runs_one_running` ON `sync_runs` (`status`) WHERE status = 'running';--> statement-breakpoint
CREATE INDEX `sync_runs_started_idx` ON `sync_runs` (`started_at`);--> statement-breakpoint
CREATE TABLE `users` (
	`id` text PRIMARY KEY NOT NULL,
	`email` text NOT NULL,
	`password_hash` text NOT NULL,
	`first_name` text NOT NULL,
	`last_name` text NOT NULL,
	`phone` text,
	`role` text DEFAULT 'client' NOT NULL,
	`language` text DEFAULT 'fr' NOT NULL,
	`email_confirmed_at` integer,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	`updated_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	CONSTRAINT "users_role_check" CHECK(role in ('client', 'gestionnaire', 'admin')),
	CONSTRAINT "users_language_check" CHECK(language in ('fr', 'en', 'de', 'es'))
);
--> statement-breakpoint
CREATE UNIQUE INDEX `users_email_unique` ON `users` (`email`);--> statement-breakpoint
CREATE INDEX `users_created_at_idx` ON `users` (`created_at`);