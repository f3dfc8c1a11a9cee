import { inArray } from "drizzle-orm";

import type { Database } from "~/db/client.server";
import { competencies, modules, prerequisites } from "~/db/schema";
import type { TestMode } from "~/domain/adaptive/engine";
import { LABEL_PRIORS } from "~/domain/adaptive/item-model";
import type { SessionBlueprint } from "~/domain/sessions/blueprint";
import { inChunks } from "~/lib/batching";

import { getTestDetail } from "./tests.server";

type BlueprintRequest = {
  testId: string;
  sessionId: string;
  mode: TestMode;
  studentId: string;
  cohortId: string | null;
  seed: number;
};

/**
 * Reads a test from D1 once, at the start of a session, into the blueprint its Durable Object
 * keeps. Items start from their difficulty label's parameters (ADR 0008).
 * Undefined when the test does not exist; a test without questions cannot be taken.
 */
export async function buildBlueprint(db: Database, request: BlueprintRequest): Promise<SessionBlueprint | undefined> {
  const test = await getTestDetail(db, request.testId);
  if (!test) return undefined;
  const competencyIds = [...new Set(test.questions.flatMap((question) => question.competencies))];
  const [competencyRows, prerequisiteRows] = await Promise.all([
    inChunks(competencyIds, (group) =>
      db
        .select({ id: competencies.id, name: competencies.description, moduleId: competencies.moduleId })
        .from(competencies)
        .where(inArray(competencies.id, group)),
    ),
    inChunks(competencyIds, (group) =>
      db
        .select({ competencyId: prerequisites.competencyId, prerequisiteId: prerequisites.prerequisiteId })
        .from(prerequisites)
        .where(inArray(prerequisites.competencyId, group)),
    ),
  ]);
  const moduleIds = [...new Set(competencyRows.flatMap((row) => (row.moduleId ? [row.moduleId] : [])))];
  const moduleRows = await inChunks(moduleIds, (group) => db.select({ id: modules.id, name: modules.name }).from(modules).where(inArray(modules.id, group)));
  const prerequisiteMap: Record<string, string[]> = {};
  for (const row of prerequisiteRows) (prerequisiteMap[row.competencyId] ??= []).push(row.prerequisiteId);

  return {
    sessionId: request.sessionId,
    testId: test.id,
    testTitle: test.title,
    testSubject: test.subject,
    studentId: request.studentId,
    cohortId: request.cohortId,
    mode: request.mode,
    durationSeconds: (request.mode === "placement" ? test.placementDuration : test.diagnosticDuration) * 60,
    seed: request.seed,
    aiModel: test.aiModel,
    questions: test.questions.map((question) => ({
      id: question.id,
      text: question.text,
      type: question.type,
      difficulty: question.difficulty,
      options: question.options.map((option) => ({ text: option.text, isCorrect: option.isCorrect })),
      competencyId: question.competency,
      sectionId: question.sectionId,
      timeLimitSeconds: question.effectiveTimeLimit.seconds || null,
      params: LABEL_PRIORS[question.difficulty],
      rubric: question.rubric,
      gradingSystemInstruction: question.gradingSystemInstruction,
      systemInstruction: question.systemInstruction,
      initialPrompt: question.initialPrompt,
      scenarioTitle: question.metadata?.title ?? null,
      measuresReading: question.metadata?.measuresReading === true,
    })),
    sectionOrder: test.sections.map((section) => section.id),
    competencies: competencyRows,
    modules: moduleRows,
    prerequisites: prerequisiteMap,
    showResultDuringTest: test.showResultDuringTest,
    showFeedbackDuringTest: test.showFeedbackDuringTest,
  };
}
