CREATE TABLE `cohort_teachers` (
	`id` text PRIMARY KEY NOT NULL,
	`cohort_id` text NOT NULL,
	`user_id` text NOT NULL,
	`created_at` integer DEFAULT (cast(unixepoch('subsecond') * 1000 as integer)) NOT NULL,
	`updated_at` integer DEFAULT (cast(unixepoch('subsecond') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`cohort_id`) REFERENCES `cohorts`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `cohort_teachers_unique` ON `cohort_teachers` (`cohort_id`,`user_id`);--> statement-breakpoint
CREATE INDEX `cohort_teachers_user_idx` ON `cohort_teachers` (`user_id`);--> statement-breakpoint
-- Rebuilding users to widen its role check: SQLite ignores "foreign_keys=OFF" inside the
-- transaction a migration runs in, so dropping the old table would set every created_by to null.
-- They are kept aside first and written back after the rename.
PRAGMA defer_foreign_keys = on;--> statement-breakpoint
CREATE TABLE `__kept_created_by` (`tbl` text NOT NULL, `id` text NOT NULL, `created_by` text NOT NULL);--> statement-breakpoint
INSERT INTO `__kept_created_by` SELECT 'cohorts', `id`, `created_by` FROM `cohorts` WHERE `created_by` IS NOT NULL
UNION ALL SELECT 'tests', `id`, `created_by` FROM `tests` WHERE `created_by` IS NOT NULL
UNION ALL SELECT 'questions', `id`, `created_by` FROM `questions` WHERE `created_by` IS NOT NULL
UNION ALL SELECT 'jobs', `id`, `created_by` FROM `jobs` WHERE `created_by` IS NOT NULL;--> statement-breakpoint
CREATE TABLE `__new_users` (
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
	`source_id` text,
	`created_at` integer DEFAULT (cast(unixepoch('subsecond') * 1000 as integer)) NOT NULL,
	`updated_at` integer DEFAULT (cast(unixepoch('subsecond') * 1000 as integer)) NOT NULL,
	CONSTRAINT "users_role_check" CHECK("__new_users"."role" in ('admin', 'teacher', 'student'))
);
--> statement-breakpoint
INSERT INTO `__new_users`("id", "email", "first_name", "last_name", "profile_image_url", "role", "password_hash", "oidc_issuer", "oidc_subject", "last_sign_in_at", "source_id", "created_at", "updated_at") SELECT "id", "email", "first_name", "last_name", "profile_image_url", "role", "password_hash", "oidc_issuer", "oidc_subject", "last_sign_in_at", NULL, "created_at", "updated_at" FROM `users`;--> statement-breakpoint
DROP TABLE `users`;--> statement-breakpoint
ALTER TABLE `__new_users` RENAME TO `users`;--> statement-breakpoint
UPDATE `cohorts` SET `created_by` = (SELECT k.`created_by` FROM `__kept_created_by` k WHERE k.`tbl` = 'cohorts' AND k.`id` = `cohorts`.`id`) WHERE `id` IN (SELECT `id` FROM `__kept_created_by` WHERE `tbl` = 'cohorts');--> statement-breakpoint
UPDATE `tests` SET `created_by` = (SELECT k.`created_by` FROM `__kept_created_by` k WHERE k.`tbl` = 'tests' AND k.`id` = `tests`.`id`) WHERE `id` IN (SELECT `id` FROM `__kept_created_by` WHERE `tbl` = 'tests');--> statement-breakpoint
UPDATE `questions` SET `created_by` = (SELECT k.`created_by` FROM `__kept_created_by` k WHERE k.`tbl` = 'questions' AND k.`id` = `questions`.`id`) WHERE `id` IN (SELECT `id` FROM `__kept_created_by` WHERE `tbl` = 'questions');--> statement-breakpoint
UPDATE `jobs` SET `created_by` = (SELECT k.`created_by` FROM `__kept_created_by` k WHERE k.`tbl` = 'jobs' AND k.`id` = `jobs`.`id`) WHERE `id` IN (SELECT `id` FROM `__kept_created_by` WHERE `tbl` = 'jobs');--> statement-breakpoint
DROP TABLE `__kept_created_by`;--> statement-breakpoint
CREATE UNIQUE INDEX `users_email_unique` ON `users` (`email`);--> statement-breakpoint
CREATE UNIQUE INDEX `users_oidc_identity_unique` ON `users` (`oidc_issuer`,`oidc_subject`);--> statement-breakpoint
CREATE UNIQUE INDEX `users_source_id_unique` ON `users` (`source_id`) WHERE "users"."source_id" is not null;--> statement-breakpoint
ALTER TABLE `cohorts` ADD `access` text DEFAULT 'open' NOT NULL;--> statement-breakpoint
ALTER TABLE `cohorts` ADD `source_id` text;--> statement-breakpoint
CREATE UNIQUE INDEX `cohorts_source_id_unique` ON `cohorts` (`source_id`) WHERE "cohorts"."source_id" is not null;--> statement-breakpoint
ALTER TABLE `students` ADD `source_id` text;--> statement-breakpoint
CREATE UNIQUE INDEX `students_source_id_unique` ON `students` (`source_id`) WHERE "students"."source_id" is not null;