CREATE TABLE `deleted_students` (
	`id` text PRIMARY KEY NOT NULL,
	`source_id_hash` text,
	`district_id_hash` text NOT NULL,
	`deleted_at` integer DEFAULT (cast(unixepoch('subsecond') * 1000 as integer)) NOT NULL
);
--> statement-breakpoint
CREATE INDEX `deleted_students_source_idx` ON `deleted_students` (`source_id_hash`);--> statement-breakpoint
CREATE INDEX `deleted_students_district_idx` ON `deleted_students` (`district_id_hash`);