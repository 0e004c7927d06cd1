ALTER TABLE `webauthn_challenges` ADD `network` text DEFAULT '' NOT NULL;--> statement-breakpoint
CREATE INDEX `webauthn_challenges_network_idx` ON `webauthn_challenges` (`network`,`expires_at`);