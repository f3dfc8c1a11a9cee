import { and, asc, count, desc, eq, inArray, type SQL, sql } from "drizzle-orm";

import type { Database } from "~/db/client.server";
import { competencies, questionCompetencies, questions, testQuestions, tests } from "~/db/schema";
import { QUESTION_LIMITS } from "~/domain/content-limits";
import { htmlToPlainText } from "~/domain/questions/plain-text";
import type { QuestionInput } from "~/domain/questions/question";
import { clampPage, pageSummary, type QuestionFilters, searchNeedle } from "~/domain/questions/question-list";
import { sanitizeQuestionHtml } from "~/domain/questions/sanitize-html";
import { inChunks, insertGroups } from "~/lib/batching";
import { invalid } from "~/lib/errors";
import { groupBy } from "~/lib/group-by";
import { jsonDepth } from "~/lib/json-bounds";

/**
 * The question bank, read and written by the screens and /api/questions alike. Question text
 * is sanitized here (domain/questions/sanitize-html), so nothing unsafe is stored whatever the
 * caller; tests reference bank questions, so an edit shows in every test that uses it.
 */
type QuestionRow = typeof questions.$inferSelect;
export type { QuestionFilters };

/**
 * A stored JSON value as it may be read back. Rows written before the schema bounded these fields
 * (or written with SQL) may hold a value nested too deep to serialise (JSON.stringify and React
 * recurse); it reads as `fallback` instead of failing the whole bank for every admin. Only depth
 * is checked: a large value is slow, not fatal, and blanking it would lose it on the next save.
 * The row itself is left as it is.
 */
function readable<Value>(value: Value, maxDepth: number, fallback: Value): Value {
  // Twice the write limit: a read is lenient, it only has to stay safe to serialise.
  return jsonDepth(value, maxDepth * 2) > maxDepth * 2 ? fallback : value;
}

function toBankQuestion(row: QuestionRow, links: { competencyId: string; isPrimary: boolean }[], usedBy: { id: string; title: string }[]) {
  return {
    id: row.id,
    text: row.text,
    type: row.type,
    difficulty: row.difficulty,
    options: row.options,
    rubric: readable(row.rubric ?? null, QUESTION_LIMITS.rubric.maxDepth, null),
    gradingSystemInstruction: row.gradingSystemInstruction,
    systemInstruction: row.systemInstruction,
    initialPrompt: row.initialPrompt,
    timeLimit: row.timeLimit,
    metadata: readable(row.metadata, QUESTION_LIMITS.metadata.maxDepth, {}),
    language: row.language,
    competencies: links,
    tests: usedBy,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** Adds each question's competency links and the tests that use it (any number of questions). */
async function decorate(db: Database, rows: QuestionRow[]) {
  const ids = rows.map((row) => row.id);
  const [links, usage] = await Promise.all([
    inChunks(ids, (group) =>
      db
        .select({ questionId: questionCompetencies.questionId, competencyId: questionCompetencies.competencyId, isPrimary: questionCompetencies.isPrimary })
        .from(questionCompetencies)
        .where(inArray(questionCompetencies.questionId, group))
        .orderBy(asc(questionCompetencies.createdAt)),
    ),
    inChunks(ids, (group) =>
      db
        .select({ questionId: testQuestions.questionId, id: tests.id, title: tests.title })
        .from(testQuestions)
        .innerJoin(tests, eq(tests.id, testQuestions.testId))
        .where(inArray(testQuestions.questionId, group))
        .orderBy(asc(tests.title)),
    ),
  ]);
  const linksOf = groupBy(links, (link) => link.questionId);
  const testsOf = groupBy(usage, (use) => use.questionId);
  return rows.map((row) =>
    toBankQuestion(
      row,
      (linksOf.get(row.id) ?? []).map(({ competencyId, isPrimary }) => ({ competencyId, isPrimary })),
      (testsOf.get(row.id) ?? []).map(({ id, title }) => ({ id, title })),
    ),
  );
}

/** The bank's WHERE: type and difficulty use the indexes; search scans the stored plain text. */
function whereOf(filters: QuestionFilters): SQL | undefined {
  const needle = searchNeedle(filters.search);
  return and(
    filters.type ? eq(questions.type, filters.type) : undefined,
    filters.difficulty ? eq(questions.difficulty, filters.difficulty) : undefined,
    filters.language ? eq(questions.language, filters.language) : undefined,
    // instr, not LIKE: a typed % or _ is just a character, and a leading-wildcard LIKE could not use
    // an index either. Rows from before search_text existed fall back to their lower-cased HTML.
    needle ? sql`instr(coalesce(${questions.searchText}, lower(${questions.text})), ${needle}) > 0` : undefined,
  );
}

// rowid breaks ties between questions created in the same millisecond; the created_at indexes
// carry rowid, so this order is read straight from an index.
const newestFirst = [desc(questions.createdAt), desc(sql`rowid`)] as const;

export async function countQuestions(db: Database, filters: QuestionFilters = {}): Promise<number> {
  const [row] = await db.select({ total: count() }).from(questions).where(whereOf(filters));
  return row?.total ?? 0;
}

export async function listQuestions(db: Database, filters: QuestionFilters = {}, window?: { limit: number; offset: number }) {
  const query = db
    .select()
    .from(questions)
    .where(whereOf(filters))
    .orderBy(...newestFirst);
  return decorate(db, await (window ? query.limit(window.limit).offset(window.offset) : query));
}

/** One page of rows with the total matching the same WHERE: one D1 round trip for both. */
async function pageOf<Row>(
  db: Database,
  filters: QuestionFilters,
  page: number,
  pageSize: number,
  rowsAt: (offset: number) => Promise<Row[]> & Parameters<Database["batch"]>[0][number],
) {
  const counting = db.select({ total: count() }).from(questions).where(whereOf(filters));
  const [rows, [counted]] = await db.batch([rowsAt((page - 1) * pageSize), counting]);
  const total = counted?.total ?? 0;
  const readable = clampPage(page, total, pageSize);
  // Past the end (a stale link after deletions): read the last page instead.
  const onPage = readable === page ? rows : await rowsAt((readable - 1) * pageSize);
  return { rows: onPage as Row[], summary: pageSummary(readable, pageSize, total, onPage.length) };
}

export async function questionPage(db: Database, filters: QuestionFilters, page: number, pageSize: number) {
  const { rows, summary } = await pageOf(db, filters, page, pageSize, (offset) =>
    db
      .select()
      .from(questions)
      .where(whereOf(filters))
      .orderBy(...newestFirst)
      .limit(pageSize)
      .offset(offset),
  );
  return { questions: await decorate(db, rows), summary };
}

export async function questionSummaryPage(db: Database, filters: QuestionFilters, page: number, pageSize: number) {
  const { rows, summary } = await pageOf(db, filters, page, pageSize, (offset) =>
    db
      .select({
        id: questions.id,
        text: questions.text,
        type: questions.type,
        difficulty: questions.difficulty,
        timeLimit: questions.timeLimit,
        language: questions.language,
      })
      .from(questions)
      .where(whereOf(filters))
      .orderBy(...newestFirst)
      .limit(pageSize)
      .offset(offset),
  );
  return { questions: rows, summary };
}

export async function findQuestion(db: Database, id: string) {
  const row = await db.query.questions.findFirst({ where: eq(questions.id, id) });
  return row ? (await decorate(db, [row]))[0] : undefined;
}

/** What the bank's search looks in: the text as shown (tags removed), lower-cased. Write it with `text`. */
function questionSearchText(html: string): string {
  return htmlToPlainText(html).toLowerCase();
}

/**
 * A question's stored columns: sanitized text and its search text, written together by every writer.
 * A language left out is not written: an insert takes the column's default (English) unless the caller
 * adds its test's, and an update keeps what is stored (ADR 0044).
 */
export function questionValues(input: QuestionInput) {
  const text = sanitizeQuestionHtml(input.text);
  return {
    text,
    searchText: questionSearchText(text),
    type: input.type,
    difficulty: input.difficulty,
    options: input.options,
    rubric: input.rubric,
    gradingSystemInstruction: input.gradingSystemInstruction,
    systemInstruction: input.systemInstruction,
    initialPrompt: input.initialPrompt,
    timeLimit: input.timeLimit,
    metadata: input.metadata,
    ...(input.language ? { language: input.language } : {}),
  };
}

/** Creates (id null) or updates a question and sets its competency links, all in one batch. */
export async function saveQuestionWithCompetencies(
  db: Database,
  input: { id: string | null; question: QuestionInput; competencies: string[]; primaryCompetency: string; userId: string | null },
) {
  const known = new Set(
    (await inChunks(input.competencies, (group) => db.select({ id: competencies.id }).from(competencies).where(inArray(competencies.id, group)))).map(
      (row) => row.id,
    ),
  );
  const missing = input.competencies.filter((id) => !known.has(id));
  if (missing.length) throw invalid("refusals.unknownCompetency", undefined, { ids: missing.join(", ") });
  // An update names its question: an empty or unknown id is "not found", never a create.
  const isUpdate = input.id !== null;
  if (isUpdate && !(await db.query.questions.findFirst({ where: eq(questions.id, input.id!), columns: { id: true } }))) return undefined;

  const id = input.id ?? crypto.randomUUID();
  const links = [...new Set(input.competencies)].map((competencyId) => ({
    id: crypto.randomUUID(),
    questionId: id,
    competencyId,
    isPrimary: competencyId === input.primaryCompetency,
  }));
  const write = isUpdate
    ? db.update(questions).set(questionValues(input.question)).where(eq(questions.id, id))
    : db.insert(questions).values({ id, ...questionValues(input.question), createdBy: input.userId });
  await db.batch([
    write,
    db.delete(questionCompetencies).where(eq(questionCompetencies.questionId, id)),
    ...insertGroups(links).map((group) => db.insert(questionCompetencies).values(group)),
  ]);
  return findQuestion(db, id);
}

/** Deletes a bank question; its placements in tests go with it (and are reported). */
export async function deleteQuestion(db: Database, id: string) {
  const question = await findQuestion(db, id);
  if (!question) return undefined;
  await db.delete(questions).where(eq(questions.id, id));
  return { removedFromTests: question.tests };
}

/** The competencies a question can be linked to, for the question form's picker. */
export async function competencyChoices(db: Database) {
  return db.select({ id: competencies.id, description: competencies.description }).from(competencies).orderBy(asc(competencies.description));
}

export async function createQuestion(db: Database, input: QuestionInput, userId: string | null) {
  const id = crypto.randomUUID();
  await db.insert(questions).values({ id, ...questionValues(input), createdBy: userId });
  return (await findQuestion(db, id))!;
}

export async function updateQuestion(db: Database, id: string, input: QuestionInput) {
  const updated = await db.update(questions).set(questionValues(input)).where(eq(questions.id, id)).returning({ id: questions.id });
  return updated.length ? findQuestion(db, id) : undefined;
}

export async function allCompetencyLinks(db: Database) {
  return db
    .select({ questionId: questionCompetencies.questionId, competencyId: questionCompetencies.competencyId, isPrimary: questionCompetencies.isPrimary })
    .from(questionCompetencies);
}

export async function competencyLinks(db: Database, questionId: string) {
  return db
    .select({ competencyId: questionCompetencies.competencyId, isPrimary: questionCompetencies.isPrimary })
    .from(questionCompetencies)
    .where(eq(questionCompetencies.questionId, questionId));
}

export async function questionExists(db: Database, id: string): Promise<boolean> {
  return !!(await db.query.questions.findFirst({ where: eq(questions.id, id), columns: { id: true } }));
}

export async function competencyExists(db: Database, id: string): Promise<boolean> {
  return !!(await db.query.competencies.findFirst({ where: eq(competencies.id, id), columns: { id: true } }));
}

/** Links (or re-links) a competency; a primary link makes the question's other links secondary. */
export async function linkCompetency(db: Database, questionId: string, competencyId: string, isPrimary: boolean) {
  const existing = await db.query.questionCompetencies.findFirst({
    where: and(eq(questionCompetencies.questionId, questionId), eq(questionCompetencies.competencyId, competencyId)),
  });
  const clearOthers = db.update(questionCompetencies).set({ isPrimary: false }).where(eq(questionCompetencies.questionId, questionId));
  const upsert = db
    .insert(questionCompetencies)
    .values({ questionId, competencyId, isPrimary })
    .onConflictDoUpdate({ target: [questionCompetencies.questionId, questionCompetencies.competencyId], set: { isPrimary } });
  if (isPrimary) await db.batch([clearOthers, upsert]);
  else await upsert;
  return { created: !existing, link: { questionId, competencyId, isPrimary } };
}

/** undefined when the link does not exist. */
export async function setPrimaryCompetency(db: Database, questionId: string, competencyId: string, isPrimary: boolean) {
  const existing = await db.query.questionCompetencies.findFirst({
    where: and(eq(questionCompetencies.questionId, questionId), eq(questionCompetencies.competencyId, competencyId)),
  });
  if (!existing) return undefined;
  return (await linkCompetency(db, questionId, competencyId, isPrimary)).link;
}

export async function unlinkCompetency(db: Database, questionId: string, competencyId: string): Promise<boolean> {
  const removed = await db
    .delete(questionCompetencies)
    .where(and(eq(questionCompetencies.questionId, questionId), eq(questionCompetencies.competencyId, competencyId)))
    .returning({ id: questionCompetencies.id });
  return removed.length > 0;
}
