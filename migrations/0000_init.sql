CREATE TABLE `ai_grading_logs` (
	`id` text PRIMARY KEY NOT NULL,
	`session_id` text,
	`question_id` text,
	`question_type` text NOT NULL,
	`question_text` text NOT NULL,
	`student_answer` text,
	`score` real,
	`feedback` text,
	`key_points` text,
	`strengths` text,
	`improvements` text,
	`error` text,
	`ai_model` text NOT NULL,
	`graded_at` integer DEFAULT (cast(unixepoch('subsecond') * 1000 as integer)) NOT NULL,
	`prompt_sent` text,
	`raw_response` text,
	`rubric` text,
	`prompt_tokens` integer DEFAULT 0 NOT NULL,
	`completion_tokens` integer DEFAULT 0 NOT NULL,
	`reasoning_tokens` integer DEFAULT 0 NOT NULL,
	`total_tokens` integer DEFAULT 0 NOT NULL,
	`input_cost` real DEFAULT 0 NOT NULL,
	`output_cost` real DEFAULT 0 NOT NULL,
	`reasoning_cost` real DEFAULT 0 NOT NULL,
	`total_cost` real DEFAULT 0 NOT NULL,
	`created_at` integer DEFAULT (cast(unixepoch('subsecond') * 1000 as integer)) NOT NULL,
	`updated_at` integer DEFAULT (cast(unixepoch('subsecond') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`session_id`) REFERENCES `sessions`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `ai_grading_logs_session_idx` ON `ai_grading_logs` (`session_id`,`graded_at`);--> statement-breakpoint
CREATE TABLE `cohort_members` (
	`id` text PRIMARY KEY NOT NULL,
	`cohort_id` text NOT NULL,
	`student_id` text NOT NULL,
	`display_name` text NOT NULL,
	`created_at` integer DEFAULT (cast(unixepoch('subsecond') * 1000 as integer)) NOT NULL,
	`updated_at` integer DEFAULT (cast(unixepoch('subsecond') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`cohort_id`) REFERENCES `cohorts`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `cohort_members_student_unique` ON `cohort_members` (`cohort_id`,`student_id`);--> statement-breakpoint
CREATE TABLE `cohorts` (
	`id` text PRIMARY KEY NOT NULL,
	`name` text NOT NULL,
	`join_code` text NOT NULL,
	`test_config_id` text,
	`test_mode` text,
	`is_active` integer DEFAULT true NOT NULL,
	`created_by` text,
	`created_at` integer DEFAULT (cast(unixepoch('subsecond') * 1000 as integer)) NOT NULL,
	`updated_at` integer DEFAULT (cast(unixepoch('subsecond') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`test_config_id`) REFERENCES `tests`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`created_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null,
	CONSTRAINT "cohorts_test_mode_check" CHECK("cohorts"."test_mode" is null or "cohorts"."test_mode" in ('placement', 'diagnostic'))
);
--> statement-breakpoint
CREATE UNIQUE INDEX `cohorts_join_code_unique` ON `cohorts` (`join_code`);--> statement-breakpoint
CREATE INDEX `cohorts_test_idx` ON `cohorts` (`test_config_id`);--> statement-breakpoint
CREATE TABLE `competencies` (
	`id` text PRIMARY KEY NOT NULL,
	`description` text NOT NULL,
	`module_id` text,
	`grade_level` text,
	`subject` text,
	`created_at` integer DEFAULT (cast(unixepoch('subsecond') * 1000 as integer)) NOT NULL,
	`updated_at` integer DEFAULT (cast(unixepoch('subsecond') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`module_id`) REFERENCES `modules`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `competencies_module_idx` ON `competencies` (`module_id`);--> statement-breakpoint
CREATE TABLE `curriculum_competencies` (
	`curriculum_id` text NOT NULL,
	`competency_id` text NOT NULL,
	`created_at` integer DEFAULT (cast(unixepoch('subsecond') * 1000 as integer)) NOT NULL,
	`updated_at` integer DEFAULT (cast(unixepoch('subsecond') * 1000 as integer)) NOT NULL,
	PRIMARY KEY(`curriculum_id`, `competency_id`),
	FOREIGN KEY (`curriculum_id`) REFERENCES `curriculums`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`competency_id`) REFERENCES `competencies`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `curriculum_competencies_competency_idx` ON `curriculum_competencies` (`competency_id`);--> statement-breakpoint
CREATE TABLE `curriculums` (
	`id` text PRIMARY KEY NOT NULL,
	`name` text NOT NULL,
	`description` text,
	`grade_level` text,
	`subject` text,
	`created_at` integer DEFAULT (cast(unixepoch('subsecond') * 1000 as integer)) NOT NULL,
	`updated_at` integer DEFAULT (cast(unixepoch('subsecond') * 1000 as integer)) NOT NULL
);
--> statement-breakpoint
CREATE TABLE `jobs` (
	`id` text PRIMARY KEY NOT NULL,
	`kind` text NOT NULL,
	`status` text DEFAULT 'queued' NOT NULL,
	`input` text NOT NULL,
	`result` text,
	`error` text,
	`attempts` integer DEFAULT 0 NOT NULL,
	`created_by` text,
	`started_at` integer,
	`finished_at` integer,
	`created_at` integer DEFAULT (cast(unixepoch('subsecond') * 1000 as integer)) NOT NULL,
	`updated_at` integer DEFAULT (cast(unixepoch('subsecond') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`created_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null,
	CONSTRAINT "jobs_status_check" CHECK("jobs"."status" in ('queued', 'running', 'succeeded', 'failed'))
);
--> statement-breakpoint
CREATE INDEX `jobs_status_idx` ON `jobs` (`status`,`created_at`);--> statement-breakpoint
CREATE INDEX `jobs_kind_idx` ON `jobs` (`kind`,`created_at`);--> statement-breakpoint
CREATE TABLE `modules` (
	`id` text PRIMARY KEY NOT NULL,
	`name` text NOT NULL,
	`created_at` integer DEFAULT (cast(unixepoch('subsecond') * 1000 as integer)) NOT NULL,
	`updated_at` integer DEFAULT (cast(unixepoch('subsecond') * 1000 as integer)) NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `modules_name_unique` ON `modules` (`name`);--> statement-breakpoint
CREATE TABLE `prerequisites` (
	`id` text PRIMARY KEY NOT NULL,
	`competency_id` text NOT NULL,
	`prerequisite_id` text NOT NULL,
	`created_at` integer DEFAULT (cast(unixepoch('subsecond') * 1000 as integer)) NOT NULL,
	`updated_at` integer DEFAULT (cast(unixepoch('subsecond') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`competency_id`) REFERENCES `competencies`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`prerequisite_id`) REFERENCES `competencies`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "prerequisites_not_self" CHECK("prerequisites"."competency_id" <> "prerequisites"."prerequisite_id")
);
--> statement-breakpoint
CREATE UNIQUE INDEX `prerequisites_pair_unique` ON `prerequisites` (`competency_id`,`prerequisite_id`);--> statement-breakpoint
CREATE INDEX `prerequisites_prerequisite_idx` ON `prerequisites` (`prerequisite_id`);--> statement-breakpoint
CREATE TABLE `question_competencies` (
	`id` text PRIMARY KEY NOT NULL,
	`question_id` text NOT NULL,
	`competency_id` text NOT NULL,
	`is_primary` integer DEFAULT false NOT NULL,
	`created_at` integer DEFAULT (cast(unixepoch('subsecond') * 1000 as integer)) NOT NULL,
	`updated_at` integer DEFAULT (cast(unixepoch('subsecond') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`question_id`) REFERENCES `questions`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`competency_id`) REFERENCES `competencies`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `question_competencies_pair_unique` ON `question_competencies` (`question_id`,`competency_id`);--> statement-breakpoint
CREATE INDEX `question_competencies_competency_idx` ON `question_competencies` (`competency_id`);--> statement-breakpoint
CREATE TABLE `questions` (
	`id` text PRIMARY KEY NOT NULL,
	`text` text NOT NULL,
	`type` text NOT NULL,
	`difficulty` text DEFAULT 'medium' NOT NULL,
	`options` text DEFAULT '[]' NOT NULL,
	`rubric` text,
	`grading_system_instruction` text,
	`system_instruction` text,
	`initial_prompt` text,
	`time_limit` integer,
	`metadata` text DEFAULT '{}' NOT NULL,
	`created_by` text,
	`created_at` integer DEFAULT (cast(unixepoch('subsecond') * 1000 as integer)) NOT NULL,
	`updated_at` integer DEFAULT (cast(unixepoch('subsecond') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`created_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null,
	CONSTRAINT "questions_type_check" CHECK("questions"."type" in ('multiple_choice', 'multiple_select', 'free_response', 'scenario', 'chat')),
	CONSTRAINT "questions_difficulty_check" CHECK("questions"."difficulty" in ('easy', 'medium', 'hard')),
	CONSTRAINT "questions_time_limit" CHECK("questions"."time_limit" is null or "questions"."time_limit" >= 0)
);
--> statement-breakpoint
CREATE INDEX `questions_type_difficulty_idx` ON `questions` (`type`,`difficulty`);--> statement-breakpoint
CREATE INDEX `questions_created_at_idx` ON `questions` (`created_at`);--> statement-breakpoint
CREATE TABLE `session_answers` (
	`id` text PRIMARY KEY NOT NULL,
	`session_id` text NOT NULL,
	`question_id` text NOT NULL,
	`question_text` text NOT NULL,
	`question_type` text NOT NULL,
	`difficulty` text NOT NULL,
	`answer` text,
	`points_earned` real DEFAULT 0 NOT NULL,
	`max_points` real DEFAULT 0 NOT NULL,
	`was_correct` integer,
	`time_spent_seconds` integer DEFAULT 0 NOT NULL,
	`grading_score` real,
	`feedback` text,
	`strengths` text,
	`improvements` text,
	`answered_at` integer DEFAULT (cast(unixepoch('subsecond') * 1000 as integer)) NOT NULL,
	`created_at` integer DEFAULT (cast(unixepoch('subsecond') * 1000 as integer)) NOT NULL,
	`updated_at` integer DEFAULT (cast(unixepoch('subsecond') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`session_id`) REFERENCES `sessions`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `session_answers_question_unique` ON `session_answers` (`session_id`,`question_id`);--> statement-breakpoint
CREATE INDEX `session_answers_question_idx` ON `session_answers` (`question_id`);--> statement-breakpoint
CREATE TABLE `sign_in_throttle` (
	`key` text PRIMARY KEY NOT NULL,
	`failures` integer DEFAULT 0 NOT NULL,
	`locked_until` integer,
	`created_at` integer DEFAULT (cast(unixepoch('subsecond') * 1000 as integer)) NOT NULL,
	`updated_at` integer DEFAULT (cast(unixepoch('subsecond') * 1000 as integer)) NOT NULL
);
--> statement-breakpoint
CREATE TABLE `test_questions` (
	`id` text PRIMARY KEY NOT NULL,
	`test_id` text NOT NULL,
	`question_id` text NOT NULL,
	`section_id` text,
	`position` integer NOT NULL,
	`time_limit` integer,
	`created_at` integer DEFAULT (cast(unixepoch('subsecond') * 1000 as integer)) NOT NULL,
	`updated_at` integer DEFAULT (cast(unixepoch('subsecond') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`test_id`) REFERENCES `tests`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`question_id`) REFERENCES `questions`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`section_id`) REFERENCES `test_sections`(`id`) ON UPDATE no action ON DELETE set null,
	CONSTRAINT "test_questions_time_limit" CHECK("test_questions"."time_limit" is null or "test_questions"."time_limit" >= 0)
);
--> statement-breakpoint
CREATE UNIQUE INDEX `test_questions_pair_unique` ON `test_questions` (`test_id`,`question_id`);--> statement-breakpoint
CREATE INDEX `test_questions_order_idx` ON `test_questions` (`test_id`,`position`);--> statement-breakpoint
CREATE INDEX `test_questions_question_idx` ON `test_questions` (`question_id`);--> statement-breakpoint
CREATE INDEX `test_questions_section_idx` ON `test_questions` (`section_id`);--> statement-breakpoint
CREATE TABLE `test_sections` (
	`id` text PRIMARY KEY NOT NULL,
	`test_id` text NOT NULL,
	`title` text NOT NULL,
	`time_limit` integer,
	`position` integer NOT NULL,
	`created_at` integer DEFAULT (cast(unixepoch('subsecond') * 1000 as integer)) NOT NULL,
	`updated_at` integer DEFAULT (cast(unixepoch('subsecond') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`test_id`) REFERENCES `tests`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "test_sections_time_limit" CHECK("test_sections"."time_limit" is null or "test_sections"."time_limit" >= 0)
);
--> statement-breakpoint
CREATE INDEX `test_sections_test_idx` ON `test_sections` (`test_id`,`position`);--> statement-breakpoint
CREATE TABLE `sessions` (
	`id` text PRIMARY KEY NOT NULL,
	`test_config_id` text,
	`test_title` text NOT NULL,
	`test_subject` text,
	`user_id` text NOT NULL,
	`test_mode` text NOT NULL,
	`cohort_id` text,
	`start_time` integer DEFAULT (cast(unixepoch('subsecond') * 1000 as integer)) NOT NULL,
	`end_time` integer,
	`completed` integer DEFAULT false NOT NULL,
	`time_remaining` integer,
	`total_score` real,
	`scores` text DEFAULT '{}' NOT NULL,
	`competencies_status` text DEFAULT '{}' NOT NULL,
	`module_recommendations` text DEFAULT '{}' NOT NULL,
	`created_at` integer DEFAULT (cast(unixepoch('subsecond') * 1000 as integer)) NOT NULL,
	`updated_at` integer DEFAULT (cast(unixepoch('subsecond') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`test_config_id`) REFERENCES `tests`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`cohort_id`) REFERENCES `cohorts`(`id`) ON UPDATE no action ON DELETE set null,
	CONSTRAINT "sessions_test_mode_check" CHECK("sessions"."test_mode" in ('placement', 'diagnostic'))
);
--> statement-breakpoint
CREATE INDEX `sessions_test_start_idx` ON `sessions` (`test_config_id`,`start_time`);--> statement-breakpoint
CREATE INDEX `sessions_cohort_test_idx` ON `sessions` (`cohort_id`,`test_config_id`);--> statement-breakpoint
CREATE INDEX `sessions_user_idx` ON `sessions` (`user_id`);--> statement-breakpoint
CREATE INDEX `sessions_start_idx` ON `sessions` (`start_time`);--> statement-breakpoint
CREATE TABLE `tests` (
	`id` text PRIMARY KEY NOT NULL,
	`title` text NOT NULL,
	`description` text NOT NULL,
	`grade_level` text NOT NULL,
	`subject` text NOT NULL,
	`placement_duration` integer DEFAULT 15 NOT NULL,
	`diagnostic_duration` integer DEFAULT 25 NOT NULL,
	`show_feedback` integer DEFAULT true NOT NULL,
	`ai_model` text DEFAULT 'gpt-5-2025-08-07' NOT NULL,
	`show_result_during_test` integer DEFAULT true NOT NULL,
	`show_feedback_during_test` integer DEFAULT true NOT NULL,
	`show_result_after_test` integer DEFAULT true NOT NULL,
	`show_feedback_after_test` integer DEFAULT true NOT NULL,
	`per_question_timer_defaults` text DEFAULT '{}' NOT NULL,
	`created_by` text,
	`created_at` integer DEFAULT (cast(unixepoch('subsecond') * 1000 as integer)) NOT NULL,
	`updated_at` integer DEFAULT (cast(unixepoch('subsecond') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`created_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null,
	CONSTRAINT "tests_duration_range" CHECK("tests"."placement_duration" between 5 and 180 and "tests"."diagnostic_duration" between 5 and 180)
);
--> statement-breakpoint
CREATE INDEX `tests_created_at_idx` ON `tests` (`created_at`);--> statement-breakpoint
CREATE TABLE `users` (
	`id` text PRIMARY KEY NOT NULL,
	`email` text NOT NULL,
	`first_name` text,
	`last_name` text,
	`profile_image_url` text,
	`role` text DEFAULT 'student' NOT NULL,
	`password_hash` text,
	`oidc_issuer` text,
	`oidc_subject` text,
	`last_sign_in_at` integer,
	`created_at` integer DEFAULT (cast(unixepoch('subsecond') * 1000 as integer)) NOT NULL,
	`updated_at` integer DEFAULT (cast(unixepoch('subsecond') * 1000 as integer)) NOT NULL,
	CONSTRAINT "users_role_check" CHECK("users"."role" in ('admin', 'student'))
);
--> statement-breakpoint
CREATE UNIQUE INDEX `users_email_unique` ON `users` (`email`);--> statement-breakpoint
CREATE UNIQUE INDEX `users_oidc_identity_unique` ON `users` (`oidc_issuer`,`oidc_subject`);