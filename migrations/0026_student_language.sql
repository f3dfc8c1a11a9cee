ALTER TABLE `students` ADD `language` text;
