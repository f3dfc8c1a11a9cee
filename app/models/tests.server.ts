import { asc, avg, count, desc, eq, inArray, sql } from "drizzle-orm";

import type { Database } from "~/db/client.server";
import { competencies, modules, questionCompetencies, questions, testQuestions, tests, testSections } from "~/db/schema";
import { isDraftQuestion, type PlacementInput, type TestCreate, type TestUpdate } from "~/domain/assessments/test-config";
import { effectiveTimeLimit } from "~/domain/assessments/timers";
import { type ContentLanguage, DEFAULT_CONTENT_LANGUAGE } from "~/domain/questions/content-language";
import { inChunks, insertGroups } from "~/lib/batching";
import { conflict, invalid } from "~/lib/errors";
import { groupBy } from "~/lib/group-by";

import { draftQuestionWrites } from "./test-drafts.server";

/**
 * Tests (test configurations) with their sections and question placements, for the screens and
 * /api/tests alike. createTest and updateTest throw DomainErrors: invalid for an unknown or
 * repeated question id, conflict for a section id that belongs to another test. Their writes are
 * one D1 batch, so a failure changes nothing; a section left out of an update takes its
 * placements with it unless they are listed again.
 */

/** Newest first; rowid breaks ties between tests created in the same millisecond. */
const newestFirst = [desc(tests.createdAt), desc(sql`rowid`)] as const;

/** Counts for the admin dashboard. The mean is rounded by the caller's domain rule. */
export async function testTotals(db: Database): Promise<{ totalTests: number; meanPlacementDuration: number | null }> {
  const [row] = await db.select({ totalTests: count(), meanPlacementDuration: avg(tests.placementDuration) }).from(tests);
  return {
    totalTests: row?.totalTests ?? 0,
    meanPlacementDuration: row?.meanPlacementDuration == null ? null : Number(row.meanPlacementDuration),
  };
}

export async function listTests(db: Database) {
  const [rows, placements] = await Promise.all([
    db
      .select()
      .from(tests)
      .orderBy(...newestFirst),
    db
      .select({ testId: testQuestions.testId, id: questions.id, type: questions.type, difficulty: questions.difficulty, sectionId: testQuestions.sectionId })
      .from(testQuestions)
      .innerJoin(questions, eq(questions.id, testQuestions.questionId))
      .orderBy(asc(testQuestions.testId), asc(testQuestions.position)),
  ]);
  const byTest = groupBy(placements, (placement) => placement.testId);
  return rows.map((row) => ({
    id: row.id,
    title: row.title,
    description: row.description,
    gradeLevel: row.gradeLevel,
    subject: row.subject,
    placementDuration: row.placementDuration,
    diagnosticDuration: row.diagnosticDuration,
    language: row.language,
    questions: (byTest.get(row.id) ?? []).map(({ id, type, difficulty, sectionId }) => ({ id, type, difficulty, sectionId })),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  }));
}

/** The competency links of these questions, with each competency's description and module. */
function competencyLinksOf(db: Database, questionIds: string[]) {
  return inChunks(questionIds, (group) =>
    db
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
      .where(inArray(questionCompetencies.questionId, group))
      .orderBy(asc(questionCompetencies.createdAt)),
  );
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
  const links = await competencyLinksOf(
    db,
    placed.map(({ question }) => question.id),
  );
  const linksByQuestion = groupBy(links, (link) => link.questionId);
  const sectionLimit = new Map(sections.map((section) => [section.id, section.timeLimit]));
  const { createdAt, updatedAt, ...columns } = test;

  return {
    ...columns,
    sections: sections.map((section) => ({ id: section.id, title: section.title, timeLimit: section.timeLimit })),
    questions: placed.map(({ placement, question }) => {
      const own = linksByQuestion.get(question.id) ?? [];
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
        language: question.language,
      };
    }),
    competencies: Object.fromEntries(links.map((link) => [link.competencyId, link.description])),
    modules: Object.fromEntries(links.flatMap((link) => (link.moduleId ? [[link.moduleId, link.moduleName ?? ""]] : []))),
    createdAt: createdAt.toISOString(),
    updatedAt: updatedAt.toISOString(),
  };
}

/** Refuses a repeated question id, or one that is not in the bank (naming it). */
async function assertPlaceable(db: Database, placements: { id: string }[]) {
  const ids = placements.map((placement) => placement.id);
  const repeated = ids.find((id, index) => ids.indexOf(id) !== index);
  if (repeated) throw invalid("refusals.questionRepeated", undefined, { id: repeated });
  const found = new Set(
    (await inChunks(ids, (group) => db.select({ id: questions.id }).from(questions).where(inArray(questions.id, group)))).map((row) => row.id),
  );
  const missing = ids.filter((id) => !found.has(id));
  if (missing.length) throw invalid("refusals.unknownQuestion", undefined, { ids: missing.join(", ") });
}

/** Section ids are made by the editor; one that already belongs to another test is refused. */
async function assertSectionsFree(db: Database, testId: string, sectionIds: string[]) {
  const taken = await inChunks(sectionIds, (group) =>
    db.select({ id: testSections.id, testId: testSections.testId }).from(testSections).where(inArray(testSections.id, group)),
  );
  const foreign = taken.find((row) => row.testId !== testId);
  if (foreign) throw conflict("refusals.foreignSection", undefined, { id: foreign.id });
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
    feedbackDisplay: input.feedbackDisplay,
    ...(input.language ? { language: input.language } : {}),
  };
}

/** Insert statements for a test's placements (position = index) and sections, within D1's limits. */
function childInserts(db: Database, testId: string, placements: PlacementInput[], sections: TestUpdate["sections"] = []) {
  const sectionRows = sections.map((section, position) => ({ id: section.id, testId, title: section.title, timeLimit: section.timeLimit, position }));
  const placementRows = placements.map((placement, position) => ({
    id: crypto.randomUUID(),
    testId,
    questionId: placement.id,
    sectionId: placement.sectionId,
    timeLimit: placement.timeLimit,
    position,
  }));
  return [
    ...insertGroups(sectionRows).map((group) => db.insert(testSections).values(group)),
    ...insertGroups(placementRows).map((group) => db.insert(testQuestions).values(group)),
  ];
}

/**
 * A new test has no sections, so its questions are unassigned. Entries that are new questions (from
 * the generator or the importer) are created in the bank with their competencies, in the same batch.
 */
export async function createTest(db: Database, input: TestCreate, userId: string | null) {
  const drafts = input.questions.filter(isDraftQuestion);
  await assertPlaceable(
    db,
    input.questions.filter((entry): entry is PlacementInput => !isDraftQuestion(entry)),
  );
  const language = input.language ?? DEFAULT_CONTENT_LANGUAGE;
  const created = await draftQuestionWrites(db, drafts, { userId, subject: input.subject, gradeLevel: input.gradeLevel, language });
  const newIds = created.questionIds.values();
  const placements = input.questions.map((entry) =>
    isDraftQuestion(entry) ? { id: newIds.next().value!, sectionId: null, timeLimit: null } : { ...entry, sectionId: null },
  );
  const id = crypto.randomUUID();
  await db.batch([db.insert(tests).values({ id, ...detailValues(input), createdBy: userId }), ...created.statements, ...childInserts(db, id, placements)]);
  return (await getTestDetail(db, id))!;
}

/** Replaces details, sections, placements and timer defaults together (one batch). */
export async function updateTest(db: Database, id: string, input: TestUpdate) {
  const existing = await db.query.tests.findFirst({ where: eq(tests.id, id), columns: { id: true } });
  if (!existing) return undefined;
  await assertPlaceable(db, input.questions);
  await assertSectionsFree(
    db,
    id,
    input.sections.map((section) => section.id),
  );
  await db.batch([
    db
      .update(tests)
      .set({ ...detailValues(input), perQuestionTimerDefaults: input.perQuestionTimerDefaults })
      .where(eq(tests.id, id)),
    db.delete(testQuestions).where(eq(testQuestions.testId, id)),
    db.delete(testSections).where(eq(testSections.testId, id)),
    ...childInserts(db, id, input.questions, input.sections),
  ]);
  return getTestDetail(db, id);
}

/** The language a test is written in (ADR 0044); English for a test deleted since (its sessions outlive it). */
export async function testLanguage(db: Database, id: string): Promise<ContentLanguage> {
  const row = await db.query.tests.findFirst({ where: eq(tests.id, id), columns: { language: true } });
  return row?.language ?? DEFAULT_CONTENT_LANGUAGE;
}

export async function deleteTest(db: Database, id: string): Promise<boolean> {
  const deleted = await db.delete(tests).where(eq(tests.id, id)).returning({ id: tests.id });
  return deleted.length > 0;
}
