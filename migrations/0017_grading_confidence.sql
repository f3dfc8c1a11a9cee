ALTER TABLE `ai_grading_logs` ADD `confidence` real;--> statement-breakpoint
CREATE INDEX `ai_grading_logs_question_idx` ON `ai_grading_logs` (`question_id`,`session_id`,`graded_at`);--> statement-breakpoint
CREATE INDEX `grade_overrides_question_idx` ON `grade_overrides` (`question_id`,`session_id`,`created_at`);