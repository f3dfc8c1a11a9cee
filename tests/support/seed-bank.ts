import { htmlToPlainText } from "~/domain/questions/plain-text";
import { DIFFICULTIES, QUESTION_TYPES } from "~/domain/questions/question-types";

/**
 * Fills the bank with `count` realistic questions straight through D1 (as an import would):
 * HTML text, every type and difficulty in turn, options for the choice types, a rubric for the
 * open ones, and one competency link each. Returns the ids, oldest first. `prefix` starts every
 * text so a test can tell its own questions apart.
 */
const TOPICS = ["fractions", "decimals", "photosynthesis", "the water cycle", "prime numbers", "ratios", "erosion", "volcanoes"];
const STATEMENTS_PER_BATCH = 500;

export async function seedBankQuestions(d1: D1Database, count: number, options: { prefix?: string; competencyId?: string } = {}) {
  const prefix = options.prefix ?? "Bank";
  const start = Date.now() - count * 1000;
  const ids: string[] = [];
  const statements: D1PreparedStatement[] = [];
  for (let index = 0; index < count; index += 1) {
    const id = crypto.randomUUID();
    ids.push(id);
    const type = QUESTION_TYPES[index % QUESTION_TYPES.length]!;
    const difficulty = DIFFICULTIES[Math.floor(index / QUESTION_TYPES.length) % DIFFICULTIES.length]!;
    const topic = TOPICS[index % TOPICS.length]!;
    const text = `<p>${prefix} question ${index + 1}: explain <strong>${topic}</strong> to a classmate, with one worked example from your own life.</p>`;
    const choices = type === "multiple_choice" || type === "multiple_select";
    const questionOptions = choices
      ? [1, 2, 3, 4].map((n) => ({ text: `Answer ${n} about ${topic}`, isCorrect: n === 1 || (type === "multiple_select" && n === 2), score: n === 1 ? 1 : 0 }))
      : [];
    const rubric = choices ? null : { full: `Explains ${topic} correctly with an example`, partial: "Explains it without an example" };
    statements.push(
      d1
        .prepare(
          "insert into questions (id, text, search_text, type, difficulty, options, rubric, metadata, created_at, updated_at) values (?, ?, ?, ?, ?, ?, ?, '{}', ?, ?)",
        )
        .bind(
          id,
          text,
          htmlToPlainText(text).toLowerCase(),
          type,
          difficulty,
          JSON.stringify(questionOptions),
          rubric ? JSON.stringify(rubric) : null,
          start + index * 1000,
          start + index * 1000,
        ),
    );
    if (options.competencyId) {
      statements.push(
        d1
          .prepare("insert into question_competencies (id, question_id, competency_id, is_primary) values (?, ?, ?, 1)")
          .bind(crypto.randomUUID(), id, options.competencyId),
      );
    }
  }
  for (let from = 0; from < statements.length; from += STATEMENTS_PER_BATCH) {
    await d1.batch(statements.slice(from, from + STATEMENTS_PER_BATCH));
  }
  return ids;
}
