PRAGMA foreign_keys=OFF;--> statement-breakpoint
CREATE TABLE `__new_notifications` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`user_id` text NOT NULL,
	`type` text DEFAULT 'flight_alert' NOT NULL,
	`params` text,
	`title` text,
	`message` text,
	`flight_id` text,
	`read` integer DEFAULT false NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`flight_id`) REFERENCES `flights`(`id`) ON UPDATE no action ON DELETE set null,
	CONSTRAINT "notifications_text_check" CHECK(params is not null or (title is not null and message is not null))
);
--> statement-breakpoint
-- Hand-edited: a notification whose flight is still there gets that flight's params, so it
-- reads in the reader's language from now on; one whose flight is gone keeps its stored text.
INSERT INTO `__new_notifications`("id", "user_id", "type", "params", "title", "message", "flight_id", "read", "created_at")
	SELECT n."id", n."user_id", n."type",
		CASE WHEN f."id" IS NULL THEN NULL ELSE json_object('from', d."served_city", 'to', a."served_city", 'fromIcao', d."icao_code", 'toIcao', a."icao_code", 'departure', f."departure_date") END,
		n."title", n."message", n."flight_id", n."read", n."created_at"
	FROM `notifications` n
		LEFT JOIN `flights` f ON f."id" = n."flight_id"
		LEFT JOIN `airports` d ON d."id" = f."departure_airport_id"
		LEFT JOIN `airports` a ON a."id" = f."arrival_airport_id";--> statement-breakpoint
DROP TABLE `notifications`;--> statement-breakpoint
ALTER TABLE `__new_notifications` RENAME TO `notifications`;--> statement-breakpoint
PRAGMA foreign_keys=ON;--> statement-breakpoint
CREATE INDEX `notifications_user_created_idx` ON `notifications` (`user_id`,`created_at`);