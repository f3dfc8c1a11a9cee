CREATE TABLE `job_parts` (
	`job_id` text NOT NULL,
	`part` integer NOT NULL,
	`body` text NOT NULL,
	`applied` integer DEFAULT 0 NOT NULL,
	PRIMARY KEY(`job_id`, `part`),
	FOREIGN KEY (`job_id`) REFERENCES `jobs`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "job_parts_applied_check" CHECK("job_parts"."applied" in (0, 1))
);
