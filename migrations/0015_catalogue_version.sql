CREATE TABLE `catalogue_version` (
	`id` integer PRIMARY KEY NOT NULL,
	`version` integer NOT NULL,
	CONSTRAINT "catalogue_version_one_row" CHECK("catalogue_version"."id" = 1)
);--> statement-breakpoint
INSERT INTO `catalogue_version` (`id`, `version`) VALUES (1, 0);--> statement-breakpoint
CREATE TRIGGER `flights_insert_catalogue_version` AFTER INSERT ON `flights` BEGIN INSERT OR REPLACE INTO `catalogue_version` (`id`, `version`) VALUES (1, coalesce((SELECT `version` FROM `catalogue_version` WHERE `id` = 1), 0) + 1); END;--> statement-breakpoint
CREATE TRIGGER `flights_update_catalogue_version` AFTER UPDATE ON `flights` BEGIN INSERT OR REPLACE INTO `catalogue_version` (`id`, `version`) VALUES (1, coalesce((SELECT `version` FROM `catalogue_version` WHERE `id` = 1), 0) + 1); END;--> statement-breakpoint
CREATE TRIGGER `flights_delete_catalogue_version` AFTER DELETE ON `flights` BEGIN INSERT OR REPLACE INTO `catalogue_version` (`id`, `version`) VALUES (1, coalesce((SELECT `version` FROM `catalogue_version` WHERE `id` = 1), 0) + 1); END;--> statement-breakpoint
CREATE TRIGGER `airports_insert_catalogue_version` AFTER INSERT ON `airports` BEGIN INSERT OR REPLACE INTO `catalogue_version` (`id`, `version`) VALUES (1, coalesce((SELECT `version` FROM `catalogue_version` WHERE `id` = 1), 0) + 1); END;--> statement-breakpoint
CREATE TRIGGER `airports_update_catalogue_version` AFTER UPDATE ON `airports` BEGIN INSERT OR REPLACE INTO `catalogue_version` (`id`, `version`) VALUES (1, coalesce((SELECT `version` FROM `catalogue_version` WHERE `id` = 1), 0) + 1); END;--> statement-breakpoint
CREATE TRIGGER `airports_delete_catalogue_version` AFTER DELETE ON `airports` BEGIN INSERT OR REPLACE INTO `catalogue_version` (`id`, `version`) VALUES (1, coalesce((SELECT `version` FROM `catalogue_version` WHERE `id` = 1), 0) + 1); END;--> statement-breakpoint
CREATE TRIGGER `orders_insert_catalogue_version` AFTER INSERT ON `orders` BEGIN INSERT OR REPLACE INTO `catalogue_version` (`id`, `version`) VALUES (1, coalesce((SELECT `version` FROM `catalogue_version` WHERE `id` = 1), 0) + 1); END;--> statement-breakpoint
CREATE TRIGGER `orders_update_catalogue_version` AFTER UPDATE ON `orders` BEGIN INSERT OR REPLACE INTO `catalogue_version` (`id`, `version`) VALUES (1, coalesce((SELECT `version` FROM `catalogue_version` WHERE `id` = 1), 0) + 1); END;--> statement-breakpoint
CREATE TRIGGER `orders_delete_catalogue_version` AFTER DELETE ON `orders` BEGIN INSERT OR REPLACE INTO `catalogue_version` (`id`, `version`) VALUES (1, coalesce((SELECT `version` FROM `catalogue_version` WHERE `id` = 1), 0) + 1); END;
