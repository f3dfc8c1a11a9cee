ALTER TABLE `sessions` ADD `archived_at` integer;
