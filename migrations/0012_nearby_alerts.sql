PRAGMA foreign_keys=OFF;--> statement-breakpoint
CREATE TABLE `__new_alert_watches` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`user_id` text NOT NULL,
	`from_kind` text NOT NULL,
	`from_value` text NOT NULL,
	`to_kind` text,
	`to_value` text,
	`window_days` integer DEFAULT 7 NOT NULL,
	`from_radius_km` integer DEFAULT 0 NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "alert_watches_from_kind_check" CHECK(from_kind in ('city', 'country')),
	CONSTRAINT "alert_watches_to_check" CHECK((to_kind is null and to_value is null) or (to_kind is not null and to_kind in ('city', 'country') and to_value is not null)),
	CONSTRAINT "alert_watches_window_check" CHECK(window_days in (7, 14, 30)),
	CONSTRAINT "alert_watches_radius_check" CHECK(from_radius_km in (0, 50, 100, 200) and (from_radius_km = 0 or from_kind = 'city'))
);
--> statement-breakpoint
-- Hand-written: the watches kept as they were, their city only (radius 0).
INSERT INTO `__new_alert_watches`("id", "user_id", "from_kind", "from_value", "to_kind", "to_value", "window_days", "from_radius_km", "created_at") SELECT "id", "user_id", "from_kind", "from_value", "to_kind", "to_value", "window_days", 0, "created_at" FROM `alert_watches`;--> statement-breakpoint
DROP TABLE `alert_watches`;--> statement-breakpoint
ALTER TABLE `__new_alert_watches` RENAME TO `alert_watches`;--> statement-breakpoint
PRAGMA foreign_keys=ON;--> statement-breakpoint
CREATE INDEX `alert_watches_user_idx` ON `alert_watches` (`user_id`);