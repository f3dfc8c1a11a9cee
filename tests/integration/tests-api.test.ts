import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { apiClient, count } from "../support/api";
import { demoAccounts, startWorker, type TestWorker } from "../support/worker";

let worker: TestWorker;
let admin: ReturnType<typeof apiClient>;
let student: ReturnType<typeof apiClient>;
let anonymous: ReturnType<typeof apiClient>;

beforeAll(async () => {
  worker = await startWorker();
  admin = apiClient(worker, await worker.signIn(demoAccounts.admin.email, demoAccounts.admin.password));
  student = apiClient(worker, await worker.signIn(demoAccounts.student.email, demoAccounts.student.password));
  anonymous = apiClient(worker);
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

async function bankQuestionIds(): Promise<string[]> {
  const { data } = await admin.get("/api/questions");
  return (data as { id: string }[]).map((question) => question.id);
}

describe("/api/tests", () => {
  it("lists tests with their questions, and refuses signed-out (401) and student (403) callers", async () => {
    const { status, data } = await admin.get("/api/tests");
    expect(status).toBe(200);
    expect(data[0]).toMatchObject({ title: "Grade 6 Math Check-in", placementDuration: 15, diagnosticDuration: 25 });
    expect(data[0].questions).toHaveLength(4);
    expect((await anonymous.get("/api/tests")).status).toBe(401);
    expect((await student.get("/api/tests")).status).toBe(403);
    expect((await student.post("/api/tests", manualTest)).status).toBe(403);
  });

  it("creates a test as the manual form sends it (201, defaults for the feedback flags and model)", async () => {
    const { status, data } = await admin.post("/api/tests", manualTest);
    expect(status).toBe(201);
    expect(data).toMatchObject({
      title: "Fractions Quiz",
      showFeedback: true,
      aiModel: "gpt-5-2025-08-07",
      showResultDuringTest: true,
      showFeedbackAfterTest: true,
      sections: [],
      questions: [],
    });
    expect((await admin.get(`/api/tests/${data.id}`)).data.title).toBe("Fractions Quiz");
  });

  it("refuses bad input with SPEC.md's messages and writes nothing", async () => {
    const before = await count(worker, "tests");
    const cases: [Record<string, unknown>, string][] = [
      [{ ...manualTest, title: "  " }, "Title is required"],
      [{ ...manualTest, description: "" }, "Description is required"],
      [{ ...manualTest, gradeLevel: "" }, "Grade level is required"],
      [{ ...manualTest, subject: "" }, "Subject is required"],
      [{ ...manualTest, placementDuration: 4 }, "Placement duration must be at least 5 minutes"],
      [{ ...manualTest, placementDuration: 181 }, "Placement duration cannot exceed 180 minutes"],
      [{ ...manualTest, diagnosticDuration: 4 }, "Diagnostic duration must be at least 5 minutes"],
      [{ ...manualTest, diagnosticDuration: 181 }, "Diagnostic duration cannot exceed 180 minutes"],
      [{ ...manualTest, questions: [{ id: "no-such-question" }] }, "Unknown question: no-such-question"],
    ];
    for (const [body, message] of cases) {
      const { status, data } = await admin.post("/api/tests", body);
      expect(status, message).toBe(400);
      expect(data.message).toContain(message);
    }
    expect((await admin.post("/api/tests", "{oops")).status).toBe(400);
    expect(await count(worker, "tests")).toBe(before);
  });

  it("answers 404 for an unknown test on GET, PUT and DELETE", async () => {
    expect((await admin.get("/api/tests/nope")).status).toBe(404);
    expect((await admin.put("/api/tests/nope", { ...manualTest, sections: [], questions: [] })).status).toBe(404);
    expect((await admin.delete("/api/tests/nope")).status).toBe(404);
  });

  it("saves sections, placements, overrides and timer defaults, with effective time limits by priority", async () => {
    const [q1, q2, q3] = await bankQuestionIds();
    const created = (await admin.post("/api/tests", manualTest)).data;
    const update = {
      ...manualTest,
      aiModel: "gpt-4o-mini-2024-07-18",
      sections: [
        { id: "sec-a", title: "Warm-up", timeLimit: 45 },
        { id: "sec-b", title: "Main", timeLimit: null },
      ],
      questions: [
        { id: q1, sectionId: "sec-a", timeLimit: 30 },
        { id: q2, sectionId: "sec-a", timeLimit: null },
        { id: q3, sectionId: null, timeLimit: null },
      ],
      perQuestionTimerDefaults: { multiple_choice: 60, multiple_select: 90, free_response: 300, scenario: 400, chat: 500 },
    };
    const { status, data } = await admin.put(`/api/tests/${created.id}`, update);
    expect(status).toBe(200);
    expect(data.sections.map((section: { title: string }) => section.title)).toEqual(["Warm-up", "Main"]);
    expect(data.questions.map((question: { id: string }) => question.id)).toEqual([q1, q2, q3]);
    expect(data.questions[0].effectiveTimeLimit).toEqual({ seconds: 30, source: "question" });
    expect(data.questions[1].effectiveTimeLimit).toEqual({ seconds: 45, source: "section" });
    expect(data.questions[2].effectiveTimeLimit.source).toBe("type");
    expect(data.aiModel).toBe("gpt-4o-mini-2024-07-18");
    expect(data.perQuestionTimerDefaults.chat).toBe(500);
  });

  it("leaves a deleted section's questions in the test, unassigned", async () => {
    const [q1, q2] = await bankQuestionIds();
    const created = (await admin.post("/api/tests", manualTest)).data;
    const withSection = {
      ...manualTest,
      sections: [{ id: "sec-x", title: "Part 1", timeLimit: null }],
      questions: [
        { id: q1, sectionId: "sec-x" },
        { id: q2, sectionId: "sec-x" },
      ],
    };
    await admin.put(`/api/tests/${created.id}`, withSection);
    const { data } = await admin.put(`/api/tests/${created.id}`, { ...withSection, sections: [], questions: [{ id: q1 }, { id: q2 }] });
    expect(data.sections).toEqual([]);
    expect(data.questions.map((question: { sectionId: string | null }) => question.sectionId)).toEqual([null, null]);
  });

  it("refuses an invalid update (negative section time limit, question in an unknown section) and changes nothing", async () => {
    const [q1] = await bankQuestionIds();
    const created = (await admin.post("/api/tests", manualTest)).data;
    const negative = await admin.put(`/api/tests/${created.id}`, { ...manualTest, sections: [{ id: "s", title: "S", timeLimit: -1 }] });
    expect(negative.status).toBe(400);
    expect(negative.data.message).toContain("Section time limit cannot be negative");
    const untitled = await admin.put(`/api/tests/${created.id}`, { ...manualTest, sections: [{ id: "s", title: " " }] });
    expect(untitled.data.message).toContain("Section title is required");
    const orphan = await admin.put(`/api/tests/${created.id}`, { ...manualTest, questions: [{ id: q1, sectionId: "ghost" }] });
    expect(orphan.status).toBe(400);
    expect(orphan.data.message).toContain("Unknown section");
    expect((await admin.get(`/api/tests/${created.id}`)).data.questions).toEqual([]);
  });

  it("deletes a test with its sections and placements but keeps the bank questions", async () => {
    const questionsBefore = await count(worker, "questions");
    const created = (await admin.post("/api/tests", { ...manualTest, questions: [{ id: (await bankQuestionIds())[0] }] })).data;
    const { status, data } = await admin.delete(`/api/tests/${created.id}`);
    expect(status).toBe(200);
    expect(data).toEqual({ deleted: true });
    expect((await admin.get(`/api/tests/${created.id}`)).status).toBe(404);
    expect(await count(worker, "questions")).toBe(questionsBefore);
  });
});
