ALTER TABLE `sessions` ADD `scale_score` real;--> statement-breakpoint
ALTER TABLE `sessions` ADD `scale_score_se` real;--> statement-breakpoint
ALTER TABLE `sessions` ADD `completion_reason` text;--> statement-breakpoint
ALTER TABLE `sessions` ADD `questions_answered` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `sessions` ADD `resume_code` text;--> statement-breakpoint
CREATE INDEX `sessions_in_progress_idx` ON `sessions` (`cohort_id`,`user_id`,`test_config_id`,`completed`);--> statement-breakpoint
CREATE UNIQUE INDEX `sessions_one_in_progress_unique` ON `sessions` (`cohort_id`,`user_id`,`test_config_id`) WHERE "sessions"."completed" = 0;