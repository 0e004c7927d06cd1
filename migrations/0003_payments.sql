CREATE TABLE `dev_payment_sessions` (
	`id` text PRIMARY KEY NOT NULL,
	`order_id` text NOT NULL,
	`payment_intent_id` text NOT NULL,
	`amount_cents` integer NOT NULL,
	`currency` text NOT NULL,
	`description` text NOT NULL,
	`status` text DEFAULT 'open' NOT NULL,
	`success_url` text NOT NULL,
	`cancel_url` text NOT NULL,
	`expires_at` integer NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL
);
--> statement-breakpoint
CREATE TABLE `order_events` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`order_id` text NOT NULL,
	`move` text NOT NULL,
	`from_status` text,
	`to_status` text NOT NULL,
	`payment_state` text NOT NULL,
	`actor` text NOT NULL,
	`changed_by` text,
	`detail` text,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`order_id`) REFERENCES `orders`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`changed_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null,
	CONSTRAINT "order_events_actor_check" CHECK(actor in ('customer', 'provider', 'staff', 'system'))
);
--> statement-breakpoint
CREATE INDEX `order_events_order_idx` ON `order_events` (`order_id`,`created_at`);--> statement-breakpoint
CREATE TABLE `order_links` (
	`key_hash` text PRIMARY KEY NOT NULL,
	`order_id` text NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`order_id`) REFERENCES `orders`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `order_links_order_idx` ON `order_links` (`order_id`);--> statement-breakpoint
CREATE TABLE `payment_events` (
	`id` text PRIMARY KEY NOT NULL,
	`type` text NOT NULL,
	`order_id` text,
	`received_at` integer NOT NULL
);
--> statement-breakpoint
-- Hand-edited: orders placed before this migration get a reference of their own (hex letters),
-- and the key of their first link stays valid (order_links).
PRAGMA foreign_keys=OFF;--> statement-breakpoint
CREATE TABLE `__new_orders` (
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
	`reference` text,
	`hold_expires_at` integer,
	`payment_state` text DEFAULT 'none' NOT NULL,
	`payment_session_id` text,
	`payment_intent_id` text,
	`cancel_reason` text,
	`passengers` text,
	`client_key` text,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	`updated_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`flight_id`) REFERENCES `flights`(`id`) ON UPDATE no action ON DELETE restrict,
	CONSTRAINT "orders_status_check" CHECK(status in ('pending', 'processing', 'completed', 'cancelled')),
	CONSTRAINT "orders_seats_check" CHECK(seats >= 1),
	CONSTRAINT "orders_amount_check" CHECK(amount_cents >= 0),
	CONSTRAINT "orders_payment_state_check" CHECK(payment_state in ('none', 'authorised', 'captured', 'released', 'offline', 'failed')),
	CONSTRAINT "orders_cancel_reason_check" CHECK(cancel_reason is null or cancel_reason in ('refused', 'expired', 'paymentFailed', 'departed'))
);
--> statement-breakpoint
INSERT INTO `__new_orders`("id", "user_id", "flight_id", "status", "amount_cents", "seats", "whole_aircraft", "customer_info", "language", "access_key_hash", "idempotency_key", "reference", "hold_expires_at", "payment_state", "payment_session_id", "payment_intent_id", "cancel_reason", "passengers", "client_key", "created_at", "updated_at") SELECT "id", "user_id", "flight_id", "status", "amount_cents", "seats", "whole_aircraft", "customer_info", "language", "access_key_hash", "idempotency_key", 'JM-' || upper(substr(hex(randomblob(4)), 1, 6)), "hold_expires_at", "payment_state", "payment_session_id", "payment_intent_id", "cancel_reason", "passengers", "client_key", "created_at", "updated_at" FROM `orders`;--> statement-breakpoint
DROP TABLE `orders`;--> statement-breakpoint
ALTER TABLE `__new_orders` RENAME TO `orders`;--> statement-breakpoint
PRAGMA foreign_keys=ON;--> statement-breakpoint
CREATE UNIQUE INDEX `orders_idempotency_unique` ON `orders` (`idempotency_key`);--> statement-breakpoint
CREATE UNIQUE INDEX `orders_reference_unique` ON `orders` (`reference`);--> statement-breakpoint
CREATE UNIQUE INDEX `orders_payment_session_unique` ON `orders` (`payment_session_id`);--> statement-breakpoint
CREATE INDEX `orders_hold_expiry_idx` ON `orders` (`status`,`hold_expires_at`);--> statement-breakpoint
CREATE INDEX `orders_client_created_idx` ON `orders` (`client_key`,`created_at`);--> statement-breakpoint
CREATE INDEX `orders_user_created_idx` ON `orders` (`user_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `orders_status_created_idx` ON `orders` (`status`,`created_at`);--> statement-breakpoint
CREATE INDEX `orders_created_idx` ON `orders` (`created_at`);--> statement-breakpoint
CREATE INDEX `orders_flight_idx` ON `orders` (`flight_id`);--> statement-breakpoint
INSERT INTO `order_links`("key_hash", "order_id", "created_at") SELECT "access_key_hash", "id", "created_at" FROM `orders`;