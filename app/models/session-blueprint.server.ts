import { inArray } from "drizzle-orm";

import type { Database } from "~/db/client.server";
import { competencies, modules, prerequisites } from "~/db/schema";
import { rapidGuessThresholdSeconds } from "~/domain/adaptive/effort";
import type { TestMode } from "~/domain/adaptive/engine";
import { sessionParameters } from "~/domain/adaptive/live-calibration";
import type { Difficulty, QuestionType } from "~/domain/questions/question-types";
import type { SessionBlueprint } from "~/domain/sessions/blueprint";
import { inChunks } from "~/lib/batching";

import { readCalibrations, type StoredCalibration } from "./item-calibration.server";
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
 * keeps. Items are measured with their calibrated parameters once they have enough answers, else
 * their label's (ADR 0033).
 * Undefined when the test does not exist; a test without questions cannot be taken.
 */
export async function buildBlueprint(db: Database, request: BlueprintRequest): Promise<SessionBlueprint | undefined> {
  const test = await getTestDetail(db, request.testId);
  if (!test) return undefined;
  const competencyIds = [...new Set(test.questions.flatMap((question) => question.competencies))];
  const [calibrations, competencyRows, prerequisiteRows] = await Promise.all([
    readCalibrations(
      db,
      test.questions.map((question) => question.id),
    ),
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
      ...measurement(question, calibrations.get(question.id)),
      rubric: question.rubric,
      gradingSystemInstruction: question.gradingSystemInstruction,
      systemInstruction: question.systemInstruction,
      initialPrompt: question.initialPrompt,
      scenarioTitle: question.metadata?.title ?? null,
      measuresReading: question.metadata?.measuresReading === true,
      language: question.language,
    })),
    sectionOrder: test.sections.map((section) => section.id),
    competencies: competencyRows,
    modules: moduleRows,
    prerequisites: prerequisiteMap,
    showResultDuringTest: test.showResultDuringTest,
    showFeedbackDuringTest: test.showFeedbackDuringTest,
    feedbackDisplay: test.feedbackDisplay,
  };
}

/** What the district's answers say about a question, as the session uses it (ADR 0033). */
function measurement(question: { difficulty: Difficulty; type: QuestionType }, calibration: StoredCalibration | undefined) {
  return {
    params: sessionParameters(question.difficulty, calibration),
    exposure: calibration ? { offered: calibration.offered, served: calibration.served } : undefined,
    rapidGuessSeconds: rapidGuessThresholdSeconds(calibration?.typicalSeconds ?? null, question.type),
  };
}
