ALTER TABLE `flights` ADD `feed_leg_id` text;--> statement-breakpoint
CREATE UNIQUE INDEX `flights_feed_leg_unique` ON `flights` (`feed_leg_id`);--> statement-breakpoint
ALTER TABLE `sync_runs` ADD `skipped` text;