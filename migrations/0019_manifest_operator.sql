-- The manifest, the operating carrier and the reminders before a flight (docs/orders.md 'The manifest').
-- Written by hand after drizzle-kit generate: D1 cannot turn foreign keys off, so rebuilding flights or
-- orders would cascade into their children; ALTER TABLE ADD COLUMN takes a column CHECK instead.
CREATE TABLE `manifest_access` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`flight_id` text NOT NULL,
	`order_id` text,
	`user_id` text,
	`action` text NOT NULL,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`flight_id`) REFERENCES `flights`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`order_id`) REFERENCES `orders`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null,
	CONSTRAINT "manifest_access_action_check" CHECK(action in ('view', 'csv', 'pdf', 'edit'))
);
--> statement-breakpoint
CREATE INDEX `manifest_access_flight_idx` ON `manifest_access` (`flight_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `manifest_access_created_idx` ON `manifest_access` (`created_at`);--> statement-breakpoint
CREATE TABLE `manifest_passengers` (
	`order_id` text NOT NULL,
	`seat` integer NOT NULL,
	`given_names` text NOT NULL,
	`surname` text NOT NULL,
	`nationality` text,
	`document_kind` text,
	`document_number_sealed` text,
	`issuer` text,
	`expires_on` text,
	`birth_date_sealed` text,
	`updated_by` text,
	`updated_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`order_id`) REFERENCES `orders`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`updated_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null,
	CONSTRAINT "manifest_passengers_seat_check" CHECK(seat >= 0),
	CONSTRAINT "manifest_passengers_document_kind_check" CHECK(document_kind is null or document_kind in ('passport', 'identityCard'))
);
--> statement-breakpoint
CREATE UNIQUE INDEX `manifest_passengers_seat_unique` ON `manifest_passengers` (`order_id`,`seat`);--> statement-breakpoint
ALTER TABLE `flights` ADD `operator_name` text;--> statement-breakpoint
ALTER TABLE `flights` ADD `operator_aoc` text;--> statement-breakpoint
ALTER TABLE `flights` ADD `operator_state` text;--> statement-breakpoint
ALTER TABLE `flights` ADD `aircraft_registration` text;--> statement-breakpoint
ALTER TABLE `flights` ADD `terminal` text;--> statement-breakpoint
ALTER TABLE `flights` ADD `check_in_minutes` integer DEFAULT 30 NOT NULL CONSTRAINT "flights_check_in_check" CHECK(check_in_minutes between 10 and 180);--> statement-breakpoint
ALTER TABLE `flights` ADD `manifest_deadline_hours` integer DEFAULT 24 NOT NULL CONSTRAINT "flights_manifest_deadline_check" CHECK(manifest_deadline_hours between 1 and 168);--> statement-breakpoint
ALTER TABLE `orders` ADD `luggage_pieces` integer;--> statement-breakpoint
ALTER TABLE `orders` ADD `luggage_kg` integer;--> statement-breakpoint
ALTER TABLE `orders` ADD `pets` integer CONSTRAINT "orders_luggage_check" CHECK((luggage_pieces is null or luggage_pieces between 0 and 30) and (luggage_kg is null or luggage_kg between 0 and 500) and (pets is null or pets between 0 and 4));--> statement-breakpoint
CREATE UNIQUE INDEX `order_messages_once_unique` ON `order_messages` (`order_id`,`kind`) WHERE kind in ('manifestReminder72', 'manifestReminder30', 'travelDay', 'notifyManifestReminder72', 'notifyManifestReminder30', 'notifyTravelDay');