-- Offers a customer accepts online (docs/decisions/058-offers.md): an offer answers a custom or exclusive request
-- with a flight of its own, kept out of the catalogue (flights.offer_only), and a thread of messages per request.
-- Written by hand: D1 cannot turn foreign keys off, so flights gets its column by ALTER TABLE with a column CHECK.
ALTER TABLE `flights` ADD `offer_only` integer DEFAULT 0 NOT NULL CHECK (offer_only in (0, 1));--> statement-breakpoint
-- Two customers may be offered the same route at the same minute: the catalogue's one flight per route and time
-- holds for listed flights only (an index, not the table, is rebuilt).
DROP INDEX `flights_route_departure_unique`;--> statement-breakpoint
CREATE UNIQUE INDEX `flights_route_departure_unique` ON `flights` (`departure_airport_id`,`arrival_airport_id`,`departure_date`) WHERE offer_only = 0;--> statement-breakpoint
CREATE TABLE `offers` (
	`id` text PRIMARY KEY NOT NULL,
	`request_kind` text NOT NULL,
	`request_id` text NOT NULL,
	`version` integer NOT NULL,
	`status` text DEFAULT 'open' NOT NULL,
	`flight_id` text NOT NULL,
	`aircraft_id` text NOT NULL,
	`seats` integer NOT NULL,
	`departure_until` integer NOT NULL,
	`price_cents` integer NOT NULL,
	`included` text NOT NULL,
	`expires_at` integer NOT NULL,
	`language` text DEFAULT 'fr' NOT NULL,
	`link_key_hash` text NOT NULL,
	`order_id` text,
	`created_by` text,
	`decided_at` integer,
	`created_at` integer NOT NULL,
	`held_flight_id` text,
	`held_seats` integer DEFAULT 0 NOT NULL,
	FOREIGN KEY (`flight_id`) REFERENCES `flights`(`id`) ON UPDATE no action ON DELETE restrict,
	FOREIGN KEY (`held_flight_id`) REFERENCES `flights`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`order_id`) REFERENCES `orders`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`created_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null,
	CONSTRAINT "offers_request_kind_check" CHECK(request_kind in ('custom', 'exclusive')),
	CONSTRAINT "offers_status_check" CHECK(status in ('open', 'accepted', 'declined', 'withdrawn', 'superseded')),
	CONSTRAINT "offers_seats_check" CHECK(seats between 1 and 8),
	CONSTRAINT "offers_price_check" CHECK(price_cents > 0),
	CONSTRAINT "offers_version_check" CHECK(version >= 1),
	CONSTRAINT "offers_language_check" CHECK(language in ('fr', 'en', 'de')),
	CONSTRAINT "offers_accepted_check" CHECK((status = 'accepted') = (order_id is not null)),
	CONSTRAINT "offers_held_seats_check" CHECK(held_seats between 0 and 8)
);
--> statement-breakpoint
CREATE UNIQUE INDEX `offers_request_version_unique` ON `offers` (`request_kind`,`request_id`,`version`);--> statement-breakpoint
CREATE UNIQUE INDEX `offers_one_open_unique` ON `offers` (`request_kind`,`request_id`) WHERE status = 'open';--> statement-breakpoint
CREATE UNIQUE INDEX `offers_link_key_unique` ON `offers` (`link_key_hash`);--> statement-breakpoint
CREATE INDEX `offers_status_expiry_idx` ON `offers` (`status`,`expires_at`);--> statement-breakpoint
CREATE TABLE `offer_messages` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`request_kind` text NOT NULL,
	`request_id` text NOT NULL,
	`author` text NOT NULL,
	`user_id` text,
	`body` text NOT NULL,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null,
	CONSTRAINT "offer_messages_author_check" CHECK(author in ('customer', 'staff')),
	CONSTRAINT "offer_messages_body_check" CHECK(length(body) between 1 and 1000)
);
--> statement-breakpoint
CREATE INDEX `offer_messages_request_idx` ON `offer_messages` (`request_kind`,`request_id`,`created_at`);
--> statement-breakpoint
CREATE TABLE `reroute_details` (
	`request_id` text PRIMARY KEY NOT NULL,
	`flight_id` text NOT NULL,
	`end` text NOT NULL,
	`airport_id` integer NOT NULL,
	`departure_at` integer NOT NULL,
	`km` integer NOT NULL,
	`minutes` integer NOT NULL,
	`estimate_cents` integer NOT NULL,
	FOREIGN KEY (`request_id`) REFERENCES `custom_requests`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`flight_id`) REFERENCES `flights`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`airport_id`) REFERENCES `airports`(`id`) ON UPDATE no action ON DELETE restrict,
	CONSTRAINT "reroute_details_end_check" CHECK(end in ('departure', 'arrival')),
	CONSTRAINT "reroute_details_figures_check" CHECK(km >= 0 and minutes >= 0 and estimate_cents >= 0)
);
