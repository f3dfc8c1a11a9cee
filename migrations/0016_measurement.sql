CREATE TABLE `calibration_runs` (
	`id` text PRIMARY KEY NOT NULL,
	`outcome` text NOT NULL,
	`sessions` integer DEFAULT 0 NOT NULL,
	`answers` integer DEFAULT 0 NOT NULL,
	`items_updated` integer DEFAULT 0 NOT NULL,
	`anchors` integer DEFAULT 0 NOT NULL,
	`link_slope` real,
	`link_intercept` real,
	`note` text,
	`created_at` integer DEFAULT (cast(unixepoch('subsecond') * 1000 as integer)) NOT NULL,
	`updated_at` integer DEFAULT (cast(unixepoch('subsecond') * 1000 as integer)) NOT NULL,
	CONSTRAINT "calibration_runs_outcome_check" CHECK("calibration_runs"."outcome" in ('linked', 'base_scale', 'skipped'))
);
--> statement-breakpoint
CREATE INDEX `calibration_runs_created_idx` ON `calibration_runs` (`created_at`);--> statement-breakpoint
CREATE TABLE `question_calibrations` (
	`question_id` text PRIMARY KEY NOT NULL,
	`a` real NOT NULL,
	`b` real NOT NULL,
	`responses` integer DEFAULT 0 NOT NULL,
	`offered` integer DEFAULT 0 NOT NULL,
	`served` integer DEFAULT 0 NOT NULL,
	`typical_seconds` real,
	`ability_correlation` real,
	`source` text DEFAULT 'online' NOT NULL,
	`created_at` integer DEFAULT (cast(unixepoch('subsecond') * 1000 as integer)) NOT NULL,
	`updated_at` integer DEFAULT (cast(unixepoch('subsecond') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`question_id`) REFERENCES `questions`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "question_calibrations_source_check" CHECK("question_calibrations"."source" in ('online', 'recalibration'))
);
--> statement-breakpoint
CREATE TABLE `testing_windows` (
	`id` text PRIMARY KEY NOT NULL,
	`name` text NOT NULL,
	`starts_on` text NOT NULL,
	`ends_on` text NOT NULL,
	`created_by` text,
	`created_at` integer DEFAULT (cast(unixepoch('subsecond') * 1000 as integer)) NOT NULL,
	`updated_at` integer DEFAULT (cast(unixepoch('subsecond') * 1000 as integer)) NOT NULL,
	CONSTRAINT "testing_windows_range_check" CHECK("testing_windows"."starts_on" <= "testing_windows"."ends_on")
);
--> statement-breakpoint
CREATE UNIQUE INDEX `testing_windows_name_unique` ON `testing_windows` (`name`);--> statement-breakpoint
CREATE INDEX `testing_windows_starts_idx` ON `testing_windows` (`starts_on`);--> statement-breakpoint
ALTER TABLE `session_answers` ADD `rapid_guess` integer DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE `sessions` ADD `effort` real;--> statement-breakpoint
ALTER TABLE `sessions` ADD `calibration_use` text;--> statement-breakpoint
ALTER TABLE `sessions` ADD `calibrated_at` integer;--> statement-breakpoint
CREATE INDEX `sessions_calibration_pending_idx` ON `sessions` (`completed`,`calibrated_at`,`end_time`);