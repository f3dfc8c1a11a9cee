import type { ApiClient } from "./api";

/**
 * A completed session with one open answer graded offline and one choice answer, made through
 * the API as the demo admin (the AI Grading Review's data): the open question is in the first
 * section, so it is asked first.
 */
export const WEAK_OPEN_ANSWER = "Water gets warm in the sun.";

export async function gradedSession(admin: ApiClient, options: { openAnswer?: string; studentId?: string } = {}) {
  const tag = crypto.randomUUID().slice(0, 8);
  const competency = await admin.post("/api/competencies", { description: `Explains evaporation ${tag}` });
  const open = await admin.post("/api/questions", {
    text: "<p>Explain how puddles disappear on a sunny day.</p>",
    type: "free_response",
    difficulty: "hard",
    rubric: "The Sun heats the water, which evaporates: liquid water turns into water vapour that mixes into the air.",
  });
  const choice = await admin.post("/api/questions", {
    text: "What does water vapour become when it cools?",
    type: "multiple_choice",
    difficulty: "medium",
    options: [
      { text: "Liquid water", isCorrect: true },
      { text: "Salt", isCorrect: false },
    ],
  });
  for (const question of [open, choice])
    await admin.post(`/api/questions/${question.data.id}/competencies`, { competencyId: competency.data.id, isPrimary: true });
  const details = { title: `Water cycle ${tag}`, description: "Evaporation", gradeLevel: "5", subject: "Science" };
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
  const started = await admin.post("/api/sessions/start", { testConfigId: test.data.id, testMode: "placement", userId: options.studentId ?? `student-${tag}` });
  if (started.status !== 201) throw new Error(`Starting the session failed: ${started.status} ${JSON.stringify(started.data)}`);
  const sessionId = started.data.sessionId as string;
  let question = (await admin.get(`/api/sessions/${sessionId}/next-question`)).data.question as { id: string } | null;
  while (question) {
    const answer = question.id === open.data.id ? (options.openAnswer ?? WEAK_OPEN_ANSWER) : "Liquid water";
    const submitted = await admin.post(`/api/sessions/${sessionId}/submit`, { questionId: question.id, answer, timeSpentSeconds: 20 });
    if (submitted.status !== 200) throw new Error(`Answering failed: ${submitted.status} ${JSON.stringify(submitted.data)}`);
    question = submitted.data.completed ? null : submitted.data.nextQuestion;
  }
  return { sessionId, testId: test.data.id as string, openQuestionId: open.data.id as string, choiceQuestionId: choice.data.id as string };
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
