import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";

import type { TestSessionRpc } from "~/domain/sessions/session-contract";

import { chatSession, GIFT_PASTE, GOOD_ANSWER, OPEN_QUESTION, openQuestionSession } from "../support/ai-fixtures";
import { type ApiClient, count, demoClients } from "../support/api";
import { type OpenAiStub, startOpenAiStub, STUB_CONFIDENCE, STUB_MALFORMED_CONTENT, STUB_USAGE } from "../support/openai-stub";
import { startWorker, type TestWorker } from "../support/worker";

/**
 * The AI routes with a key: the real `openai` SDK inside workerd talking to a local
 * OpenAI-compatible server (tests/support/openai-stub.ts) over HTTP.
 */
let stub: OpenAiStub;
let worker: TestWorker;
let admin: ApiClient;

beforeAll(async () => {
  stub = await startOpenAiStub();
  worker = await startWorker({ vars: { AI_API_KEY: "test-key", AI_BASE_URL: stub.baseURL, AI_TIMEOUT_MS: "400", AI_MAX_RETRIES: "1" } });
  ({ admin } = await demoClients(worker));
});
afterAll(async () => {
  await worker?.dispose();
  await stub?.close();
});
afterEach(() => stub.setBehaviour("obey"));

type LogRow = Record<string, unknown>;
const latestLog = () => worker.d1.prepare("select * from ai_grading_logs order by graded_at desc, rowid desc limit 1").first<LogRow>();
const requestsSince = (start: number) => stub.requests.slice(start);
const previewGrade = (answer: string = GOOD_ANSWER) => admin.post("/api/questions/preview-grade", { question: OPEN_QUESTION, answer });

describe("preview grading through the model", () => {
  it("sends the answer delimited with a JSON-schema format, and logs tokens and cost at the model's rates", async () => {
    const start = stub.requests.length;
    const response = await previewGrade();
    expect(response.status).toBe(200);
    expect(response.data).toMatchObject({ keyPoints: ["stub"], strengths: ["stub"], improvements: ["stub"] });
    const [sent] = requestsSince(start);
    expect(sent?.headers.authorization).toBe("Bearer test-key");
    expect(sent?.body.model).toBe("gpt-5-2025-08-07");
    expect(sent?.body.response_format).toMatchObject({ type: "json_schema", json_schema: { name: "grading_result" } });
    expect(JSON.stringify(sent?.body.messages)).toContain(`<student_answer>\\n${GOOD_ANSWER}\\n</student_answer>`);

    const log = await latestLog();
    expect(log).toMatchObject({
      session_id: null,
      ai_model: "gpt-5-2025-08-07",
      score: response.data.score,
      prompt_tokens: STUB_USAGE.promptTokens,
      completion_tokens: STUB_USAGE.completionTokens,
      reasoning_tokens: STUB_USAGE.reasoningTokens,
      total_tokens: STUB_USAGE.totalTokens,
      error: null,
    });
    // gpt-5: $1.25 in and $10 out per million; reasoning (12 of the 45 completion tokens) at the output rate.
    expect(log?.input_cost).toBeCloseTo((120 * 1.25) / 1e6, 12);
    expect(log?.output_cost).toBeCloseTo((33 * 10) / 1e6, 12);
    expect(log?.reasoning_cost).toBeCloseTo((12 * 10) / 1e6, 12);
    expect(log?.total_cost).toBeCloseTo(0.0006, 12);
    expect(String(log?.prompt_sent)).toContain("<student_answer>");
  });

  it("asks the model for feedback in a Spanish question's language, and trusts its confidence there (ADR 0044)", async () => {
    const start = stub.requests.length;
    const response = await admin.post("/api/questions/preview-grade", { question: { ...OPEN_QUESTION, language: "es" }, answer: GOOD_ANSWER });
    expect(response.status).toBe(200);
    const [system] = requestsSince(start)[0]?.body.messages ?? [];
    expect(system?.content).toContain("The question is in Spanish (US Spanish, es-US): write feedback, strengths and improvements in that language.");
    expect(response.data.confidence).toBeGreaterThan(0.6);
  });

  it("stores the confidence the model reports, and flags a grade it was unsure of for review", async () => {
    const sure = await previewGrade();
    expect(sure.data.confidence).toBe(STUB_CONFIDENCE);
    expect(await latestLog()).toMatchObject({ confidence: STUB_CONFIDENCE, flagged_for_review: 0, review_reasons: null });
    stub.enqueue({ confidence: 0.35 });
    const unsure = await previewGrade();
    expect(unsure.data.confidence).toBe(0.35);
    expect(await latestLog()).toMatchObject({ confidence: 0.35, flagged_for_review: 1, review_reasons: JSON.stringify(["low_confidence"]) });
  });

  it("withholds what the model quotes of the rubric from a wrong answer's feedback, and keeps the key points for the teacher", async () => {
    const quoted = "as it orbits Earth, we see different amounts of its lit half";
    stub.enqueue({
      content: JSON.stringify({
        score: 20,
        feedback: `Not quite: the Moon is lit by the Sun and, ${quoted}.`,
        strengths: [],
        improvements: [`Explain that ${quoted}.`],
        keyPoints: ["The Moon is lit by the Sun"],
        confidence: 0.9,
      }),
    });
    const response = await previewGrade("The Earth's shadow covers it.");
    expect(response.status).toBe(200);
    const shown = [response.data.feedback, ...response.data.improvements].join(" ").toLowerCase();
    expect(shown).not.toContain("orbits earth, we see different");
    expect(shown).not.toContain("the moon is lit by the");
    expect(response.data.improvements).toEqual(["Explain that […]."]);
    expect(response.data.keyPoints).toEqual(["The Moon is lit by the Sun"]);
    expect(await latestLog()).toMatchObject({ score: 20, feedback: response.data.feedback });
  });

  it("asks again once when a reply does not parse, and uses the second", async () => {
    stub.enqueue("malformed");
    const start = stub.requests.length;
    expect((await previewGrade()).status).toBe(200);
    expect(requestsSince(start)).toHaveLength(2);
    expect((await latestLog())?.prompt_tokens).toBe(2 * STUB_USAGE.promptTokens);
  });

  it("logs an error and answers 502 when the reply does not parse twice: never a crash", async () => {
    stub.enqueue("malformed", "malformed");
    const response = await previewGrade();
    expect(response).toEqual({ status: 502, data: { message: "The AI provider's reply was not JSON." } });
    expect(await latestLog()).toMatchObject({ score: null, error: "The AI provider's reply was not JSON.", raw_response: STUB_MALFORMED_CONTENT });
  });

  it("retries a 429 with backoff and succeeds within one delivery", async () => {
    stub.enqueue({ status: 429 });
    const start = stub.requests.length;
    const jobsBefore = await count(worker, "jobs");
    expect((await previewGrade()).status).toBe(200);
    expect(requestsSince(start)).toHaveLength(2);
    const job = await worker.d1.prepare("select attempts, status from jobs order by created_at desc, rowid desc limit 1").first();
    expect(job).toEqual({ attempts: 1, status: "succeeded" });
    expect(await count(worker, "jobs")).toBe(jobsBefore + 1);
  });

  it("after timeouts, the queue delivers the job again and it succeeds, logged once", async () => {
    // AI_TIMEOUT_MS 400 and one SDK retry: both calls of the first delivery time out.
    stub.enqueue({ delayMs: 1500 }, { delayMs: 1500 });
    const logsBefore = await count(worker, "ai_grading_logs");
    expect((await previewGrade()).status).toBe(200);
    const job = await worker.d1.prepare("select attempts, status from jobs order by created_at desc, rowid desc limit 1").first();
    expect(job).toEqual({ attempts: 2, status: "succeeded" });
    expect(await count(worker, "ai_grading_logs")).toBe(logsBefore + 1);
  }, 20_000);

  it("a job that fails every delivery lands failed with its error after the last retry", async () => {
    stub.setBehaviour({ status: 500 });
    const response = await previewGrade();
    expect(response.status).toBe(502);
    expect(response.data.message).toContain("The AI provider refused the request (500)");
    const job = await worker.d1.prepare("select attempts, status, error from jobs order by created_at desc, rowid desc limit 1").first<LogRow>();
    // One delivery and the queue's 3 retries (wrangler.toml max_retries).
    expect(job).toMatchObject({ attempts: 4, status: "failed" });
    expect(String(job?.error)).toContain("500");
    expect(await latestLog()).toMatchObject({ score: null, error: response.data.message });
  }, 40_000);
});

describe("generation, formatting and chat through the model", () => {
  it("generates with the generated_test format", async () => {
    const start = stub.requests.length;
    const response = await admin.post("/api/tests/generate", { topic: "Volcanoes", sourceMaterial: "Volcanoes erupt when magma rises." });
    expect(response.status).toBe(200);
    expect(response.data.questions.length).toBeGreaterThan(0);
    expect(requestsSince(start)[0]?.body.response_format).toMatchObject({ json_schema: { name: "generated_test" } });
    expect(response.data.language).toBe("en");
  });

  it("generates in Spanish when asked: the prompt says so and the draft is marked Spanish (ADR 0044)", async () => {
    const start = stub.requests.length;
    const response = await admin.post("/api/tests/generate", { topic: "Los volcanes", language: "es" });
    expect(response.status).toBe(200);
    expect(response.data.language).toBe("es");
    expect(JSON.stringify(requestsSince(start)[0]?.body.messages)).toContain("The test is in Spanish (US Spanish, es-US)");
  });

  it("parses GIFT exactly without asking the model, and sends free text to it", async () => {
    const start = stub.requests.length;
    const gift = await admin.post("/api/tests/format", { rawContent: GIFT_PASTE });
    expect(gift.status).toBe(200);
    expect(gift.data.questions).toHaveLength(3);
    expect(requestsSince(start)).toHaveLength(0);
    const free = await admin.post("/api/tests/format", { rawContent: "Quiz: name two volcanoes and explain one eruption." });
    expect(free.status).toBe(200);
    expect(requestsSince(start)[0]?.body.response_format).toMatchObject({ json_schema: { name: "formatted_test" } });
  });

  it("chats with the question's system instruction and opening prompt, and the history so far", async () => {
    const { sessionId, questionId } = await chatSession(worker, admin, { systemInstruction: "You are Ms. Frizzle.", initialPrompt: "Why is it warm in July?" });
    const start = stub.requests.length;
    expect((await admin.post("/api/chat", { sessionId, questionId, message: "The Sun is closer." })).status).toBe(200);
    expect((await admin.post("/api/chat", { sessionId, questionId, message: "Maybe the tilt?" })).status).toBe(200);
    const second = requestsSince(start)[1]?.body.messages ?? [];
    expect(second[0]).toMatchObject({ role: "system" });
    expect(String(second[0]?.content)).toContain("You are Ms. Frizzle.");
    expect(second.slice(1).map((message) => message.role)).toEqual(["assistant", "user", "assistant", "user"]);
    expect(second[1]?.content).toBe("Why is it warm in July?");
    expect(second.at(-1)?.content).toBe("Maybe the tilt?");
  });

  it("answers 502 when the model is down, and stores nothing of the exchange", async () => {
    const { sessionId, questionId, stub: session } = await chatSession(worker, admin);
    stub.setBehaviour({ status: 503 });
    const response = await admin.post("/api/chat", { sessionId, questionId, message: "Hello?" });
    expect(response.status).toBe(502);
    expect(await session.chatTranscript(questionId)).toMatchObject({ ok: true, messages: [] });
  });
});

describe("a session's open answer: provisional at once, the model's grade when it lands", () => {
  it("answers with the offline grader's provisional grade, then the answer's grade and the session show the model's", async () => {
    const { sessionId, questionId } = await openQuestionSession(admin);
    const submitted = await admin.post(`/api/sessions/${sessionId}/submit`, { questionId, answer: GOOD_ANSWER, timeSpentSeconds: 30 });
    expect(submitted.status).toBe(200);
    expect(submitted.data.gradingResult).toMatchObject({ grading: "provisional" });
    expect(submitted.data.gradingResult.feedback).toContain("Automatic check");

    // The test page asks for this one answer's grade, not the whole session.
    const gradeUrl = `/api/sessions/${sessionId}/answers/${questionId}`;
    expect((await admin.get(gradeUrl)).data).toMatchObject({ grading: "provisional", score: submitted.data.gradingResult.score });
    let grade = (await admin.get(gradeUrl)).data;
    for (let tries = 0; tries < 60 && grade.grading !== "final"; tries++) {
      await new Promise((resolve) => setTimeout(resolve, 150));
      grade = (await admin.get(gradeUrl)).data;
    }
    const session = (await admin.get(`/api/sessions/${sessionId}`)).data;
    expect(session.gradingPending).toBe(0);
    const log = await worker.d1.prepare("select score from ai_grading_logs where session_id = ?").bind(sessionId).first<{ score: number }>();
    expect(session.answers[questionId]).toMatchObject({ grading: "final", gradingScore: log?.score });
    // The review's log carries the model's own confidence; a sure grade is not flagged.
    const [reviewed] = (await admin.get(`/api/sessions/${sessionId}/ai-grading`)).data.gradingLogs;
    expect(reviewed).toMatchObject({ aiModel: "gpt-5-2025-08-07", confidence: STUB_CONFIDENCE, flaggedForReview: false, reviewReasons: [] });
    expect(grade).toEqual({
      grading: "final",
      score: log?.score,
      wasCorrect: session.answers[questionId].wasCorrect,
      feedback: session.answers[questionId].feedback,
    });
    expect(session.scores[questionId].strengths).toEqual(["stub"]);
  });

  it("hands the answer to its teacher when the model is unsure of its grade: no mark for the student", async () => {
    const { sessionId, questionId } = await openQuestionSession(admin);
    stub.enqueue({ confidence: 0.35 });
    await admin.post(`/api/sessions/${sessionId}/submit`, { questionId, answer: GOOD_ANSWER, timeSpentSeconds: 30 });
    const gradeUrl = `/api/sessions/${sessionId}/answers/${questionId}`;
    let grade = (await admin.get(gradeUrl)).data;
    for (let tries = 0; tries < 60 && grade.grading === "provisional"; tries++) {
      await new Promise((resolve) => setTimeout(resolve, 150));
      grade = (await admin.get(gradeUrl)).data;
    }
    expect(grade).toEqual({ grading: "review", score: null, wasCorrect: null, feedback: null });
    expect((await admin.get(`/api/sessions/${sessionId}`)).data).toMatchObject({ gradingPending: 0, awaitingTeacher: 1 });
  });

  it("reaches D1 whole: once the grading job is done, the answer's score, correctness and points and the session's total are the model's", async () => {
    const { sessionId, questionId } = await openQuestionSession(admin);
    const submitted = await admin.post(`/api/sessions/${sessionId}/submit`, { questionId, answer: GOOD_ANSWER, timeSpentSeconds: 30 });
    const provisional = submitted.data.gradingResult as { score: number; isCorrect: boolean };
    // The model disagrees with the offline grader about correctness, so a half-written row shows.
    const modelScore = provisional.isCorrect ? 10 : 95;
    stub.enqueue({
      content: JSON.stringify({
        score: modelScore,
        feedback: "The model's reading.",
        strengths: ["model"],
        improvements: ["model"],
        keyPoints: ["model"],
        confidence: 0.8,
      }),
    });

    // The provisional answer is in D1 before the grade lands (the queue waits a second to batch).
    const sessions = (await worker.mf.getDurableObjectNamespace("TEST_SESSION")) as unknown as DurableObjectNamespace<TestSessionRpc>;
    expect(await sessions.get(sessions.idFromName(sessionId)).flush()).toEqual({ ok: true, written: true });
    const answerRow = () =>
      worker.d1
        .prepare("select grading_score, was_correct, points_earned from session_answers where session_id = ? and question_id = ?")
        .bind(sessionId, questionId)
        .first<{ grading_score: number; was_correct: number; points_earned: number }>();
    expect(await answerRow()).toMatchObject({ grading_score: provisional.score, was_correct: provisional.isCorrect ? 1 : 0 });

    const jobStatus = () =>
      worker.d1
        .prepare("select status from jobs where kind = 'grade_answer' and json_extract(input, '$.sessionId') = ?")
        .bind(sessionId)
        .first<string>("status");
    for (let tries = 0; tries < 100 && (await jobStatus()) !== "succeeded"; tries++) await new Promise((resolve) => setTimeout(resolve, 50));
    expect(await jobStatus()).toBe("succeeded");
    // Read at once: no write behind has had its 5 s yet.
    const [row, record] = await Promise.all([
      answerRow(),
      worker.d1.prepare("select total_score from sessions where id = ?").bind(sessionId).first<number>("total_score"),
    ]);
    const view = (await admin.get(`/api/sessions/${sessionId}`)).data;
    expect(view.answers[questionId]).toMatchObject({ grading: "final", gradingScore: modelScore, wasCorrect: !provisional.isCorrect });
    expect(row).toEqual({ grading_score: modelScore, was_correct: provisional.isCorrect ? 0 : 1, points_earned: view.answers[questionId].pointsEarned });
    expect(record).toBe(view.totalScore);
  });
});

describe("a class's switch for sending student answers to the AI provider", () => {
  /** A one-question test on the open question, a class that offers it, and a named student who joins and starts it. */
  const classSession = async (aiGrading: boolean) => {
    const question = await admin.post("/api/questions", { ...OPEN_QUESTION, difficulty: "medium" });
    const test = await admin.post("/api/tests", {
      title: "Moon",
      description: "d",
      gradeLevel: "5",
      subject: "Science",
      questions: [{ id: question.data.id }],
    });
    const schoolClass = await admin.post("/api/cohorts", {
      name: `Moon class ${crypto.randomUUID()}`,
      testConfigId: test.data.id,
      testMode: "placement",
      aiGrading,
    });
    expect(schoolClass.data.aiGrading).toBe(aiGrading);
    const studentId = `QX-${crypto.randomUUID().slice(0, 6)}`;
    await admin.post("/api/cohort-members", { cohortId: schoolClass.data.id, studentId, displayName: "Persephone Quillfeather" });
    const started = await admin.post("/api/sessions/start", { testConfigId: test.data.id, userId: studentId, cohortId: schoolClass.data.id });
    return { sessionId: started.data.sessionId as string, questionId: question.data.id as string, studentId };
  };
  const gradingJobs = (sessionId: string) =>
    worker.d1
      .prepare("select status from jobs where kind = 'grade_answer' and json_extract(input, '$.sessionId') = ?")
      .bind(sessionId)
      .all<{ status: string }>();

  it("on (the default): the model grades the answer, and nothing it is sent names the student", async () => {
    const start = stub.requests.length;
    const { sessionId, questionId, studentId } = await classSession(true);
    await admin.post(`/api/sessions/${sessionId}/submit`, { questionId, answer: GOOD_ANSWER, timeSpentSeconds: 30 });
    for (let tries = 0; tries < 100 && (await gradingJobs(sessionId)).results[0]?.status !== "succeeded"; tries++)
      await new Promise((resolve) => setTimeout(resolve, 50));
    const sent = JSON.stringify(requestsSince(start).map((request) => request.body));
    expect(sent).toContain("Moon");
    for (const identifying of [studentId, "Persephone", "Quillfeather", sessionId]) expect(sent).not.toContain(identifying);
    const log = await worker.d1.prepare("select prompt_sent from ai_grading_logs where session_id = ?").bind(sessionId).first<{ prompt_sent: string }>();
    expect(log?.prompt_sent).toBeTruthy();
    for (const identifying of [studentId, "Persephone", "Quillfeather"]) expect(log!.prompt_sent).not.toContain(identifying);
  });

  it("keeps the question's part of the prompt once for every answer, and the review reads the prompt whole", async () => {
    const start = stub.requests.length;
    const graded: string[] = [];
    for (const answer of [GOOD_ANSWER, "The Moon makes its own light."]) {
      const { sessionId, questionId } = await classSession(true);
      await admin.post(`/api/sessions/${sessionId}/submit`, { questionId, answer, timeSpentSeconds: 30 });
      for (let tries = 0; tries < 100 && (await gradingJobs(sessionId)).results[0]?.status !== "succeeded"; tries++)
        await new Promise((resolve) => setTimeout(resolve, 50));
      graded.push(sessionId);
    }
    const rows = await worker.d1
      .prepare(`select prompt_sent, prompt_prefix_id from ai_grading_logs where session_id in (?, ?) order by graded_at`)
      .bind(...graded)
      .all<{ prompt_sent: string; prompt_prefix_id: string }>();
    // Each log keeps the student's part; the question's part is one stored text both name.
    expect(rows.results.map((row) => row.prompt_sent.startsWith("<student_answer>") && !row.prompt_sent.includes("Moon's phases"))).toEqual([true, true]);
    expect(new Set(rows.results.map((row) => row.prompt_prefix_id)).size).toBe(1);
    // The review shows the prompt the model was sent, as the provider rendered it (role, then content).
    const sent = requestsSince(start).map((request) =>
      (request.body.messages ?? []).map((message) => `[${message.role}]\n${String(message.content)}`).join("\n\n"),
    );
    const reviewed = await Promise.all(
      graded.map(async (sessionId) => (await admin.get(`/api/sessions/${sessionId}/ai-grading`)).data.gradingLogs[0].promptSent),
    );
    expect(reviewed).toEqual(sent);
  });

  it("off: the answer is graded offline, final at once, and no request reaches the provider", async () => {
    const start = stub.requests.length;
    const { sessionId, questionId } = await classSession(false);
    const submitted = await admin.post(`/api/sessions/${sessionId}/submit`, { questionId, answer: GOOD_ANSWER, timeSpentSeconds: 30 });
    expect(submitted.data.gradingResult).toMatchObject({ grading: "final" });
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    expect((await gradingJobs(sessionId)).results).toEqual([]);
    expect(requestsSince(start)).toEqual([]);
  });
});
