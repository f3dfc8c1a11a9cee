-- ADR 0049 (amended): the Students list is ordered by an index, the "Family Given" search form
-- then the student ID, so a broad search reads one page of it instead of sorting every match.
-- It serves that search form's ranges too, and the list no longer orders by the plain name columns.
DROP INDEX `students_search_family_given_idx`;--> statement-breakpoint
DROP INDEX `students_family_name_idx`;--> statement-breakpoint
CREATE INDEX `students_list_order_idx` ON `students` (lower("family_name" || ' ' || "given_name"),"district_student_id");
