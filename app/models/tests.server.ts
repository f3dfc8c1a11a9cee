import { asc, avg, count, desc, eq, inArray } from "drizzle-orm";

import type { Database } from "~/db/client.server";
import { competencies, modules, questionCompetencies, questions, testQuestions, tests, testSections } from "~/db/schema";
import type { TestCreate, TestUpdate } from "~/domain/test-config";
import { effectiveTimeLimit } from "~/domain/timers";

/**
 * Tests (test configurations) with their sections and question placements.
 * - testTotals(db) → dashboard counts
 * - listTests(db) → summaries with their question placements, newest first
 * - getTestDetail(db, id) → the full test config (SPEC.md section 3) or undefined
 * - createTest(db, input, userId) → the new test's config
 * - updateTest(db, id, input) → the updated config, or undefined for an unknown id
 * - deleteTest(db, id) → true when it existed
 * Writes that touch several tables go in one D1 batch, so a failure changes nothing.
 */
export type TestRow = typeof tests.$inferSelect;
export type TestDetail = NonNullable<Awaited<ReturnType<typeof getTestDetail>>>;

export class UnknownQuestionError extends Error {
  override name = "UnknownQuestionError";
}

/** Counts for the admin dashboard. The mean is rounded by the caller's domain rule. */
export async function testTotals(db: Database): Promise<{ totalTests: number; meanPlacementDuration: number | null }> {
  const [row] = await db.select({ totalTests: count(), meanPlacementDuration: avg(tests.placementDuration) }).from(tests);
  return {
    totalTests: row?.totalTests ?? 0,
    meanPlacementDuration: row?.meanPlacementDuration == null ? null : Number(row.meanPlacementDuration),
  };
}

export async function listTests(db: Database) {
  const rows = await db.select().from(tests).orderBy(desc(tests.createdAt));
  const placements = rows.length
    ? await db
        .select({ testId: testQuestions.testId, id: questions.id, type: questions.type, difficulty: questions.difficulty, sectionId: testQuestions.sectionId })
        .from(testQuestions)
        .innerJoin(questions, eq(questions.id, testQuestions.questionId))
        .orderBy(asc(testQuestions.position))
    : [];
  return rows.map((row) => ({
    id: row.id,
    title: row.title,
    description: row.description,
    gradeLevel: row.gradeLevel,
    subject: row.subject,
    placementDuration: row.placementDuration,
    diagnosticDuration: row.diagnosticDuration,
    questions: placements.filter((placement) => placement.testId === row.id).map(({ testId: _testId, ...placement }) => placement),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  }));
}

export async function getTestDetail(db: Database, id: string) {
  const test = await db.query.tests.findFirst({ where: eq(tests.id, id) });
  if (!test) return undefined;
  const [sections, placed] = await Promise.all([
    db.select().from(testSections).where(eq(testSections.testId, id)).orderBy(asc(testSections.position)),
    db
      .select({ placement: testQuestions, question: questions })
      .from(testQuestions)
      .innerJoin(questions, eq(questions.id, testQuestions.questionId))
      .where(eq(testQuestions.testId, id))
      .orderBy(asc(testQuestions.position)),
  ]);
  const questionIds = placed.map(({ question }) => question.id);
  const links = questionIds.length
    ? await db
        .select({
          questionId: questionCompetencies.questionId,
          competencyId: questionCompetencies.competencyId,
          isPrimary: questionCompetencies.isPrimary,
          description: competencies.description,
          moduleId: competencies.moduleId,
          moduleName: modules.name,
        })
        .from(questionCompetencies)
        .innerJoin(competencies, eq(competencies.id, questionCompetencies.competencyId))
        .leftJoin(modules, eq(modules.id, competencies.moduleId))
        .where(inArray(questionCompetencies.questionId, questionIds))
    : [];
  const sectionLimit = new Map(sections.map((section) => [section.id, section.timeLimit]));

  return {
    id: test.id,
    title: test.title,
    description: test.description,
    gradeLevel: test.gradeLevel,
    subject: test.subject,
    placementDuration: test.placementDuration,
    diagnosticDuration: test.diagnosticDuration,
    showFeedback: test.showFeedback,
    aiModel: test.aiModel,
    showResultDuringTest: test.showResultDuringTest,
    showFeedbackDuringTest: test.showFeedbackDuringTest,
    showResultAfterTest: test.showResultAfterTest,
    showFeedbackAfterTest: test.showFeedbackAfterTest,
    perQuestionTimerDefaults: test.perQuestionTimerDefaults,
    sections: sections.map((section) => ({ id: section.id, title: section.title, timeLimit: section.timeLimit })),
    questions: placed.map(({ placement, question }) => {
      const own = links.filter((link) => link.questionId === question.id);
      const primary = own.find((link) => link.isPrimary) ?? own[0];
      return {
        id: question.id,
        text: question.text,
        type: question.type,
        difficulty: question.difficulty,
        competency: primary?.competencyId ?? null,
        competencies: own.map((link) => link.competencyId),
        sectionId: placement.sectionId,
        timeLimit: placement.timeLimit,
        questionTimeLimit: question.timeLimit,
        effectiveTimeLimit: effectiveTimeLimit({
          questionLimit: placement.timeLimit ?? question.timeLimit,
          sectionLimit: placement.sectionId ? sectionLimit.get(placement.sectionId) : null,
          typeDefaults: test.perQuestionTimerDefaults,
          type: question.type,
        }),
        options: question.options,
        gradingSystemInstruction: question.gradingSystemInstruction,
        systemInstruction: question.systemInstruction,
        initialPrompt: question.initialPrompt,
        rubric: question.rubric ?? null,
        metadata: question.metadata,
      };
    }),
    competencies: Object.fromEntries(links.map((link) => [link.competencyId, link.description])),
    modules: Object.fromEntries(links.filter((link) => link.moduleId).map((link) => [link.moduleId!, link.moduleName ?? ""])),
    createdAt: test.createdAt.toISOString(),
    updatedAt: test.updatedAt.toISOString(),
  };
}

async function assertQuestionsExist(db: Database, ids: string[]) {
  if (ids.length === 0) return;
  const found = await db.select({ id: questions.id }).from(questions).where(inArray(questions.id, ids));
  const missing = ids.filter((id) => !found.some((row) => row.id === id));
  if (missing.length) throw new UnknownQuestionError(`Unknown question: ${missing.join(", ")}`);
}

function detailValues(input: TestCreate | TestUpdate) {
  return {
    title: input.title,
    description: input.description,
    gradeLevel: input.gradeLevel,
    subject: input.subject,
    placementDuration: input.placementDuration,
    diagnosticDuration: input.diagnosticDuration,
    showFeedback: input.showFeedback,
    aiModel: input.aiModel,
    showResultDuringTest: input.showResultDuringTest,
    showFeedbackDuringTest: input.showFeedbackDuringTest,
    showResultAfterTest: input.showResultAfterTest,
    showFeedbackAfterTest: input.showFeedbackAfterTest,
  };
}

const placementRows = (testId: string, placements: { id: string; sectionId: string | null; timeLimit: number | null }[]) =>
  placements.map((placement, position) => ({
    testId,
    questionId: placement.id,
    sectionId: placement.sectionId,
    timeLimit: placement.timeLimit,
    position,
  }));

export async function createTest(db: Database, input: TestCreate, userId: string | null) {
  await assertQuestionsExist(db, input.questions.map((question) => question.id));
  const id = crypto.randomUUID();
  const insertTest = db.insert(tests).values({ id, ...detailValues(input), createdBy: userId });
  const rows = placementRows(id, input.questions.map((question) => ({ ...question, sectionId: null })));
  if (rows.length) await db.batch([insertTest, db.insert(testQuestions).values(rows)]);
  else await insertTest;
  return (await getTestDetail(db, id))!;
}

/** Replaces details, sections, placements and timer defaults together. */
export async function updateTest(db: Database, id: string, input: TestUpdate) {
  const existing = await db.query.tests.findFirst({ where: eq(tests.id, id), columns: { id: true } });
  if (!existing) return undefined;
  await assertQuestionsExist(db, input.questions.map((question) => question.id));
  // Section ids are client-made; refuse one that already belongs to another test.
  const sectionIds = input.sections.map((section) => section.id);
  if (sectionIds.length) {
    const clash = await db.select({ id: testSections.id, testId: testSections.testId }).from(testSections).where(inArray(testSections.id, sectionIds));
    const foreign = clash.find((row) => row.testId !== id);
    if (foreign) throw new UnknownQuestionError(`Section id ${foreign.id} belongs to another test`);
  }
  const sectionRows = input.sections.map((section, position) => ({ id: section.id, testId: id, title: section.title, timeLimit: section.timeLimit, position }));
  const placements = placementRows(id, input.questions);
  await db.batch([
    db.update(tests).set({ ...detailValues(input), perQuestionTimerDefaults: input.perQuestionTimerDefaults }).where(eq(tests.id, id)),
    db.delete(testQuestions).where(eq(testQuestions.testId, id)),
    db.delete(testSections).where(eq(testSections.testId, id)),
    ...(sectionRows.length ? [db.insert(testSections).values(sectionRows)] : []),
    ...(placements.length ? [db.insert(testQuestions).values(placements)] : []),
  ] as unknown as Parameters<typeof db.batch>[0]);
  return getTestDetail(db, id);
}

export async function deleteTest(db: Database, id: string): Promise<boolean> {
  const deleted = await db.delete(tests).where(eq(tests.id, id)).returning({ id: tests.id });
  return deleted.length > 0;
}
