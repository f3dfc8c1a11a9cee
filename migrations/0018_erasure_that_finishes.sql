CREATE TABLE `session_discards` (
	`session_id` text PRIMARY KEY NOT NULL,
	`queued_at` integer DEFAULT (cast(unixepoch('subsecond') * 1000 as integer)) NOT NULL
);
--> statement-breakpoint
-- The audit log stays append-only, with one narrow exception (ADR 0030): when a student is deleted,
-- what their entries hold of them can be blanked, never changed. An e-mail of an actor whose account
-- is gone can be set to null; the subject and detail of an entry about a student record that is gone
-- can be set to null. Nothing else of an entry can change, and no entry can be removed.
DROP TRIGGER `audit_log_no_update`;--> statement-breakpoint
CREATE TRIGGER `audit_log_only_redacts` BEFORE UPDATE ON `audit_log`
WHEN NOT (
	NEW.`id` IS OLD.`id` AND NEW.`at` IS OLD.`at` AND NEW.`action` IS OLD.`action`
	AND NEW.`actor_id` IS OLD.`actor_id` AND NEW.`student_record_id` IS OLD.`student_record_id`
	AND (
		NEW.`actor_email` IS OLD.`actor_email`
		OR (NEW.`actor_email` IS NULL AND OLD.`actor_id` IS NOT NULL AND NOT EXISTS (SELECT 1 FROM `users` WHERE `users`.`id` = OLD.`actor_id`))
	)
	AND (
		(NEW.`subject` IS OLD.`subject` AND NEW.`detail` IS OLD.`detail`)
		OR (
			(NEW.`subject` IS OLD.`subject` OR NEW.`subject` IS NULL) AND (NEW.`detail` IS OLD.`detail` OR NEW.`detail` IS NULL)
			AND OLD.`student_record_id` IS NOT NULL AND NOT EXISTS (SELECT 1 FROM `students` WHERE `students`.`id` = OLD.`student_record_id`)
		)
	)
)
BEGIN SELECT RAISE(ABORT, 'The audit log is append-only'); END;
