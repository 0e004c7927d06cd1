ALTER TABLE `alert_deliveries` ADD `notified_at` integer;--> statement-breakpoint
CREATE INDEX `alert_deliveries_waiting_idx` ON `alert_deliveries` (`user_id`) WHERE "alert_deliveries"."notified_at" is null;--> statement-breakpoint
-- Pairs alerted before the queue were notified when they were recorded.
UPDATE `alert_deliveries` SET `notified_at` = `alerted_at`;
