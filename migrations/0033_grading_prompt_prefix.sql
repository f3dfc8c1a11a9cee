-- ADR 0048 (amended 2026-11-27 (4)): a model's grading log keeps the student's part of its prompt,
-- and names the part before it, the same for every answer to the question, by its key in
-- question_texts. Logs written before keep their whole prompt, with no key.
ALTER TABLE `ai_grading_logs` ADD `prompt_prefix_id` text;
