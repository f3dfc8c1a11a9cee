import type { TestSessionRpc } from "~/domain/sessions/session-contract";

import type { ApiClient } from "./api";
import type { TestWorker } from "./worker";

/** Content the AI tests share: a GIFT paste, an open question to grade, a chat test with a live session. */

export const GIFT_PASTE = String.raw`$CATEGORY: $course$/Science/Water cycle

::Q1:: Which process turns liquid water into vapour?{
  =Evaporation#Right\: heat from the Sun drives it.
  ~Condensation
  ~Precipitation
}

Clouds form when water vapour \: cools and condenses.{TRUE}

Describe what happens to rain
after it reaches the ground.{}
`;

export const OPEN_QUESTION = {
  text: "<p>Why do we see the Moon's phases?</p>",
  type: "free_response",
  rubric: { referenceAnswer: "The Moon is lit by the Sun and, as it orbits Earth, we see different amounts of its lit half." },
};

/** A one-question test on the open question, and a session started on it. */
export async function openQuestionSession(admin: ApiClient) {
  const competency = await admin.post("/api/competencies", { description: `Moon phases ${crypto.randomUUID()}` });
  const question = await admin.post("/api/questions", { ...OPEN_QUESTION, difficulty: "medium" });
  await admin.post(`/api/questions/${question.data.id}/competencies`, { competencyId: competency.data.id, isPrimary: true });
  const test = await admin.post("/api/tests", { title: "Moon", description: "d", gradeLevel: "5", subject: "Science", questions: [{ id: question.data.id }] });
  const started = await admin.post("/api/sessions/start", { testConfigId: test.data.id, userId: `moon-student-${crypto.randomUUID().slice(0, 8)}` });
  return { sessionId: started.data.sessionId as string, questionId: question.data.id as string };
}

export const GOOD_ANSWER = "Because the Sun lights half of the Moon and as the Moon orbits the Earth we see a different amount of the lit half.";

/** A test with one chat question and a session started on it: what POST /api/chat serves. */
export async function chatSession(worker: TestWorker, admin: ApiClient, options: { initialPrompt?: string; systemInstruction?: string } = {}) {
  const competency = await admin.post("/api/competencies", { description: `Discussion ${crypto.randomUUID()}` });
  const question = await admin.post("/api/questions", {
    text: "Discuss why seasons happen on Earth.",
    type: "chat",
    difficulty: "medium",
    systemInstruction: options.systemInstruction ?? "You are a patient science tutor.",
    initialPrompt: options.initialPrompt ?? "What do you think causes the seasons?",
    rubric: "The tilt of Earth's axis changes how directly sunlight hits each hemisphere.",
  });
  await admin.post(`/api/questions/${question.data.id}/competencies`, { competencyId: competency.data.id, isPrimary: true });
  const test = await admin.post("/api/tests", {
    title: "Seasons",
    description: "Chat about seasons",
    gradeLevel: "6",
    subject: "Science",
    questions: [{ id: question.data.id }],
  });
  const started = await admin.post("/api/sessions/start", { testConfigId: test.data.id, testMode: "placement", userId: `student-${crypto.randomUUID()}` });
  if (started.status !== 201) throw new Error(`Starting the chat session failed: ${started.status} ${JSON.stringify(started.data)}`);
  const sessionId = started.data.sessionId as string;
  const namespace = (await worker.mf.getDurableObjectNamespace("TEST_SESSION")) as unknown as DurableObjectNamespace<TestSessionRpc>;
  const stub = namespace.get(namespace.idFromName(sessionId));
  return { sessionId, questionId: question.data.id as string, testId: test.data.id as string, stub };
}
