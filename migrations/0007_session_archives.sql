CREATE TABLE `session_archives` (
	`session_id` text PRIMARY KEY NOT NULL,
	`data` text NOT NULL,
	`archived_at` integer DEFAULT (cast(unixepoch('subsecond') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`session_id`) REFERENCES `sessions`(`id`) ON UPDATE no action ON DELETE cascade
);
