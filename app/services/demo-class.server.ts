import type { AppLoadContext } from "@remix-run/cloudflare";

import type { Database } from "~/db/client.server";
import { mulberry32 } from "~/domain/adaptive/random";
import { confidenceOfScore } from "~/domain/ai/offline-grader";
import { DEMO_DATA_FAILED } from "~/domain/analytics/screen-actions";
import { DEMO_TUTOR_REPLY } from "~/domain/analytics/simulated-sitting";
import { simulatedAnswer, simulatedClass, type SimulatedStudent } from "~/domain/analytics/simulated-student";
import { BACKGROUND_SCOPE } from "~/domain/auth/policy";
import { renderText } from "~/domain/i18n/catalog";
import { codeWith } from "~/domain/i18n/coded";
import { JobFailure } from "~/domain/jobs/job-failure";
import type { JobInput, JobProgress } from "~/domain/jobs/job-messages";
import { isLastPart, type JobStep, type PartPlan, partRange, progressAfterPart } from "~/domain/jobs/job-parts";
import type { SessionBlueprint } from "~/domain/sessions/blueprint";
import { generateResumeCode } from "~/domain/sessions/resume-code";
import { NOT_FOUND } from "~/domain/shell/not-found";
import type { StudentInput } from "~/domain/students/student";
import type { Env } from "~/env";
import { conflict, found, upstream } from "~/lib/errors";
import { createClassRecord, findClassAcrossDistrict, findClassByNameAndTest, listTestChoices, updateClassRecord } from "~/models/classes.server";
import { type GradingLogInput, insertGradingLogs } from "~/models/grading-logs.server";
import { findActiveJob, findJob, setJobProgress } from "~/models/jobs.server";
import { buildBlueprint } from "~/models/session-blueprint.server";
import { deleteClassSessions, insertSessionRecord, linkSessionsToRosterRecords } from "~/models/sessions.server";
import { importRoster } from "~/models/students.server";
import { createTest, getTestDetail, updateTest } from "~/models/tests.server";

import { prepareDemoWindows, writeEarlierSittings } from "./demo-sittings.server";
import { computeGrowthNorms } from "./growth-norms.server";
import { enqueueJob } from "./jobs.server";
import { testSessionStub } from "./session-object.server";
import { offlineGradingLog } from "./test-taking.server";

/**
 * Demo data for Cohort Analytics: one demo class and one copy of the demo test,
 * taken by simulated students through the real session engine, today and in the two testing
 * windows before (services/demo-sittings.server.ts), so growth shows at once. Generating again
 * refreshes them in place: the earlier demo sessions are discarded and the class is taken again.
 *
 * The request prepares the class and the test and queues the students; the queue runs them a few
 * at a time (about 25 subrequests a student: one object call an answer, a few D1 writes), one part
 * a message, so no invocation comes near the platform's subrequest limits (ADR 0026).
 */
type DemoClass = { cohort: { id: string; name: string; joinCode: string }; test: { id: string; title: string }; students: number };
/** The demo being generated, and the job to follow for its progress (GET /api/jobs/{id}). */
type DemoGeneration = DemoClass & { jobId: string };

/** The test the local seed writes (models/seed.server.ts); the demo class takes a copy of it. */
const DEMO_SOURCE_TEST_TITLE = "Grade 6 Math Check-in";
/** The local seed was never run here (a fresh deployment): there is nothing to copy. A code, rendered at the edge (ADR 0045). */
export const DEMO_TEST_MISSING = codeWith("refusals.demoTestMissing", { title: DEMO_SOURCE_TEST_TITLE });
const DEMO_CLASS_GONE = "Failed to generate demo data: the demo class or its test was deleted while it was being generated.";
const DEMO_CLASS_NAME = "Demo Class (simulated)";
const DEMO_TEST_TITLE = `${DEMO_SOURCE_TEST_TITLE} (demo class)`;
export const DEMO_STUDENT_COUNT = 32;
/** One seed for the class: every demo class has the same abilities, so a demo tells the same story. */
export const DEMO_SEED = 2026;
/** The demo class: every student finishes each sitting, so each has a score in every window. */
const demoStudents = () => simulatedClass(DEMO_STUDENT_COUNT, DEMO_SEED, 0);
/** Students a queue message runs, together: about 100 subrequests, a tenth of a paid Worker's limit. */
const STUDENTS_PER_PART = 4;
const DEMO_PLAN: PartPlan = { total: DEMO_STUDENT_COUNT, size: STUDENTS_PER_PART };
/** A generation queued or running for longer than this is taken as lost, and a new press starts another. */
const STALE_AFTER_MS = 10 * 60 * 1000;

type SeedDemoInput = Extract<JobInput, { kind: "seed_demo" }>;
type Deps = { db: Database; env: Pick<Env, "TEST_SESSION" | "JOBS" | "ARCHIVES"> };

/**
 * Finds (or creates) the demo class and its copy of the demo test, deletes their earlier sessions'
 * rows, makes the 32 simulated students members, and queues their attempts. A press while a
 * generation is still running answers that one, so two presses never give the class 64 sessions.
 */
export async function queueDemoGeneration(context: AppLoadContext, admin: { id: string; email: string }): Promise<DemoGeneration> {
  const { db } = context;
  const running = await findActiveJob(db, "seed_demo", new Date(Date.now() - STALE_AFTER_MS));
  if (running) {
    const input = running.input as SeedDemoInput;
    const demo = await loadDemo(db, input.cohortId, input.testId);
    if (demo) return { ...demo, jobId: running.id };
  }
  const test = await demoTest(db, admin.id);
  const { cohort: schoolClass, earlier } = await demoClass(db, test.id, admin.id);
  const students = demoStudents();
  const earlierDays = await prepareDemoWindows(db, admin.id, Date.now());
  // Student records on the class's roster, so each student's growth across the windows shows (ADR 0027).
  await importRoster(
    db,
    students.map((student, index) => ({ line: index + 1, student: demoStudentRecord(student) })),
    // Generating the demo is a district admin's (ADR 0031), so every one of its rows is within reach.
    { cohortId: schoolClass.id, apply: true, importedBy: admin, scope: BACKGROUND_SCOPE },
  );
  const input: SeedDemoInput = { kind: "seed_demo", cohortId: schoolClass.id, testId: test.id, discard: earlier, earlierDays };
  const job = await enqueueJob(context.cloudflare.env.JOBS, db, input, admin.id, { done: 0, total: DEMO_STUDENT_COUNT });
  if (job.status === "failed") throw upstream(`Failed to generate demo data: ${job.error ?? "the queue refused the job."}`);
  return { ...demoSummary(schoolClass, test), jobId: job.id };
}

/**
 * One part of a queued generation: its students take the test through their sessions' objects,
 * exactly as the student routes drive them, and each session is flushed to D1. The first part
 * also empties the objects of the generation it replaces. Every part can run twice (a queue
 * redelivers): it first deletes what an earlier delivery of it left. The last part answers the demo.
 */
export async function runDemoPart(deps: Deps, jobId: string, input: SeedDemoInput, part: number): Promise<JobStep> {
  const { db, env } = deps;
  const demo = await loadDemo(db, input.cohortId, input.testId);
  if (!demo) throw new JobFailure(DEMO_CLASS_GONE, false);
  if (part === 0) await discardObjects(env, input.discard);

  const { start, end } = partRange(DEMO_PLAN, part);
  const students = demoStudents().slice(start, end);
  const left = await deleteClassSessions(
    db,
    input.cohortId,
    students.map((student) => student.studentId),
  );
  await discardObjects(env, left);
  const blueprintFor = async (mode: SessionBlueprint["mode"]) =>
    found(
      await buildBlueprint(db, { testId: input.testId, sessionId: "template", mode, studentId: "template", cohortId: input.cohortId, seed: 0 }),
      NOT_FOUND.test,
    );
  const templates = { placement: await blueprintFor("placement"), diagnostic: await blueprintFor("diagnostic") };
  // Generations queued before there were windows: the district's windows as they are now.
  const earlierDays = input.earlierDays ?? (await prepareDemoWindows(db, null, Date.now()));
  await Promise.all(
    students.map(async (student, offset) => {
      const todayScore = await takeTest(deps, templates[student.mode], student);
      await writeEarlierSittings(db, env.ARCHIVES, templates[student.mode], student, { index: start + offset, todayScore, earlierDays, seed: DEMO_SEED });
    }),
  );

  await linkSessionsToRosterRecords(db, input.cohortId);
  await setJobProgress(db, jobId, progressAfterPart(DEMO_PLAN, part));
  if (isLastPart(DEMO_PLAN, part)) {
    // The demo's earlier sittings ranked at once, not after the night (ADR 0049).
    await computeGrowthNorms(db, Date.now());
    return { finished: true, result: demo };
  }
  await env.JOBS.send({ jobId, part: part + 1 });
  return { finished: false };
}

/** A simulated student as a student record: "Ava K." is given name Ava, family name K., in grade 6 like the demo test. */
function demoStudentRecord({ studentId, displayName }: SimulatedStudent): StudentInput {
  const [givenName = studentId, ...family] = displayName.split(" ");
  return { studentId, givenName, familyName: family.join(" ") || givenName, grade: "6", email: null, status: "active" };
}

/** Where a generation the screen follows has got: running with its progress, done with its demo, or failed. */
export type DemoJobState =
  { state: "running"; jobId: string; progress: JobProgress | null } | { state: "succeeded"; demo: DemoClass } | { state: "failed"; message: string };

/** The generation job `jobId`, or null when there is no such job or it is not a generation. */
export async function readDemoJob(db: Database, jobId: string): Promise<DemoJobState | null> {
  const job = await findJob(db, jobId);
  if (!job || job.kind !== "seed_demo") return null;
  // Read by the analytics screen only, a staff screen: its words stay English (ADR 0045).
  if (job.status === "failed") return { state: "failed", message: job.error ?? renderText("en", DEMO_DATA_FAILED) };
  if (job.status !== "succeeded") return { state: "running", jobId: job.id, progress: job.progress ?? null };
  // The job's own result, written by the last part above.
  return { state: "succeeded", demo: job.result as DemoClass };
}

/** An unfinished object would otherwise wake at its deadline to write a deleted session. */
async function discardObjects(env: Deps["env"], sessionIds: readonly string[]) {
  await Promise.all(sessionIds.map((sessionId) => testSessionStub(env, sessionId).discard()));
}

function demoSummary(schoolClass: { id: string; name: string; joinCode: string }, test: { id: string; title: string }): DemoClass {
  return {
    cohort: { id: schoolClass.id, name: schoolClass.name, joinCode: schoolClass.joinCode },
    test: { id: test.id, title: test.title },
    students: DEMO_STUDENT_COUNT,
  };
}

/** The demo a job is generating, or null when its class or test has been deleted since. */
async function loadDemo(db: Database, classId: string, testId: string): Promise<DemoClass | null> {
  const [schoolClass, tests] = await Promise.all([findClassAcrossDistrict(db, classId), listTestChoices(db)]);
  const test = tests.find((candidate) => candidate.id === testId);
  return schoolClass && test ? demoSummary(schoolClass, test) : null;
}

/** The demo class, taking the demo test, active, with no session rows left from an earlier generation (their objects are the job's to empty). */
async function demoClass(db: Database, testId: string, userId: string) {
  const values = { name: DEMO_CLASS_NAME, testConfigId: testId, testMode: "placement", isActive: true } as const;
  // Only the class an earlier generation made: a teacher's own class is never emptied.
  const existing = await findClassByNameAndTest(db, DEMO_CLASS_NAME, testId);
  if (!existing) return { cohort: await createClassRecord(db, { ...values, joinCode: null }, userId), earlier: [] };
  const earlier = await deleteClassSessions(db, existing.id);
  return { cohort: found(await updateClassRecord(db, existing.id, { ...values, joinCode: null }, BACKGROUND_SCOPE), NOT_FOUND.cohort), earlier };
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
    feedbackDisplay: detail.feedbackDisplay,
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

/** One student's attempt, through the session's object as the student routes drive it, then flushed to D1; answers its scale score. */
async function takeTest({ db, env }: Deps, template: SessionBlueprint, student: SimulatedStudent): Promise<number> {
  const sessionId = crypto.randomUUID();
  const blueprint: SessionBlueprint = { ...template, sessionId, studentId: student.studentId, seed: student.seed };
  const inserted = await insertSessionRecord(db, {
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

  const session = testSessionStub(env, sessionId);
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
    // A simulated student answers in no real time: its own figure is the answer's time.
    const result = await session.submit({ questionId: current.id, answer, timeSpentSeconds }, "simulated");
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
          result: { ...grade, keyPoints: [], confidence: confidenceOfScore(grade.score) },
          review: { flagged: false, reasons: [] },
        }),
      );
    }
    current = result.view.currentQuestion;
  }
  const completed = await session.complete();
  if (!completed.ok) throw new Error(`A demo session could not be completed: ${sessionId}`);
  const [flushed] = await Promise.all([session.flush(), insertGradingLogs(db, logs)]);
  if (!flushed.ok || !flushed.written) throw new Error(`A demo session could not be written to D1: ${sessionId}`);
  return completed.view.results.scaleScore;
}
