CREATE TABLE `catalogue_version` (
	`id` integer PRIMARY KEY NOT NULL,
	`version` integer NOT NULL,
	CONSTRAINT "catalogue_version_one_row" CHECK("catalogue_version"."id" = 1)
);--> statement-breakpoint
INSERT INTO `catalogue_version` (`id`, `version`) VALUES (1, 0);
