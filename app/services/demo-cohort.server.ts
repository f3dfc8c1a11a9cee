import type { AppLoadContext } from "@remix-run/cloudflare";

import type { Database } from "~/db/client.server";
import { mulberry32 } from "~/domain/adaptive/random";
import { simulatedAnswer, simulatedClass, type SimulatedStudent } from "~/domain/analytics/simulated-student";
import type { SessionBlueprint } from "~/domain/sessions/blueprint";
import { generateResumeCode } from "~/domain/sessions/resume-code";
import { NOT_FOUND } from "~/domain/shell/not-found";
import { conflict, found } from "~/lib/errors";
import { addCohortMembers, createCohort, findCohortByNameAndTest, listTestChoices, updateCohort } from "~/models/cohorts.server";
import { insertGradingLogs, type GradingLogInput } from "~/models/grading-logs.server";
import { buildBlueprint } from "~/models/session-blueprint.server";
import { deleteCohortSessions, insertSessionRecord } from "~/models/sessions.server";
import { createTest, getTestDetail, updateTest } from "~/models/tests.server";
import { testSessionStub } from "./session-object.server";
import { offlineGradingLog } from "./test-taking.server";

/**
 * Demo data for Cohort Analytics: one demo class and one copy of the demo test,
 * taken by simulated students through the real session engine. Generating again refreshes them in
 * place: the earlier demo sessions are discarded and the class is taken again.
 */
export type DemoCohort = { cohort: { id: string; name: string; joinCode: string }; test: { id: string; title: string }; students: number };

/** The test the local seed writes (models/seed.server.ts); the demo class takes a copy of it. */
const DEMO_SOURCE_TEST_TITLE = "Grade 6 Math Check-in";
/** The local seed was never run here (a fresh deployment): there is nothing to copy. */
export const DEMO_TEST_MISSING = `Failed to generate demo data: the demo test "${DEMO_SOURCE_TEST_TITLE}" is not in this product's tests.`;
const DEMO_CLASS_NAME = "Demo Class (simulated)";
const DEMO_TEST_TITLE = `${DEMO_SOURCE_TEST_TITLE} (demo class)`;
export const DEMO_STUDENT_COUNT = 32;
/** One seed for the class: every demo class has the same abilities, so a demo tells the same story. */
export const DEMO_SEED = 2026;
/** The simulated tutor's reply to a simulated student's chat message (a demo spends no model tokens). */
const DEMO_TUTOR_REPLY = "Thank you. Can you explain your thinking a little more?";
/**
 * Students taking the test at once: each is a chain of Durable Object calls, mostly waiting on
 * storage, so the whole class goes at once (on an idle machine a little faster than 6 or 8 at a time).
 */
const CONCURRENCY = DEMO_STUDENT_COUNT;

/** How far a generation has got: students who have finished their attempt, of all of them. */
export type DemoProgress = { done: number; total: number };

/**
 * Finds (or creates) the demo class and its copy of the demo test and discards their earlier
 * sessions, then has 32 simulated students of spread abilities take it through each session's
 * Durable Object, exactly as the student routes do (begin with the blueprint, submit answer after
 * answer, complete), and flushes each session to D1 so the analytics read everything when this
 * returns. Open answers keep the offline grader's score, final even when a model is configured: a
 * demo never spends model tokens. `onProgress` hears each student who finishes.
 */
export async function seedDemoCohort(context: AppLoadContext, admin: { id: string }, onProgress?: (progress: DemoProgress) => void): Promise<DemoCohort> {
  const { db } = context;
  const test = await demoTest(db, admin.id);
  const cohort = await demoClass(context, test.id, admin.id);
  const blueprintFor = async (mode: SessionBlueprint["mode"]) =>
    found(await buildBlueprint(db, { testId: test.id, sessionId: "template", mode, studentId: "template", cohortId: cohort.id, seed: 0 }), NOT_FOUND.test);
  const templates = { placement: await blueprintFor("placement"), diagnostic: await blueprintFor("diagnostic") };

  const students = simulatedClass(DEMO_STUDENT_COUNT, DEMO_SEED);
  let done = 0;
  onProgress?.({ done, total: students.length });
  await addCohortMembers(
    db,
    cohort.id,
    students.map(({ studentId, displayName }) => ({ studentId, displayName })),
  );
  await forEachLimited(students, CONCURRENCY, async (student) => {
    await takeTest(context, templates[student.mode], student);
    onProgress?.({ done: ++done, total: students.length });
  });
  return { cohort: { id: cohort.id, name: cohort.name, joinCode: cohort.joinCode }, test: { id: test.id, title: test.title }, students: students.length };
}

/** The demo class, taking the demo test, active, with no sessions left from an earlier generation. */
async function demoClass(context: AppLoadContext, testId: string, userId: string) {
  const { db } = context;
  const values = { name: DEMO_CLASS_NAME, testConfigId: testId, testMode: "placement", isActive: true } as const;
  // Only the class an earlier generation made: a teacher's own class is never emptied.
  const existing = await findCohortByNameAndTest(db, DEMO_CLASS_NAME, testId);
  if (!existing) return createCohort(db, { ...values, joinCode: null }, userId);
  const earlier = await deleteCohortSessions(db, existing.id);
  // Their objects too: an unfinished one would otherwise wake at its deadline to write a deleted session.
  await Promise.all(earlier.map((sessionId) => testSessionStub(context.cloudflare.env, sessionId).discard()));
  return found(await updateCohort(db, existing.id, { ...values, joinCode: null }), NOT_FOUND.cohort);
}

/** The demo test's copy: the one an earlier generation made, or a new one. */
async function demoTest(db: Database, userId: string) {
  const tests = await listTestChoices(db);
  const copy = tests.find((test) => test.title === DEMO_TEST_TITLE);
  if (copy) return copy;
  const source = tests.find((test) => test.title === DEMO_SOURCE_TEST_TITLE);
  if (!source) throw conflict(DEMO_TEST_MISSING);
  return copyDemoTest(db, source.id, userId);
}

/** A new test with the demo test's details, sections, question placements and timer defaults (the same bank questions). */
async function copyDemoTest(db: Database, sourceId: string, userId: string) {
  const detail = found(await getTestDetail(db, sourceId), NOT_FOUND.test);
  const details = {
    title: DEMO_TEST_TITLE,
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
  // Written in one batch once the attempt is over, not one write an answer.
  const logs: GradingLogInput[] = [];
  let current = begun.view.currentQuestion;
  for (let answered = 0; current && answered < student.answers; answered++) {
    const { answer, timeSpentSeconds } = simulatedAnswer(questions.get(current.id)!, student.theta, random);
    // A chat is graded on the exchanges the session holds, as /api/chat stores them.
    if (typeof answer === "object" && !Array.isArray(answer)) {
      for (const turn of answer.messages.filter((message) => message.role === "user"))
        await session.appendChatExchange({ questionId: current.id, message: turn.content, reply: DEMO_TUTOR_REPLY });
    }
    const result = await session.submit({ questionId: current.id, answer, timeSpentSeconds });
    if (!result.ok) {
      if (result.reason === "completed") break;
      throw new Error(`A demo answer was refused (${result.reason})`);
    }
    const submitted = { questionId: current.id, answer, timeSpentSeconds };
    if (result.offlineGradeLog) logs.push(offlineGradingLog(sessionId, submitted, result.offlineGradeLog));
    if (result.answer.grading === "provisional" && result.modelGrade) {
      // A model is configured, but a simulated student's answer is not worth its tokens: the offline
      // grade is confirmed as final, so the results never wait on a grade that will not come, and
      // logged as the offline grader's, so the AI Grading Review shows it as for any other answer.
      const { score, feedback, strengths, improvements } = result.answer;
      const grade = { score: score ?? 0, feedback: feedback ?? "", strengths, improvements };
      await session.applyModelGrade({ questionId: current.id, grade });
      logs.push(
        offlineGradingLog(sessionId, submitted, {
          question: result.modelGrade.question,
          answer: result.modelGrade.answer,
          result: { ...grade, keyPoints: [] },
          review: { flagged: false, reasons: [] },
        }),
      );
    }
    current = result.view.currentQuestion;
  }
  if (student.finishes) await session.complete();
  const [flushed] = await Promise.all([session.flush(), insertGradingLogs(context.db, logs)]);
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
