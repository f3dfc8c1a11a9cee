ALTER TABLE `cohort_members` ADD `accommodations` text;--> statement-breakpoint
ALTER TABLE `sessions` ADD `accommodations` text;--> statement-breakpoint
ALTER TABLE `sessions` ADD `non_standard` integer DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE `students` ADD `accommodations` text;