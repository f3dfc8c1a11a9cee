CREATE TABLE `students` (
	`id` text PRIMARY KEY NOT NULL,
	`district_student_id` text NOT NULL,
	`given_name` text NOT NULL,
	`family_name` text NOT NULL,
	`grade` text NOT NULL,
	`email` text,
	`status` text DEFAULT 'active' NOT NULL,
	`created_at` integer DEFAULT (cast(unixepoch('subsecond') * 1000 as integer)) NOT NULL,
	`updated_at` integer DEFAULT (cast(unixepoch('subsecond') * 1000 as integer)) NOT NULL,
	CONSTRAINT "students_status_check" CHECK("students"."status" in ('active', 'inactive'))
);
--> statement-breakpoint
CREATE UNIQUE INDEX `students_district_id_unique` ON `students` (`district_student_id`);--> statement-breakpoint
CREATE UNIQUE INDEX `students_email_unique` ON `students` (`email`) WHERE "students"."email" is not null;--> statement-breakpoint
CREATE INDEX `students_family_name_idx` ON `students` (`family_name`,`given_name`);--> statement-breakpoint
CREATE INDEX `students_grade_idx` ON `students` (`grade`);--> statement-breakpoint
ALTER TABLE `cohort_members` ADD `student_record_id` text REFERENCES students(id) ON DELETE cascade;--> statement-breakpoint
CREATE INDEX `cohort_members_record_idx` ON `cohort_members` (`student_record_id`);