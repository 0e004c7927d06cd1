-- Web Push (docs/decisions/057-web-push.md): a customer's devices, the notifications pushed or waiting (quiet hours,
-- the daily cap), and the local push service's devices and inbox (/dev/push; empty outside local development).
-- Written by hand: new tables only.
CREATE TABLE `push_subscriptions` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`endpoint` text NOT NULL,
	`p256dh` text NOT NULL,
	`auth` text NOT NULL,
	`device` text NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	`last_push_at` integer,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "push_subscriptions_endpoint_check" CHECK(endpoint like 'http%' and length(endpoint) <= 1024),
	CONSTRAINT "push_subscriptions_keys_check" CHECK(length(p256dh) between 80 and 100 and length(auth) between 16 and 32)
);
--> statement-breakpoint
CREATE UNIQUE INDEX `push_subscriptions_endpoint_unique` ON `push_subscriptions` (`endpoint`);--> statement-breakpoint
CREATE INDEX `push_subscriptions_user_idx` ON `push_subscriptions` (`user_id`);--> statement-breakpoint
CREATE TABLE `push_messages` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`notification_id` integer NOT NULL,
	`user_id` text NOT NULL,
	`created_at` integer NOT NULL,
	`due_at` integer NOT NULL,
	`sent_at` integer,
	`outcome` text,
	FOREIGN KEY (`notification_id`) REFERENCES `notifications`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "push_messages_outcome_check" CHECK(outcome is null or outcome in ('sent', 'capped', 'noDevice'))
);
--> statement-breakpoint
CREATE UNIQUE INDEX `push_messages_notification_unique` ON `push_messages` (`notification_id`);--> statement-breakpoint
CREATE INDEX `push_messages_due_idx` ON `push_messages` (`due_at`) WHERE sent_at is null;--> statement-breakpoint
CREATE INDEX `push_messages_user_sent_idx` ON `push_messages` (`user_id`,`sent_at`);--> statement-breakpoint
-- Every notification of these types (PUSHED_NOTIFICATION_TYPES) to a customer with a device is also pushed: the
-- push is written in the same statement as the notification, whoever writes it (alerts, waitlist, an order's news).
CREATE TRIGGER `push_messages_from_notifications` AFTER INSERT ON `notifications`
WHEN new.type in ('flight_alert', 'seat_released', 'order_flight_cancelled', 'order_cancelled', 'order_rescheduled')
	AND exists (select 1 from push_subscriptions s where s.user_id = new.user_id)
BEGIN
	INSERT INTO push_messages (notification_id, user_id, created_at, due_at)
	VALUES (new.id, new.user_id, new.created_at, new.created_at);
END;
--> statement-breakpoint
CREATE TABLE `dev_push_devices` (
	`id` text PRIMARY KEY NOT NULL,
	`private_key` text NOT NULL,
	`auth` text NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL
);
--> statement-breakpoint
CREATE TABLE `dev_push_inbox` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`device_id` text NOT NULL,
	`subject` text NOT NULL,
	`payload` text NOT NULL,
	`received_at` integer NOT NULL,
	FOREIGN KEY (`device_id`) REFERENCES `dev_push_devices`(`id`) ON UPDATE no action ON DELETE cascade
);
