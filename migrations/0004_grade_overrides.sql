CREATE TABLE `grade_overrides` (
	`id` text PRIMARY KEY NOT NULL,
	`session_id` text NOT NULL,
	`question_id` text NOT NULL,
	`grading_log_id` text,
	`previous_score` real,
	`score` real NOT NULL,
	`reason` text NOT NULL,
	`overridden_by` text NOT NULL,
	`overridden_by_name` text NOT NULL,
	`created_at` integer DEFAULT (cast(unixepoch('subsecond') * 1000 as integer)) NOT NULL,
	`updated_at` integer DEFAULT (cast(unixepoch('subsecond') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`session_id`) REFERENCES `sessions`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`grading_log_id`) REFERENCES `ai_grading_logs`(`id`) ON UPDATE no action ON DELETE set null,
	CONSTRAINT "grade_overrides_score_check" CHECK("grade_overrides"."score" >= 0 and "grade_overrides"."score" <= 100)
);
--> statement-breakpoint
CREATE INDEX `grade_overrides_session_question_idx` ON `grade_overrides` (`session_id`,`question_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `sessions_completed_start_idx` ON `sessions` (`completed`,`start_time`);--> statement-breakpoint
CREATE INDEX `sessions_test_completed_start_idx` ON `sessions` (`test_config_id`,`completed`,`start_time`);