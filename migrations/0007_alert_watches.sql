CREATE TABLE `alert_watches` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`user_id` text NOT NULL,
	`from_kind` text NOT NULL,
	`from_value` text NOT NULL,
	`to_kind` text,
	`to_value` text,
	`window_days` integer DEFAULT 7 NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "alert_watches_from_kind_check" CHECK(from_kind in ('city', 'country')),
	CONSTRAINT "alert_watches_to_check" CHECK((to_kind is null and to_value is null) or (to_kind is not null and to_kind in ('city', 'country') and to_value is not null)),
	CONSTRAINT "alert_watches_window_check" CHECK(window_days in (7, 14, 30))
);
--> statement-breakpoint
CREATE INDEX `alert_watches_user_idx` ON `alert_watches` (`user_id`);--> statement-breakpoint
-- Hand-written: every alert country becomes a watch (departure country, no arrival, 7 days), then the old table goes.
INSERT INTO `alert_watches` (`user_id`, `from_kind`, `from_value`, `window_days`, `created_at`)
	SELECT `user_id`, 'country', `country`, 7, `created_at` FROM `notification_preferences` ORDER BY `user_id`, `country`;--> statement-breakpoint
DROP TABLE `notification_preferences`;--> statement-breakpoint
ALTER TABLE `users` ADD `alert_weekly_cap` integer;