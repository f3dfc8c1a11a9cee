ALTER TABLE `cohort_members` ADD `pin` text;--> statement-breakpoint
ALTER TABLE `cohort_members` ADD `badge_token` text;--> statement-breakpoint
CREATE UNIQUE INDEX `cohort_members_badge_unique` ON `cohort_members` (`badge_token`) WHERE "cohort_members"."badge_token" is not null;--> statement-breakpoint
-- Students already on a roster get their PIN and badge now; new ones get theirs when they are put on it.
UPDATE `cohort_members` SET `pin` = printf('%06d', abs(random() % 1000000)), `badge_token` = lower(hex(randomblob(20))) WHERE `student_record_id` IS NOT NULL;
