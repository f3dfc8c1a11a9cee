import { LOW_CONFIDENCE } from "~/domain/ai/confidence";
import { gradeOffline } from "~/domain/ai/offline-grader";

import type { ApiClient } from "./api";

/**
 * A completed session with one open answer graded offline and one choice answer, made through
 * the API as the demo admin (the AI Grading Review's data): the open question is in the first
 * section, so it is asked first.
 */
export const WEAK_OPEN_ANSWER = "Water gets warm in the sun.";

const OPEN_QUESTION_TEXT = "<p>Explain how puddles disappear on a sunny day.</p>";
const OPEN_QUESTION_RUBRIC = "The Sun heats the water, which evaporates: liquid water turns into water vapour that mixes into the air.";

/** The offline grade of an answer to the fixture's open question, as the Worker will give it. */
export const offlineGradeOf = (answer: string) =>
  gradeOffline({ questionText: OPEN_QUESTION_TEXT, questionType: "free_response", rubric: OPEN_QUESTION_RUBRIC, answer });

/** Partly right answers: heat without evaporation, or vapour or evaporation without the cause. */
const PARTLY_RIGHT_ANSWERS = [
  "The sun heats the puddle.",
  "The water turns into vapour.",
  "Water gets warm in the sun.",
  "The sun makes the water hot.",
  "The water goes into the air.",
  "Heat from the sun.",
  "The water evaporates into the air.",
  "The sun warms the liquid water.",
  "The water mixes into the air.",
  "The heat turns the water into gas.",
];

/**
 * A partly right answer the offline grader is unsure of (confidence below LOW_CONFIDENCE), asked
 * of the grader itself: these tests check what the product does with a low confidence, and which
 * wording the grader doubts is the grader's own business (measured by `npm run bench:grader`).
 */
export function unsureOpenAnswer(): string {
  const answer = PARTLY_RIGHT_ANSWERS.find((candidate) => offlineGradeOf(candidate).confidence < LOW_CONFIDENCE);
  if (!answer) throw new Error("The offline grader is sure of every partly right fixture answer: add one it doubts to PARTLY_RIGHT_ANSWERS");
  return answer;
}

/** Only a generic description of full credit, in score points: nothing the offline grader can match, so it is unsure of every answer. */
export const GENERIC_RUBRIC =
  "Score 2: The response fulfills all the requirements of the task.\nScore 1: The response fulfills some of the requirements.\nScore 0: The response is irrelevant or missing.";

/**
 * The fixture's test: its open question first (`rubric`: the question's; null, none, which the
 * offline grader cannot check), then a choice question, in sections of their own; `language`: the
 * test's and its questions' (ADR 0044), English by default.
 */
export async function gradingTest(admin: ApiClient, options: { rubric?: string | null; language?: "en" | "es" } = {}) {
  const tag = crypto.randomUUID().slice(0, 8);
  const competency = await admin.post("/api/competencies", { description: `Explains evaporation ${tag}` });
  const open = await admin.post("/api/questions", {
    text: OPEN_QUESTION_TEXT,
    type: "free_response",
    difficulty: "hard",
    rubric: options.rubric === undefined ? OPEN_QUESTION_RUBRIC : options.rubric,
    language: options.language,
  });
  const choice = await admin.post("/api/questions", {
    text: "What does water vapour become when it cools?",
    type: "multiple_choice",
    difficulty: "medium",
    options: [
      { text: "Liquid water", isCorrect: true },
      { text: "Salt", isCorrect: false },
    ],
    language: options.language,
  });
  for (const question of [open, choice])
    await admin.post(`/api/questions/${question.data.id}/competencies`, { competencyId: competency.data.id, isPrimary: true });
  const details = { title: `Water cycle ${tag}`, description: "Evaporation", gradeLevel: "5", subject: "Science", language: options.language };
  const test = await admin.post("/api/tests", details);
  await admin.put(`/api/tests/${test.data.id}`, {
    ...details,
    sections: [
      { id: `open-${tag}`, title: "Explain" },
      { id: `choice-${tag}`, title: "Choose" },
    ],
    questions: [
      { id: open.data.id, sectionId: `open-${tag}` },
      { id: choice.data.id, sectionId: `choice-${tag}` },
    ],
  });
  return { tag, testId: test.data.id as string, openQuestionId: open.data.id as string, choiceQuestionId: choice.data.id as string };
}

/**
 * `rubric` as in `gradingTest`; `taker`: who starts and answers the session (a student's browser,
 * which then holds its pass), the admin by default.
 */
export async function gradedSession(
  admin: ApiClient,
  options: { openAnswer?: string; studentId?: string; rubric?: string | null; taker?: ApiClient; language?: "en" | "es" } = {},
) {
  const { tag, testId, openQuestionId, choiceQuestionId } = await gradingTest(admin, options);
  const taker = options.taker ?? admin;
  // A student's browser takes a test through its class (an open one here).
  const classId = options.taker ? (await admin.post("/api/cohorts", { name: `Water ${tag}`, testConfigId: testId, testMode: "placement" })).data.id : undefined;
  const started = await taker.post("/api/sessions/start", {
    testConfigId: testId,
    testMode: "placement",
    userId: options.studentId ?? `student-${tag}`,
    cohortId: classId,
  });
  if (started.status !== 201) throw new Error(`Starting the session failed: ${started.status} ${JSON.stringify(started.data)}`);
  const sessionId = started.data.sessionId as string;
  let openGradingResult: Record<string, unknown> | null = null;
  let question = (await taker.get(`/api/sessions/${sessionId}/next-question`)).data.question as { id: string } | null;
  while (question) {
    const answer = question.id === openQuestionId ? (options.openAnswer ?? WEAK_OPEN_ANSWER) : "Liquid water";
    const submitted = await taker.post(`/api/sessions/${sessionId}/submit`, { questionId: question.id, answer, timeSpentSeconds: 20 });
    if (submitted.status !== 200) throw new Error(`Answering failed: ${submitted.status} ${JSON.stringify(submitted.data)}`);
    if (question.id === openQuestionId) openGradingResult = submitted.data.gradingResult as Record<string, unknown>;
    question = submitted.data.completed ? null : submitted.data.nextQuestion;
  }
  return {
    sessionId,
    testId,
    openQuestionId,
    choiceQuestionId,
    /** What the taker was told of the open answer when it submitted it (the product's gradingResult). */
    openGradingResult,
  };
}

/** Reads until `done` holds or the time is up (the offline log is written behind the response). */
export async function waitFor<T>(read: () => Promise<T>, done: (value: T) => boolean, timeoutMs = 15_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (done(value) || Date.now() > deadline) return value;
    await new Promise((resolve) => setTimeout(resolve, 150));
  }
}
