import type { AppLoadContext } from "@remix-run/cloudflare";

import type { Database } from "~/db/client.server";
import { mulberry32 } from "~/domain/adaptive/random";
import { simulatedAnswer, simulatedClass, type SimulatedStudent } from "~/domain/analytics/simulated-student";
import type { SessionBlueprint } from "~/domain/sessions/blueprint";
import { generateResumeCode } from "~/domain/sessions/resume-code";
import { NOT_FOUND } from "~/domain/shell/not-found";
import { conflict, found } from "~/lib/errors";
import { addCohortMember, createCohort, listTestChoices } from "~/models/cohorts.server";
import { buildBlueprint } from "~/models/session-blueprint.server";
import { insertSessionRecord } from "~/models/sessions.server";
import { createTest, getTestDetail, updateTest } from "~/models/tests.server";
import { testSessionStub } from "./test-session.server";
import { recordOfflineGradingLog } from "./test-sessions.server";

/**
 * Demo data for Cohort Analytics (SPEC.md section 7, issue 10 §3): a new class and a copy of the
 * demo test, taken by simulated students through the real session engine.
 */
export type DemoCohort = { cohort: { id: string; name: string; joinCode: string }; test: { id: string; title: string }; students: number };

/** The test the local seed writes (models/seed.server.ts); the demo class takes a copy of it. */
export const DEMO_SOURCE_TEST_TITLE = "Grade 6 Math Check-in";
/** The local seed was never run here (a fresh deployment): there is nothing to copy. */
export const DEMO_TEST_MISSING = `Failed to generate demo data: the demo test "${DEMO_SOURCE_TEST_TITLE}" is not in this product's tests.`;
export const DEMO_CLASS_NAME = "Demo Class (simulated)";
export const DEMO_STUDENT_COUNT = 32;
/** One seed for the class: every demo class has the same abilities, so a demo tells the same story. */
export const DEMO_SEED = 2026;
/** The simulated tutor's reply to a simulated student's chat message (a demo spends no model tokens). */
const DEMO_TUTOR_REPLY = "Thank you. Can you explain your thinking a little more?";
/** Students taking the test at once: each is a chain of Durable Object calls, mostly waiting. */
const CONCURRENCY = 6;

/**
 * Creates a copy of the demo test and a class that defaults to it, then has 32 simulated students
 * of spread abilities take it through each session's Durable Object, exactly as the student routes
 * do (begin with the blueprint, submit answer after answer, complete), and flushes each session
 * to D1 so the analytics read everything when this returns. Open answers keep the offline grader's
 * score, final even when a model is configured: a demo never spends model tokens.
 */
export async function seedDemoCohort(context: AppLoadContext, admin: { id: string }): Promise<DemoCohort> {
  const { db } = context;
  const test = await copyDemoTest(db, admin.id);
  const cohort = await createCohort(db, { name: DEMO_CLASS_NAME, joinCode: null, testConfigId: test.id, testMode: "placement", isActive: true }, admin.id);
  const blueprintFor = async (mode: SessionBlueprint["mode"]) =>
    found(await buildBlueprint(db, { testId: test.id, sessionId: "template", mode, studentId: "template", cohortId: cohort.id, seed: 0 }), NOT_FOUND.test);
  const templates = { placement: await blueprintFor("placement"), diagnostic: await blueprintFor("diagnostic") };

  const students = simulatedClass(DEMO_STUDENT_COUNT, DEMO_SEED);
  await forEachLimited(students, CONCURRENCY, async (student) => {
    await addCohortMember(db, { cohortId: cohort.id, studentId: student.studentId, displayName: student.displayName });
    await takeTest(context, templates[student.mode], student);
  });
  return { cohort: { id: cohort.id, name: cohort.name, joinCode: cohort.joinCode }, test: { id: test.id, title: test.title }, students: students.length };
}

/** A new test with the demo test's details, sections, question placements and timer defaults (the same bank questions). */
async function copyDemoTest(db: Database, userId: string) {
  const source = (await listTestChoices(db)).find((test) => test.title === DEMO_SOURCE_TEST_TITLE);
  if (!source) throw conflict(DEMO_TEST_MISSING);
  const detail = found(await getTestDetail(db, source.id), NOT_FOUND.test);
  const details = {
    title: `${DEMO_SOURCE_TEST_TITLE} (demo class)`,
    description: detail.description ?? "",
    gradeLevel: detail.gradeLevel ?? "",
    subject: detail.subject ?? "",
    placementDuration: detail.placementDuration,
    diagnosticDuration: detail.diagnosticDuration,
    showFeedback: detail.showFeedback,
    aiModel: detail.aiModel,
    showResultDuringTest: detail.showResultDuringTest,
    showFeedbackDuringTest: detail.showFeedbackDuringTest,
    showResultAfterTest: detail.showResultAfterTest,
    showFeedbackAfterTest: detail.showFeedbackAfterTest,
  };
  const created = await createTest(db, { ...details, questions: [] }, userId);
  // Section ids are unique across tests: the copy gets its own.
  const sectionIds = new Map(detail.sections.map((section) => [section.id, crypto.randomUUID()]));
  await updateTest(db, created.id, {
    ...details,
    sections: detail.sections.map((section) => ({ id: sectionIds.get(section.id)!, title: section.title, timeLimit: section.timeLimit })),
    questions: detail.questions.map((question) => ({
      id: question.id,
      sectionId: question.sectionId ? (sectionIds.get(question.sectionId) ?? null) : null,
      timeLimit: question.timeLimit,
    })),
    perQuestionTimerDefaults: detail.perQuestionTimerDefaults ?? {},
  });
  return { id: created.id, title: created.title };
}

/** One student's attempt, through the session's object as the student routes drive it, then flushed to D1. */
async function takeTest(context: AppLoadContext, template: SessionBlueprint, student: SimulatedStudent): Promise<void> {
  const sessionId = crypto.randomUUID();
  const blueprint: SessionBlueprint = { ...template, sessionId, studentId: student.studentId, seed: student.seed };
  const inserted = await insertSessionRecord(context.db, {
    id: sessionId,
    testConfigId: blueprint.testId,
    testTitle: blueprint.testTitle,
    testSubject: blueprint.testSubject,
    userId: student.studentId,
    testMode: blueprint.mode,
    cohortId: blueprint.cohortId,
    timeRemaining: blueprint.durationSeconds,
    resumeCode: generateResumeCode(),
  });
  if (!inserted) throw new Error(`A demo student already has a session in progress: ${student.studentId}`);

  const session = testSessionStub(context.cloudflare.env, sessionId);
  const begun = await session.begin(blueprint);
  if (!begun.ok) throw new Error(`The session object refused the demo blueprint: ${begun.message}`);
  const questions = new Map(blueprint.questions.map((question) => [question.id, question]));
  const random = mulberry32(student.seed);
  let current = begun.view.currentQuestion;
  for (let answered = 0; current && answered < student.answers; answered++) {
    const { answer, timeSpentSeconds } = simulatedAnswer(questions.get(current.id)!, student.theta, random);
    // A chat is graded on the exchanges the session holds, as /api/chat stores them.
    if (typeof answer === "object" && !Array.isArray(answer)) {
      for (const turn of answer.messages.filter((message) => message.role === "user")) await session.appendChatExchange({ questionId: current.id, message: turn.content, reply: DEMO_TUTOR_REPLY });
    }
    const result = await session.submit({ questionId: current.id, answer, timeSpentSeconds });
    if (!result.ok) {
      if (result.reason === "completed") break;
      throw new Error(`A demo answer was refused (${result.reason})`);
    }
    const submitted = { questionId: current.id, answer, timeSpentSeconds };
    if (result.offlineGradeLog) await recordOfflineGradingLog(context.db, sessionId, submitted, result.offlineGradeLog);
    if (result.answer.grading === "provisional" && result.modelGrade) {
      // A model is configured, but a simulated student's answer is not worth its tokens: the offline
      // grade is confirmed as final, so the results never wait on a grade that will not come, and
      // logged as the offline grader's, so the AI Grading Review shows it as for any other answer.
      const { score, feedback, strengths, improvements } = result.answer;
      const grade = { score: score ?? 0, feedback: feedback ?? "", strengths, improvements };
      await session.applyModelGrade({ questionId: current.id, grade });
      await recordOfflineGradingLog(context.db, sessionId, submitted, { question: result.modelGrade.question, answer: result.modelGrade.answer, result: { ...grade, keyPoints: [] }, review: { flagged: false, reasons: [] } });
    }
    current = result.view.currentQuestion;
  }
  if (student.finishes) await session.complete();
  const flushed = await session.flush();
  if (!flushed.ok || !flushed.written) throw new Error(`A demo session could not be written to D1: ${sessionId}`);
}

/** Runs `task` over `items`, at most `limit` at a time; the first failure rejects once the running ones settle. */
async function forEachLimited<T>(items: readonly T[], limit: number, task: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < items.length) await task(items[next++]!);
  };
  const results = await Promise.allSettled(Array.from({ length: Math.min(limit, items.length) }, worker));
  const failed = results.find((result): result is PromiseRejectedResult => result.status === "rejected");
  if (failed) throw failed.reason;
}
