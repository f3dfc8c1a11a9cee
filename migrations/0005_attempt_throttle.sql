ALTER TABLE `sign_in_throttle` RENAME TO `attempt_throttle`;--> statement-breakpoint
CREATE INDEX `attempt_throttle_updated_at_idx` ON `attempt_throttle` (`updated_at`);