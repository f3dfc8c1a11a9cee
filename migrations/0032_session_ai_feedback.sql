-- ADR 0048 (amended 2026-11-27 (3)): D1's session scores keep each entry's score only, so whether a
-- session's scores hold the grader's words ('Review AI Grading') is kept on its row, written by the
-- write behind. Rows written before still hold the words: read here by the rule the write behind
-- applies (hasAiFeedback, domain/sessions/session-list.ts): an entry other than the overall one with
-- feedback, or a strength or an improvement, that is more than blanks.
ALTER TABLE `sessions` ADD `has_ai_feedback` integer DEFAULT false NOT NULL;--> statement-breakpoint
UPDATE `sessions` SET `has_ai_feedback` = 1 WHERE EXISTS (
  SELECT 1 FROM json_each(CASE WHEN json_valid(`sessions`.`scores`) THEN `sessions`.`scores` ELSE '{}' END) AS entry
  WHERE entry.key <> 'overall' AND entry.type = 'object' AND (
    (json_type(entry.value, '$.feedback') = 'text' AND trim(json_extract(entry.value, '$.feedback')) <> '')
    OR EXISTS (SELECT 1 FROM json_each(entry.value, '$.strengths') AS item
      WHERE json_type(entry.value, '$.strengths') = 'array' AND item.type = 'text' AND trim(item.value) <> '')
    OR EXISTS (SELECT 1 FROM json_each(entry.value, '$.improvements') AS item
      WHERE json_type(entry.value, '$.improvements') = 'array' AND item.type = 'text' AND trim(item.value) <> '')
  )
);
