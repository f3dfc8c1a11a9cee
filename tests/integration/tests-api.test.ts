import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { DEMO_QUESTIONS } from "~/models/seed-questions";

import { type ApiClient, apiClient, clientFor, count, demoClients } from "../support/api";
import { demoAccounts, startWorker, type TestWorker } from "../support/worker";

let worker: TestWorker;
let admin: ApiClient;
let student: ApiClient;
let anonymous: ApiClient;

beforeAll(async () => {
  worker = await startWorker();
  ({ admin, student, anonymous } = await demoClients(worker));
});
afterAll(() => worker?.dispose());

const manualTest = {
  title: "Fractions Quiz",
  description: "A short quiz on fractions",
  gradeLevel: "5",
  subject: "Mathematics",
  placementDuration: 20,
  diagnosticDuration: 40,
  showFeedback: true,
  questions: [],
  competencies: {},
  modules: {},
};

/** Every row of the test tables, to prove a refused call wrote nothing. */
async function testTables(): Promise<string> {
  const tables = await Promise.all(
    ["tests", "test_sections", "test_questions"].map((table) => worker.d1.prepare(`select * from ${table} order by rowid`).all()),
  );
  return JSON.stringify(tables.map((table) => table.results));
}

/** Adds bank questions straight to D1 (free response, no limit unless given); returns their ids in order. */
async function addBankQuestions(total: number, timeLimit: number | null = null): Promise<string[]> {
  const ids = Array.from({ length: total }, () => crypto.randomUUID());
  await worker.d1.batch(
    ids.map((id, index) =>
      worker.d1.prepare("insert into questions (id, text, type, time_limit) values (?, ?, 'free_response', ?)").bind(id, `Bank question ${index}`, timeLimit),
    ),
  );
  return ids;
}

/** Calls the API with a method given as text (GET, POST, PUT, PATCH, DELETE). */
function send(client: typeof admin, method: string, path: string, body?: unknown) {
  const call = client[method.toLowerCase() as keyof typeof client] as (path: string, body?: unknown) => ReturnType<typeof client.get>;
  return call(path, body);
}

async function newTest(body: Record<string, unknown> = {}): Promise<string> {
  const { status, data } = await admin.post("/api/tests", { ...manualTest, ...body });
  expect(status).toBe(201);
  return data.id;
}

describe("who may call /api/tests", () => {
  it("answers 401 signed out and 403 for a student on every route and method, writing nothing", async () => {
    const id = await newTest();
    const before = await testTables();
    const calls: [string, string, unknown?][] = [
      ["GET", "/api/tests"],
      ["POST", "/api/tests", manualTest],
      ["GET", `/api/tests/${id}`],
      ["PUT", `/api/tests/${id}`, { ...manualTest, title: "Hijacked" }],
      ["DELETE", `/api/tests/${id}`],
    ];
    for (const [method, path, body] of calls) {
      const call = (client: typeof admin) => send(client, method, path, body);
      const signedOut = await call(anonymous);
      expect(signedOut.status, `${method} ${path}`).toBe(401);
      expect(signedOut.data).toEqual({ message: "Sign in required" });
      const asStudent = await call(student);
      expect(asStudent.status, `${method} ${path}`).toBe(403);
      expect(asStudent.data).toEqual({ message: "Your role does not allow this." });
    }
    expect(await testTables()).toBe(before);
  });

  it("answers a method a route does not define with a JSON 405", async () => {
    const response = await admin.patch("/api/tests", manualTest);
    expect(response.status).toBe(405);
    expect(response.data.message).toBe("Method not allowed. Use GET or POST.");
    expect((await admin.post(`/api/tests/${await newTest()}`, manualTest)).status).toBe(405);
  });
});

describe("GET /api/tests", () => {
  it("lists tests newest first, each with its questions in test order", async () => {
    const [q1, q2] = await addBankQuestions(2);
    const older = await newTest({ title: "Older" });
    const newer = await newTest({ title: "Newer", questions: [{ id: q2 }, { id: q1 }] });
    const { status, data } = await admin.get("/api/tests");
    expect(status).toBe(200);
    const ids = (data as { id: string }[]).map((test) => test.id);
    expect(ids.indexOf(newer)).toBeLessThan(ids.indexOf(older));
    const listed = data.find((test: { id: string }) => test.id === newer);
    expect(Object.keys(listed).sort()).toEqual(
      [
        "id",
        "title",
        "description",
        "gradeLevel",
        "subject",
        "placementDuration",
        "diagnosticDuration",
        "language",
        "questions",
        "createdAt",
        "updatedAt",
      ].sort(),
    );
    expect(listed.questions).toEqual([
      { id: q2, type: "free_response", difficulty: "medium", sectionId: null },
      { id: q1, type: "free_response", difficulty: "medium", sectionId: null },
    ]);
    const seeded = data.find((test: { title: string }) => test.title === "Grade 6 Math Check-in");
    expect(seeded.questions).toHaveLength(DEMO_QUESTIONS.length);
    expect(Number.isNaN(Date.parse(listed.createdAt))).toBe(false);
  });
});

describe("POST /api/tests", () => {
  it("creates a test as the manual form sends it: 201 with its config and the product's defaults", async () => {
    const { status, data } = await admin.post("/api/tests", manualTest);
    expect(status).toBe(201);
    const adminRow = await worker.d1.prepare("select id from users where email = ?").bind(demoAccounts.admin.email).first<{ id: string }>();
    expect(data).toMatchObject({
      title: "Fractions Quiz",
      showFeedback: true,
      aiModel: "gpt-5-2025-08-07",
      showResultDuringTest: true,
      showFeedbackDuringTest: true,
      showResultAfterTest: true,
      showFeedbackAfterTest: true,
      perQuestionTimerDefaults: {},
      createdBy: adminRow?.id,
      sections: [],
      questions: [],
      competencies: {},
      modules: {},
    });
    expect((await admin.get(`/api/tests/${data.id}`)).data).toEqual(data);
  });

  it("places the given bank questions in order, unassigned, with their time-limit overrides", async () => {
    const [q1, q2] = await addBankQuestions(2, 90);
    const { data } = await admin.post("/api/tests", { ...manualTest, questions: [{ id: q2, timeLimit: 30 }, { id: q1 }] });
    expect(data.questions.map((question: { id: string }) => question.id)).toEqual([q2, q1]);
    expect(data.questions[0]).toMatchObject({ sectionId: null, timeLimit: 30, questionTimeLimit: 90, effectiveTimeLimit: { seconds: 30, source: "question" } });
    expect(data.questions[1]).toMatchObject({ timeLimit: null, effectiveTimeLimit: { seconds: 90, source: "question" } });
  });

  it("stores a test's language (English unless given); its new questions take it unless they name their own (ADR 0044)", async () => {
    expect((await admin.post("/api/tests", manualTest)).data.language).toBe("en");
    const draft = { type: "free_response", difficulty: "easy", rubric: "menciona el orden", competency: "Fracciones" };
    const { status, data } = await admin.post("/api/tests", {
      ...manualTest,
      language: "es",
      questions: [
        { ...draft, text: "¿Qué fracción es mayor?" },
        { ...draft, text: "Which fraction is larger?", language: "en" },
      ],
    });
    expect(status).toBe(201);
    expect(data.language).toBe("es");
    expect(data.questions.map((question: { language: string }) => question.language)).toEqual(["es", "en"]);
    expect((await admin.get("/api/tests")).data.find((test: { id: string }) => test.id === data.id).language).toBe("es");
    // An edit that leaves the language out keeps it; one that names it changes it.
    const placements = data.questions.map((question: { id: string }) => ({ id: question.id }));
    expect((await admin.put(`/api/tests/${data.id}`, { ...manualTest, questions: placements })).data.language).toBe("es");
    expect((await admin.put(`/api/tests/${data.id}`, { ...manualTest, language: "en", questions: placements })).data.language).toBe("en");
  });

  it("refuses bad input with the product's messages and writes nothing", async () => {
    const [known] = await addBankQuestions(1);
    const before = await testTables();
    const cases: [unknown, string][] = [
      [{ ...manualTest, title: "  " }, "title: Title is required"],
      [{ ...manualTest, description: "" }, "description: Description is required"],
      [{ ...manualTest, gradeLevel: "" }, "gradeLevel: Grade level is required"],
      [{ ...manualTest, subject: "" }, "subject: Subject is required"],
      [{ ...manualTest, placementDuration: 4 }, "placementDuration: Placement duration must be at least 5 minutes"],
      [{ ...manualTest, placementDuration: 181 }, "placementDuration: Placement duration cannot exceed 180 minutes"],
      [{ ...manualTest, diagnosticDuration: 4 }, "diagnosticDuration: Diagnostic duration must be at least 5 minutes"],
      [{ ...manualTest, diagnosticDuration: 181 }, "diagnosticDuration: Diagnostic duration cannot exceed 180 minutes"],
      [{ ...manualTest, questions: [{ id: known }, { id: "no-such-question" }] }, "Unknown question: no-such-question"],
      [{ ...manualTest, questions: [{ id: known }, { id: known }] }, `A question can be in a test only once: ${known}`],
      [{ ...manualTest, questions: [{ id: known, timeLimit: -1 }] }, "questions.0.timeLimit: Question time limit cannot be negative"],
      [{ ...manualTest, language: "fr" }, "language: Language must be en or es"],
      ["{oops", "Request body must be valid JSON"],
    ];
    for (const [body, message] of cases) {
      const { status, data } = await admin.post("/api/tests", body);
      expect(status, message).toBe(400);
      expect(data).toEqual({ message });
    }
    expect(await testTables()).toBe(before);
  });

  it("words a rule's refusal in the caller's language: Spanish with Accept-Language: es (ADR 0045)", async () => {
    const [known] = await addBankQuestions(1);
    const inSpanish = apiClient(worker, (await clientFor(worker, demoAccounts.admin.email)).jar, { "Accept-Language": "es" });
    const cases: [unknown, string][] = [
      [{ ...manualTest, questions: [{ id: known }, { id: "no-such-question" }] }, "Pregunta desconocida: no-such-question"],
      [{ ...manualTest, questions: [{ id: known }, { id: known }] }, `Una pregunta puede estar en una prueba solo una vez: ${known}`],
      ["{oops", "El cuerpo de la solicitud debe ser JSON válido"],
    ];
    for (const [body, message] of cases) expect(await inSpanish.post("/api/tests", body)).toEqual({ status: 400, data: { message } });
  });
});

describe("GET /api/tests/{id}", () => {
  it("returns every column, sections and question entries with competencies and modules", async () => {
    const [plain, linked] = await addBankQuestions(2);
    const competencyRows = await worker.d1
      .prepare(
        "select c.id, c.description, m.id as moduleId, m.name as moduleName from competencies c join modules m on m.id = c.module_id order by c.description",
      )
      .all<{ id: string; description: string; moduleId: string; moduleName: string }>();
    const [first, second] = competencyRows.results;
    await admin.post(`/api/questions/${linked}/competencies`, { competencyId: first!.id, isPrimary: false });
    await admin.post(`/api/questions/${linked}/competencies`, { competencyId: second!.id, isPrimary: true });
    const id = await newTest();
    await admin.put(`/api/tests/${id}`, {
      ...manualTest,
      sections: [{ id: "only", title: "Only", timeLimit: 120 }],
      questions: [{ id: linked, sectionId: "only" }, { id: plain }],
    });

    const { status, data } = await admin.get(`/api/tests/${id}`);
    expect(status).toBe(200);
    const columns = ["id", "title", "description", "gradeLevel", "subject", "placementDuration", "diagnosticDuration", "showFeedback", "aiModel"];
    const flags = ["showResultDuringTest", "showFeedbackDuringTest", "showResultAfterTest", "showFeedbackAfterTest", "feedbackDisplay"];
    const rest = ["perQuestionTimerDefaults", "language", "createdBy", "createdAt", "updatedAt", "sections", "questions", "competencies", "modules"];
    expect(Object.keys(data).sort()).toEqual([...columns, ...flags, ...rest].sort());
    expect(data.sections).toEqual([{ id: "only", title: "Only", timeLimit: 120 }]);
    expect(data.questions[0]).toEqual({
      id: linked,
      text: "Bank question 1",
      type: "free_response",
      difficulty: "medium",
      competency: second!.id,
      competencies: [first!.id, second!.id],
      sectionId: "only",
      timeLimit: null,
      questionTimeLimit: null,
      effectiveTimeLimit: { seconds: 120, source: "section" },
      options: [],
      gradingSystemInstruction: null,
      systemInstruction: null,
      initialPrompt: null,
      rubric: null,
      metadata: {},
      language: "en",
    });
    expect(data.questions[1]).toMatchObject({ id: plain, competency: null, competencies: [], effectiveTimeLimit: { seconds: null, source: "none" } });
    expect(data.competencies).toEqual({ [first!.id]: first!.description, [second!.id]: second!.description });
    expect(data.modules).toEqual(Object.fromEntries([first!, second!].map((row) => [row.moduleId, row.moduleName])));
  });

  it("answers 404 for an unknown test on GET, PUT and DELETE", async () => {
    expect(await admin.get("/api/tests/nope")).toEqual({ status: 404, data: { message: "Test Not Found" } });
    expect((await admin.put("/api/tests/nope", { ...manualTest, sections: [], questions: [] })).status).toBe(404);
    expect((await admin.delete("/api/tests/nope")).status).toBe(404);
  });
});

describe("PUT /api/tests/{id}", () => {
  it("saves details, sections in order, placements in order, overrides and timer defaults, with time limits by priority", async () => {
    const [q1, q2, q3] = await addBankQuestions(3);
    const [own] = await addBankQuestions(1, 75);
    const id = await newTest();
    const update = {
      ...manualTest,
      title: "Fractions Quiz (revised)",
      aiModel: "gpt-4o-mini-2024-07-18",
      showFeedbackDuringTest: false,
      sections: [
        { id: "sec-b", title: "Main", timeLimit: null },
        { id: "sec-a", title: "Warm-up", timeLimit: 45 },
      ],
      questions: [
        { id: q1, sectionId: "sec-a", timeLimit: 30 },
        { id: q2, sectionId: "sec-a", timeLimit: null },
        { id: own, sectionId: "sec-a" },
        { id: q3, sectionId: "sec-b" },
      ],
      perQuestionTimerDefaults: { multiple_choice: 60, free_response: 300, chat: "" },
    };
    const { status, data } = await admin.put(`/api/tests/${id}`, update);
    expect(status).toBe(200);
    expect(data).toMatchObject({ title: "Fractions Quiz (revised)", aiModel: "gpt-4o-mini-2024-07-18", showFeedbackDuringTest: false });
    expect(data.sections.map((section: { id: string }) => section.id)).toEqual(["sec-b", "sec-a"]);
    expect(data.questions.map((question: { id: string }) => question.id)).toEqual([q1, q2, own, q3]);
    expect(data.questions.map((question: { effectiveTimeLimit: unknown }) => question.effectiveTimeLimit)).toEqual([
      { seconds: 30, source: "question" },
      { seconds: 45, source: "section" },
      { seconds: 75, source: "question" },
      { seconds: 300, source: "type" },
    ]);
    expect(data.perQuestionTimerDefaults).toEqual({ multiple_choice: 60, free_response: 300 });
    expect((await admin.get(`/api/tests/${id}`)).data).toEqual(data);
  });

  it("keeps answer feedback until Next question by default, saves the 3-second display and refuses any other (ADR 0042)", async () => {
    const id = await newTest();
    expect((await admin.get(`/api/tests/${id}`)).data.feedbackDisplay).toBe("until_next");
    const timed = await admin.put(`/api/tests/${id}`, { ...manualTest, feedbackDisplay: "timed" });
    expect(timed.data.feedbackDisplay).toBe("timed");
    expect((await admin.get(`/api/tests/${id}`)).data.feedbackDisplay).toBe("timed");
    expect((await admin.post("/api/tests", { ...manualTest, feedbackDisplay: "timed" })).data.feedbackDisplay).toBe("timed");

    const before = await testTables();
    const refused = await admin.put(`/api/tests/${id}`, { ...manualTest, feedbackDisplay: "3s" });
    expect(refused.status).toBe(400);
    expect(refused.data.message).toContain("Feedback display must be until_next or timed");
    expect((await admin.post("/api/tests", { ...manualTest, feedbackDisplay: 3 })).status).toBe(400);
    expect(await testTables()).toBe(before);
  });

  it("unassigns a deleted section's questions but keeps them in the test, and leaves other sections alone", async () => {
    const [q1, q2, q3] = await addBankQuestions(3);
    const id = await newTest();
    const sections = [
      { id: "part-1", title: "Part 1", timeLimit: 60 },
      { id: "part-2", title: "Part 2", timeLimit: null },
    ];
    await admin.put(`/api/tests/${id}`, {
      ...manualTest,
      sections,
      questions: [
        { id: q1, sectionId: "part-1" },
        { id: q2, sectionId: "part-1" },
        { id: q3, sectionId: "part-2" },
      ],
    });
    // The editor's "delete section" leaves the section out and clears its questions' sectionId.
    const { status, data } = await admin.put(`/api/tests/${id}`, {
      ...manualTest,
      sections: [sections[1]],
      questions: [{ id: q1 }, { id: q2, sectionId: null }, { id: q3, sectionId: "part-2" }],
    });
    expect(status).toBe(200);
    expect(data.sections).toEqual([sections[1]]);
    expect(data.questions.map((question: { id: string; sectionId: string | null }) => [question.id, question.sectionId])).toEqual([
      [q1, null],
      [q2, null],
      [q3, "part-2"],
    ]);
    expect(data.questions[0].effectiveTimeLimit).toEqual({ seconds: null, source: "none" });
    expect(await worker.d1.prepare("select count(*) as n from test_sections where id = 'part-1'").first("n")).toBe(0);
  });

  it("refuses an invalid update with a clear message and changes nothing", async () => {
    const [q1] = await addBankQuestions(1);
    const id = await newTest();
    await admin.put(`/api/tests/${id}`, { ...manualTest, sections: [{ id: "kept", title: "Kept" }], questions: [{ id: q1, sectionId: "kept" }] });
    const otherTest = await newTest();
    await admin.put(`/api/tests/${otherTest}`, { ...manualTest, sections: [{ id: "theirs", title: "Theirs" }] });
    const before = await testTables();
    const cases: [unknown, number, string][] = [
      [{ ...manualTest, title: "" }, 400, "title: Title is required"],
      [{ ...manualTest, placementDuration: 181 }, 400, "placementDuration: Placement duration cannot exceed 180 minutes"],
      [{ ...manualTest, sections: [{ id: "s", title: "S", timeLimit: -1 }] }, 400, "sections.0.timeLimit: Section time limit cannot be negative"],
      [{ ...manualTest, sections: [{ id: "s", title: " " }] }, 400, "sections.0.title: Section title is required"],
      [{ ...manualTest, questions: [{ id: q1, sectionId: "ghost" }] }, 400, "questions.0.sectionId: Unknown section"],
      [{ ...manualTest, questions: [{ id: q1 }, { id: "ghost-question" }] }, 400, "Unknown question: ghost-question"],
      [{ ...manualTest, perQuestionTimerDefaults: { essay: 30 } }, 400, "perQuestionTimerDefaults.essay"],
      [{ ...manualTest, sections: [{ id: "theirs", title: "Mine" }] }, 409, "Section id theirs belongs to another test"],
    ];
    for (const [body, status, message] of cases) {
      const response = await admin.put(`/api/tests/${id}`, body);
      expect(response.status, message).toBe(status);
      expect(response.data.message).toContain(message);
    }
    expect(await testTables()).toBe(before);
  });

  it("writes in one batch: when the database refuses part of a save, nothing of it is kept", async () => {
    const [q1, q2] = await addBankQuestions(2);
    const id = await newTest({ questions: [{ id: q1 }] });
    const before = await testTables();
    await worker.d1.exec(
      `create trigger refuse_placement before insert on test_questions when new.question_id = '${q2}' begin select raise(abort, 'refused'); end`,
    );
    try {
      const response = await admin.put(`/api/tests/${id}`, {
        ...manualTest,
        title: "Half saved?",
        sections: [{ id: "new", title: "New" }],
        questions: [{ id: q1 }, { id: q2 }],
      });
      expect(response.status).toBe(500);
    } finally {
      await worker.d1.exec("drop trigger refuse_placement");
    }
    expect(await testTables()).toBe(before);
    expect((await admin.get(`/api/tests/${id}`)).data.title).toBe("Fractions Quiz");
  });

  it("saves and reads back a large test (120 questions in 30 sections) within D1's parameter limits", async () => {
    const ids = await addBankQuestions(120);
    const sections = Array.from({ length: 30 }, (_, index) => ({ id: `big-${index}`, title: `Section ${index + 1}`, timeLimit: index }));
    const questions = ids.map((questionId, index) => ({ id: questionId, sectionId: `big-${index % 30}` }));
    const id = await newTest({ questions: ids.map((questionId) => ({ id: questionId })) });
    const { status, data } = await admin.put(`/api/tests/${id}`, { ...manualTest, sections, questions });
    expect(status).toBe(200);
    expect(data.sections.map((section: { id: string }) => section.id)).toEqual(sections.map((section) => section.id));
    expect(data.questions.map((question: { id: string; sectionId: string }) => [question.id, question.sectionId])).toEqual(
      questions.map((question) => [question.id, question.sectionId]),
    );
    expect((await admin.get("/api/tests")).data.find((test: { id: string }) => test.id === id).questions).toHaveLength(120);
  });
});

describe("DELETE /api/tests/{id}", () => {
  it("deletes a test with its sections and placements but keeps the bank questions", async () => {
    const [q1] = await addBankQuestions(1);
    const id = await newTest({ questions: [{ id: q1 }] });
    await admin.put(`/api/tests/${id}`, { ...manualTest, sections: [{ id: "gone", title: "Gone" }], questions: [{ id: q1, sectionId: "gone" }] });
    const questionsBefore = await count(worker, "questions");
    const { status, data } = await admin.delete(`/api/tests/${id}`);
    expect(status).toBe(200);
    expect(data).toEqual({ deleted: true });
    expect((await admin.get(`/api/tests/${id}`)).status).toBe(404);
    expect((await admin.delete(`/api/tests/${id}`)).status).toBe(404);
    expect(await count(worker, "questions")).toBe(questionsBefore);
    expect(await worker.d1.prepare("select count(*) as n from test_questions where test_id = ?").bind(id).first("n")).toBe(0);
    expect((await admin.get(`/api/questions/${q1}`)).data.tests).toEqual([]);
  });
});
