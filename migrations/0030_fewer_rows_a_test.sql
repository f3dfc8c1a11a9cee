-- Texts that answers and grading logs name by key rather than copy: a question's text, a rubric.
CREATE TABLE `question_texts` (
	`id` text PRIMARY KEY NOT NULL,
	`text` text NOT NULL
) WITHOUT ROWID;
--> statement-breakpoint
-- Answers keyed by their session and question, without a row id (ADR 0048, amended 2026-11-27 (2)):
-- the table is then its own (session_id, question_id) index, so an answer is one row written, not
-- four (the row, its id's index, the unique (session, question) index and the question index no
-- query read). Nothing references an answer's id. Every stored answer is copied across.
CREATE TABLE `__new_session_answers` (
	`session_id` text NOT NULL,
	`question_id` text NOT NULL,
	`question_text` text,
	`question_text_id` text,
	`question_type` text NOT NULL,
	`difficulty` text NOT NULL,
	`answer` text,
	`points_earned` real DEFAULT 0 NOT NULL,
	`max_points` real DEFAULT 0 NOT NULL,
	`was_correct` integer,
	`time_spent_seconds` integer DEFAULT 0 NOT NULL,
	`measured_seconds` integer,
	`rapid_guess` integer DEFAULT false NOT NULL,
	`grading_score` real,
	`feedback` text,
	`strengths` text,
	`improvements` text,
	`answered_at` integer DEFAULT (cast(unixepoch('subsecond') * 1000 as integer)) NOT NULL,
	`created_at` integer DEFAULT (cast(unixepoch('subsecond') * 1000 as integer)) NOT NULL,
	`updated_at` integer DEFAULT (cast(unixepoch('subsecond') * 1000 as integer)) NOT NULL,
	PRIMARY KEY(`session_id`, `question_id`),
	FOREIGN KEY (`session_id`) REFERENCES `sessions`(`id`) ON UPDATE no action ON DELETE cascade
) WITHOUT ROWID;
--> statement-breakpoint
INSERT INTO `__new_session_answers`("session_id", "question_id", "question_text", "question_type", "difficulty", "answer", "points_earned", "max_points", "was_correct", "time_spent_seconds", "measured_seconds", "rapid_guess", "grading_score", "feedback", "strengths", "improvements", "answered_at", "created_at", "updated_at") SELECT "session_id", "question_id", "question_text", "question_type", "difficulty", "answer", "points_earned", "max_points", "was_correct", "time_spent_seconds", "measured_seconds", "rapid_guess", "grading_score", "feedback", "strengths", "improvements", "answered_at", "created_at", "updated_at" FROM `session_answers`;--> statement-breakpoint
DROP TABLE `session_answers`;--> statement-breakpoint
ALTER TABLE `__new_session_answers` RENAME TO `session_answers`;--> statement-breakpoint
-- Grading logs: one index by session and question in place of one by session and one by question.
-- The agreement figures read only the logs of answers a teacher overrode, found through the
-- overrides' own question index, so no query reads a question's logs across sessions any more.
DROP INDEX `ai_grading_logs_question_idx`;--> statement-breakpoint
DROP INDEX `ai_grading_logs_session_idx`;--> statement-breakpoint
CREATE INDEX `ai_grading_logs_session_question_idx` ON `ai_grading_logs` (`session_id`,`question_id`,`graded_at`);--> statement-breakpoint
-- Logs written from now on name their question's text and rubric in question_texts (question_text
-- left empty, rubric null); older logs keep theirs.
ALTER TABLE `ai_grading_logs` ADD `question_text_id` text;--> statement-breakpoint
ALTER TABLE `ai_grading_logs` ADD `rubric_id` text;
