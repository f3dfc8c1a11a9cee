import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { apiClient, count } from "../support/api";
import { demoAccounts, startWorker, type TestWorker } from "../support/worker";

let worker: TestWorker;
let admin: ReturnType<typeof apiClient>;
let student: ReturnType<typeof apiClient>;
let anonymous: ReturnType<typeof apiClient>;
let competencyIds: string[];

beforeAll(async () => {
  worker = await startWorker();
  admin = apiClient(worker, await worker.signIn(demoAccounts.admin.email, demoAccounts.admin.password));
  student = apiClient(worker, await worker.signIn(demoAccounts.student.email, demoAccounts.student.password));
  anonymous = apiClient(worker);
  const rows = await worker.d1.prepare("select id from competencies order by description").all<{ id: string }>();
  competencyIds = rows.results.map((row) => row.id);
});
afterAll(() => worker?.dispose());

const choice = {
  text: "<p>Which number is <strong>prime</strong>?</p>",
  type: "multiple_choice",
  difficulty: "easy",
  options: [
    { text: "4", isCorrect: false, score: 0 },
    { text: "7", isCorrect: true, score: 1 },
  ],
};
const openQuestion = { text: "Explain why 7 is prime.", type: "free_response", difficulty: "hard", rubric: { full: "mentions divisors" } };

describe("/api/questions", () => {
  it("creates, reads, updates and deletes a bank question", async () => {
    const created = await admin.post("/api/questions", choice);
    expect(created.status).toBe(201);
    expect(created.data).toMatchObject({ type: "multiple_choice", difficulty: "easy", competencies: [], tests: [] });
    const id = created.data.id;
    expect((await admin.get(`/api/questions/${id}`)).data.text).toBe(choice.text);

    const updated = await admin.put(`/api/questions/${id}`, { ...choice, difficulty: "hard" });
    expect(updated.data.difficulty).toBe("hard");

    const deleted = await admin.delete(`/api/questions/${id}`);
    expect(deleted.data).toEqual({ deleted: true, removedFromTests: [] });
    expect((await admin.get(`/api/questions/${id}`)).status).toBe(404);
  });

  it("stores a rubric as text or JSON and filters the list by search, type and difficulty", async () => {
    const created = await admin.post("/api/questions", openQuestion);
    expect(created.data.rubric).toEqual({ full: "mentions divisors" });
    const hard = (await admin.get("/api/questions?type=free_response&difficulty=hard")).data as { id: string }[];
    expect(hard.map((question) => question.id)).toContain(created.data.id);
    const searched = (await admin.get("/api/questions?search=WHY%207")).data as { id: string }[];
    expect(searched.map((question) => question.id)).toEqual([created.data.id]);
    expect((await admin.get("/api/questions?type=essay")).status).toBe(400);
  });

  it("sanitizes hostile question HTML before storing it", async () => {
    const hostile = {
      ...openQuestion,
      text: '<p onclick="steal()">Hi<script>alert(1)</script><img src=x onerror=alert(1)><a href="javascript:alert(1)">link</a></p>',
    };
    const { data } = await admin.post("/api/questions", hostile);
    const stored = await worker.d1.prepare("select text from questions where id = ?").bind(data.id).first<{ text: string }>();
    expect(stored?.text).toBe("<p>Hilink</p>");
  });

  it("refuses bad input with a clear message and writes nothing", async () => {
    const before = await count(worker, "questions");
    const cases: [unknown, string][] = [
      [{ ...choice, text: " " }, "Question text is required"],
      [{ ...choice, type: "essay" }, "Type must be one of"],
      [{ ...choice, difficulty: "extreme" }, "Difficulty must be easy, medium or hard"],
      [{ ...choice, options: [{ text: "4" }, { text: "7" }] }, "Mark at least one option as correct"],
      [{ ...choice, options: choice.options.map((option) => ({ ...option, isCorrect: true })) }, "exactly one correct option"],
      [{ ...choice, options: [choice.options[1]] }, "Add at least two options"],
      [{ ...openQuestion, timeLimit: -5 }, "Time limit cannot be negative"],
      [{ ...openQuestion, rubric: 42 }, "rubric"],
    ];
    for (const [body, message] of cases) {
      const response = await admin.post("/api/questions", body);
      expect(response.status, message).toBe(400);
      expect(response.data.message).toContain(message);
    }
    expect(await count(worker, "questions")).toBe(before);
  });

  it("answers 401, 403 and 404 as it should", async () => {
    expect((await anonymous.get("/api/questions")).status).toBe(401);
    expect((await student.post("/api/questions", choice)).status).toBe(403);
    expect((await student.delete("/api/questions/whatever")).status).toBe(403);
    expect((await admin.put("/api/questions/nope", choice)).status).toBe(404);
    expect((await admin.delete("/api/questions/nope")).status).toBe(404);
  });

  it("shows an edit in every test that uses the question, and a delete removes it from them and says so", async () => {
    const question = (await admin.post("/api/questions", openQuestion)).data;
    const test = (
      await admin.post("/api/tests", {
        title: "Uses it",
        description: "d",
        gradeLevel: "6",
        subject: "Math",
        questions: [{ id: question.id }],
      })
    ).data;
    await admin.put(`/api/questions/${question.id}`, { ...openQuestion, text: "Explain, in your own words, why 7 is prime." });
    const detail = (await admin.get(`/api/tests/${test.id}`)).data;
    expect(detail.questions[0].text).toBe("Explain, in your own words, why 7 is prime.");

    const deleted = await admin.delete(`/api/questions/${question.id}`);
    expect(deleted.data.removedFromTests).toEqual([{ id: test.id, title: "Uses it" }]);
    expect((await admin.get(`/api/tests/${test.id}`)).data.questions).toEqual([]);
  });
});

describe("question-competency links", () => {
  it("links competencies, keeps one primary, patches and unlinks", async () => {
    const question = (await admin.post("/api/questions", openQuestion)).data;
    const [first, second] = competencyIds;
    const base = `/api/questions/${question.id}/competencies`;

    const linked = await admin.post(base, { competencyId: first, isPrimary: true });
    expect(linked.status).toBe(201);
    expect((await admin.post(base, { competencyId: first, isPrimary: true })).status).toBe(200);
    await admin.post(base, { competencyId: second, isPrimary: true });
    const links = (await admin.get(base)).data as { competencyId: string; isPrimary: boolean }[];
    expect(links.filter((link) => link.isPrimary).map((link) => link.competencyId)).toEqual([second]);

    const patched = await admin.patch(`${base}/${first}`, { isPrimary: true });
    expect(patched.data).toMatchObject({ competencyId: first, isPrimary: true });
    const all = (await admin.get("/api/questions/competencies/all")).data as { questionId: string; competencyId: string; isPrimary: boolean }[];
    expect(all.filter((row) => row.questionId === question.id && row.isPrimary).map((row) => row.competencyId)).toEqual([first]);

    expect((await admin.delete(`${base}/${second}`)).data).toEqual({ deleted: true });
    expect(((await admin.get(base)).data as unknown[]).length).toBe(1);
  });

  it("validates links and answers 404 for unknown questions, competencies and links", async () => {
    const question = (await admin.post("/api/questions", openQuestion)).data;
    const base = `/api/questions/${question.id}/competencies`;
    expect((await admin.post(base, {})).status).toBe(400);
    expect((await admin.patch(`${base}/${competencyIds[0]}`, { isPrimary: "yes" })).status).toBe(400);
    expect((await admin.post(base, { competencyId: "ghost" })).status).toBe(404);
    expect((await admin.post("/api/questions/ghost/competencies", { competencyId: competencyIds[0] })).status).toBe(404);
    expect((await admin.get("/api/questions/ghost/competencies")).status).toBe(404);
    expect((await admin.patch(`${base}/${competencyIds[0]}`, { isPrimary: true })).status).toBe(404);
    expect((await admin.delete(`${base}/${competencyIds[0]}`)).status).toBe(404);
    expect((await student.get(base)).status).toBe(403);
    expect((await anonymous.get("/api/questions/competencies/all")).status).toBe(401);
  });
});
