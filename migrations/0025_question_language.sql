-- The language a question and a test are written in (ADR 0044). The CHECK sits on the column, so
-- SQLite adds it in place (a table CHECK would mean rebuilding both tables).
ALTER TABLE `questions` ADD `language` text DEFAULT 'en' NOT NULL CHECK (`language` in ('en', 'es'));--> statement-breakpoint
CREATE INDEX `questions_language_created_idx` ON `questions` (`language`,`created_at`);--> statement-breakpoint
ALTER TABLE `tests` ADD `language` text DEFAULT 'en' NOT NULL CHECK (`language` in ('en', 'es'));
