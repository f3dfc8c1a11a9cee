ALTER TABLE `ai_grading_logs` ADD `flagged_for_review` integer DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE `ai_grading_logs` ADD `review_reasons` text;