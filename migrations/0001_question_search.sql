DROP INDEX `questions_type_difficulty_idx`;--> statement-breakpoint
ALTER TABLE `questions` ADD `search_text` text;--> statement-breakpoint
CREATE INDEX `questions_type_difficulty_created_idx` ON `questions` (`type`,`difficulty`,`created_at`);--> statement-breakpoint
CREATE INDEX `questions_type_created_idx` ON `questions` (`type`,`created_at`);--> statement-breakpoint
CREATE INDEX `questions_difficulty_created_idx` ON `questions` (`difficulty`,`created_at`);