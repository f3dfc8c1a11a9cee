-- ADR 0049: the nightly job's growth norms, which a class's growth view reads instead of the
-- district's sessions, and the indexes student search looks up by prefix instead of scanning.
CREATE TABLE `growth_norms` (
	`from_window_id` text NOT NULL,
	`to_window_id` text NOT NULL,
	`subject` text NOT NULL,
	`start_score` real NOT NULL,
	`growth` real NOT NULL,
	`percentile` integer,
	`band_size` integer NOT NULL,
	PRIMARY KEY(`from_window_id`, `to_window_id`, `subject`, `start_score`, `growth`)
);
--> statement-breakpoint
CREATE TABLE `growth_norm_runs` (
	`from_window_id` text NOT NULL,
	`to_window_id` text NOT NULL,
	`digest` text NOT NULL,
	`students` text NOT NULL,
	`computed_at` integer NOT NULL,
	PRIMARY KEY(`from_window_id`, `to_window_id`)
);
--> statement-breakpoint
CREATE INDEX `students_search_given_family_idx` ON `students` (lower("given_name" || ' ' || "family_name"));--> statement-breakpoint
CREATE INDEX `students_search_family_given_idx` ON `students` (lower("family_name" || ' ' || "given_name"));--> statement-breakpoint
CREATE INDEX `students_search_id_idx` ON `students` (lower("district_student_id"));--> statement-breakpoint
CREATE INDEX `students_search_id_number_idx` ON `students` (ltrim(lower("district_student_id"), 'abcdefghijklmnopqrstuvwxyz-_ ./#:'));
