ALTER TABLE `newsletter_subscribers` ADD `confirm_token_hash` text;--> statement-breakpoint
ALTER TABLE `newsletter_subscribers` ADD `confirm_requested_at` integer;--> statement-breakpoint
ALTER TABLE `newsletter_subscribers` ADD `requested_from_ip` text;--> statement-breakpoint
ALTER TABLE `newsletter_subscribers` ADD `confirmed_at` integer;--> statement-breakpoint
ALTER TABLE `newsletter_subscribers` ADD `confirmed_from_ip` text;--> statement-breakpoint
CREATE UNIQUE INDEX `newsletter_subscribers_confirm_token_unique` ON `newsletter_subscribers` (`confirm_token_hash`);--> statement-breakpoint
-- Subscribers from before double opt-in keep their subscription: their sign-up is the consent on record.
UPDATE `newsletter_subscribers` SET `confirmed_at` = `created_at` WHERE `unsubscribed_at` IS NULL;
