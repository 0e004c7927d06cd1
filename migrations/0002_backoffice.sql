-- Corrected by hand where drizzle-kit copies columns the old tables do not have: existing
-- requests start 'new'; existing history rows without a user were the sync's.
CREATE TABLE `__new_custom_requests` (
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
	`status` text DEFAULT 'new' NOT NULL,
	`handled_at` integer,
	`handled_by` text,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`handled_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null,
	CONSTRAINT "custom_requests_passengers_check" CHECK(passengers between 1 and 8),
	CONSTRAINT "custom_requests_status_check" CHECK(status in ('new', 'handled'))
);
--> statement-breakpoint
INSERT INTO `__new_custom_requests`("id", "user_id", "departure", "arrival", "date", "passengers", "first_name", "last_name", "email", "phone", "language", "idempotency_key", "status", "handled_at", "handled_by", "created_at") SELECT "id", "user_id", "departure", "arrival", "date", "passengers", "first_name", "last_name", "email", "phone", "language", "idempotency_key", 'new', NULL, NULL, "created_at" FROM `custom_requests`;--> statement-breakpoint
DROP TABLE `custom_requests`;--> statement-breakpoint
ALTER TABLE `__new_custom_requests` RENAME TO `custom_requests`;--> statement-breakpoint
CREATE UNIQUE INDEX `custom_requests_idempotency_unique` ON `custom_requests` (`idempotency_key`);--> statement-breakpoint
CREATE INDEX `custom_requests_created_idx` ON `custom_requests` (`created_at`);--> statement-breakpoint
CREATE TABLE `__new_exclusive_requests` (
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
	`status` text DEFAULT 'new' NOT NULL,
	`handled_at` integer,
	`handled_by` text,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`handled_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null,
	CONSTRAINT "exclusive_requests_status_check" CHECK(status in ('new', 'handled'))
);
--> statement-breakpoint
INSERT INTO `__new_exclusive_requests`("id", "exclusive_flight_id", "user_id", "first_name", "last_name", "email", "phone", "address", "zip_code", "city", "country", "message", "language", "idempotency_key", "status", "handled_at", "handled_by", "created_at") SELECT "id", "exclusive_flight_id", "user_id", "first_name", "last_name", "email", "phone", "address", "zip_code", "city", "country", "message", "language", "idempotency_key", 'new', NULL, NULL, "created_at" FROM `exclusive_requests`;--> statement-breakpoint
DROP TABLE `exclusive_requests`;--> statement-breakpoint
ALTER TABLE `__new_exclusive_requests` RENAME TO `exclusive_requests`;--> statement-breakpoint
CREATE UNIQUE INDEX `exclusive_requests_idempotency_unique` ON `exclusive_requests` (`idempotency_key`);--> statement-breakpoint
CREATE INDEX `exclusive_requests_created_idx` ON `exclusive_requests` (`created_at`);--> statement-breakpoint
CREATE TABLE `__new_flight_logs` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`flight_id` text,
	`flight_label` text NOT NULL,
	`action` text NOT NULL,
	`changed_fields` text NOT NULL,
	`old_values` text,
	`new_values` text,
	`actor` text DEFAULT 'staff' NOT NULL,
	`changed_by` text,
	`changed_at` integer NOT NULL,
	FOREIGN KEY (`flight_id`) REFERENCES `flights`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`changed_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null,
	CONSTRAINT "flight_logs_action_check" CHECK(action in ('INSERT', 'UPDATE', 'DELETE')),
	CONSTRAINT "flight_logs_actor_check" CHECK(actor in ('staff', 'sync', 'customer', 'system'))
);
--> statement-breakpoint
INSERT INTO `__new_flight_logs`("id", "flight_id", "flight_label", "action", "changed_fields", "old_values", "new_values", "actor", "changed_by", "changed_at") SELECT "id", "flight_id", "flight_label", "action", "changed_fields", "old_values", "new_values", CASE WHEN "changed_by" IS NULL THEN 'sync' ELSE 'staff' END, "changed_by", "changed_at" FROM `flight_logs`;--> statement-breakpoint
DROP TABLE `flight_logs`;--> statement-breakpoint
ALTER TABLE `__new_flight_logs` RENAME TO `flight_logs`;--> statement-breakpoint
CREATE INDEX `flight_logs_flight_idx` ON `flight_logs` (`flight_id`,`changed_at`);--> statement-breakpoint
CREATE INDEX `flight_logs_changed_at_idx` ON `flight_logs` (`changed_at`);--> statement-breakpoint
ALTER TABLE `flights` ADD `feed_departure_date` integer;--> statement-breakpoint
-- Hand-added: flights the feed brought keep their announced departure as the sync's key.
UPDATE `flights` SET `feed_departure_date` = `departure_date` WHERE `source` = 'feed';--> statement-breakpoint
CREATE UNIQUE INDEX `flights_feed_key_unique` ON `flights` (`departure_airport_id`,`arrival_airport_id`,`feed_departure_date`);--> statement-breakpoint
ALTER TABLE `sync_runs` ADD `lease_expires_at` integer;