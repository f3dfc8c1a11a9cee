import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { type ApiClient, count, demoClients } from "../support/api";
import { startWorker, type TestWorker } from "../support/worker";

let worker: TestWorker;
let admin: ApiClient;
let student: ApiClient;
let anonymous: ApiClient;

beforeAll(async () => {
  worker = await startWorker();
  ({ admin, student, anonymous } = await demoClients(worker));
});
afterAll(() => worker?.dispose());

/** Question links, curriculum memberships and prerequisites (either side) of a competency. */
const linksOf = async (id: string) =>
  (
    await worker.d1
      .prepare(
        "select (select count(*) from question_competencies where competency_id = ?1) + (select count(*) from curriculum_competencies where competency_id = ?1) + (select count(*) from prerequisites where competency_id = ?1 or prerequisite_id = ?1) as n",
      )
      .bind(id)
      .first<{ n: number }>()
  )?.n;

const competency = async (description: string, extra: Record<string, unknown> = {}) =>
  (await admin.post("/api/competencies", { description, ...extra })).data as { id: string };

describe("competencies and modules", () => {
  it("creates a module and a competency in it, lists them, and updates the competency", async () => {
    const module = await admin.post("/api/modules", { name: "Geometry" });
    expect(module.status).toBe(201);
    expect((await admin.post("/api/modules", { name: "geometry" })).status).toBe(409);

    const created = await admin.post("/api/competencies", { description: "Measures angles", moduleId: module.data.id, gradeLevel: "7" });
    expect(created.status).toBe(201);
    expect(created.data).toMatchObject({ description: "Measures angles", name: "Measures angles", moduleName: "Geometry", subject: null, questionCount: 0 });

    const updated = await admin.put(`/api/competencies/${created.data.id}`, { description: "Measures and draws angles", moduleId: null });
    expect(updated.data).toMatchObject({ description: "Measures and draws angles", moduleId: null });
    const list = (await admin.get("/api/competencies")).data as { id: string }[];
    expect(list.map((row) => row.id)).toContain(created.data.id);
    expect(((await admin.get("/api/modules")).data as { name: string }[]).map((row) => row.name)).toContain("Geometry");
  });

  it("refuses bad input with 'Description is required' and unknown modules, writing nothing", async () => {
    const before = await count(worker, "competencies");
    const blank = await admin.post("/api/competencies", { description: "  " });
    expect(blank.status).toBe(400);
    expect(blank.data.message).toContain("Description is required");
    expect((await admin.post("/api/competencies", { description: "X", moduleId: "ghost" })).data.message).toBe("Unknown module");
    expect((await admin.post("/api/modules", { name: "" })).data.message).toContain("Name is required");
    expect(await count(worker, "competencies")).toBe(before);
  });

  it("deletes a competency with its links but never its questions, and reports how many it unlinked", async () => {
    const linked = (await admin.get("/api/competencies")).data.find((row: { questionCount: number }) => row.questionCount > 0);
    const questionsBefore = await count(worker, "questions");
    // Give it every kind of link first, so the cascade has something to remove.
    const other = await competency("Depends on the deleted one");
    await admin.post(`/api/competencies/${other.id}/prerequisites`, { prerequisiteId: linked.id });
    const holder = (await admin.post("/api/curriculums", { name: "Holds the deleted one" })).data as { id: string };
    await admin.post(`/api/curriculums/${holder.id}/competencies`, { competencyId: linked.id });
    expect(await linksOf(linked.id)).toBeGreaterThanOrEqual(linked.questionCount + 2);

    const { data } = await admin.delete(`/api/competencies/${linked.id}`);
    expect(data).toEqual({ deleted: true, unlinkedQuestions: linked.questionCount });
    expect(await count(worker, "questions")).toBe(questionsBefore);
    expect(await linksOf(linked.id)).toBe(0);
    expect((await admin.get(`/api/curriculums/${holder.id}/competencies`)).data).toEqual([]);
  });

  it("answers 401, 403, 404 and 405", async () => {
    expect((await anonymous.get("/api/competencies")).status).toBe(401);
    expect((await student.post("/api/competencies", { description: "x" })).status).toBe(403);
    expect((await student.get("/api/modules")).status).toBe(403);
    expect((await admin.put("/api/competencies/ghost", { description: "x" })).status).toBe(404);
    expect((await admin.delete("/api/competencies/ghost")).status).toBe(404);
    expect((await admin.get("/api/competencies/ghost")).status).toBe(405);
  });
});

describe("prerequisites", () => {
  it("adds and removes a prerequisite, listed in bulk with both descriptions", async () => {
    const counting = await competency("Counts to 100");
    const adding = await competency("Adds two-digit numbers");
    const added = await admin.post(`/api/competencies/${adding.id}/prerequisites`, { prerequisiteId: counting.id });
    expect(added.status).toBe(201);
    const bulk = (await admin.get("/api/prerequisites/bulk")).data as { id: string; competencyDescription: string; prerequisiteDescription: string }[];
    expect(bulk.find((row) => row.id === added.data.id)).toMatchObject({
      competencyDescription: "Adds two-digit numbers",
      prerequisiteDescription: "Counts to 100",
    });
    expect((await admin.delete(`/api/prerequisites/${added.data.id}`)).data).toEqual({ deleted: true });
    expect((await admin.delete(`/api/prerequisites/${added.data.id}`)).status).toBe(404);
  });

  it("refuses a competency as its own prerequisite, a duplicate and a cycle, with clear messages", async () => {
    const a = await competency("A: reads words");
    const b = await competency("B: reads sentences");
    const c = await competency("C: reads paragraphs");
    const self = await admin.post(`/api/competencies/${a.id}/prerequisites`, { prerequisiteId: a.id });
    expect(self.status).toBe(400);
    expect(self.data.message).toBe("A competency cannot be its own prerequisite.");

    await admin.post(`/api/competencies/${b.id}/prerequisites`, { prerequisiteId: a.id });
    await admin.post(`/api/competencies/${c.id}/prerequisites`, { prerequisiteId: b.id });
    const duplicate = await admin.post(`/api/competencies/${b.id}/prerequisites`, { prerequisiteId: a.id });
    expect(duplicate.status).toBe(409);
    expect(duplicate.data.message).toBe("This prerequisite already exists.");

    const before = await count(worker, "prerequisites");
    const cycle = await admin.post(`/api/competencies/${a.id}/prerequisites`, { prerequisiteId: c.id });
    expect(cycle.status).toBe(409);
    expect(cycle.data.message).toContain("cycle");
    expect(await count(worker, "prerequisites")).toBe(before);
  });

  it("validates the body and answers 404 for unknown competencies", async () => {
    const a = await competency("Lonely");
    const missing = await admin.post(`/api/competencies/${a.id}/prerequisites`, {});
    expect(missing.status).toBe(400);
    expect(missing.data.message).toContain("Please select both a competency and its prerequisite.");
    expect((await admin.post(`/api/competencies/${a.id}/prerequisites`, { prerequisiteId: "ghost" })).status).toBe(404);
    expect((await admin.post(`/api/competencies/ghost/prerequisites`, { prerequisiteId: a.id })).status).toBe(404);
    expect((await student.get("/api/prerequisites/bulk")).status).toBe(403);
    expect((await anonymous.delete("/api/prerequisites/x")).status).toBe(401);
  });
});

describe("curriculums", () => {
  it("creates, updates and deletes a curriculum and manages its competencies idempotently", async () => {
    const created = await admin.post("/api/curriculums", { name: "Reading Foundations", gradeLevel: "2" });
    expect(created.status).toBe(201);
    expect(created.data).toMatchObject({ name: "Reading Foundations", description: null, competencyIds: [] });
    const id = created.data.id;
    expect((await admin.put(`/api/curriculums/${id}`, { name: "Reading Basics", subject: "English" })).data).toMatchObject({
      name: "Reading Basics",
      subject: "English",
    });

    const member = await competency("Knows the alphabet");
    expect((await admin.post(`/api/curriculums/${id}/competencies`, { competencyId: member.id })).status).toBe(201);
    expect((await admin.post(`/api/curriculums/${id}/competencies`, { competencyId: member.id })).status).toBe(200);
    expect((await admin.get(`/api/curriculums/${id}/competencies`)).data).toEqual([{ competencyId: member.id, description: "Knows the alphabet" }]);
    expect((await admin.delete(`/api/curriculums/${id}/competencies/${member.id}`)).data).toEqual({ deleted: true });
    expect((await admin.delete(`/api/curriculums/${id}/competencies/${member.id}`)).status).toBe(404);

    expect((await admin.delete(`/api/curriculums/${id}`)).data).toEqual({ deleted: true });
    expect((await admin.get(`/api/curriculums/${id}/competencies`)).status).toBe(404);
  });

  it("refuses a blank name and unknown ids, and enforces the role", async () => {
    const blank = await admin.post("/api/curriculums", { name: " " });
    expect(blank.status).toBe(400);
    expect(blank.data.message).toContain("Name is required");
    const real = (await admin.post("/api/curriculums", { name: "Real" })).data;
    expect((await admin.post(`/api/curriculums/${real.id}/competencies`, { competencyId: "ghost" })).status).toBe(404);
    expect((await admin.post(`/api/curriculums/${real.id}/competencies`, {})).status).toBe(400);
    expect((await admin.put("/api/curriculums/ghost", { name: "x" })).status).toBe(404);
    expect((await admin.delete("/api/curriculums/ghost")).status).toBe(404);
    expect((await student.get("/api/curriculums")).status).toBe(403);
    expect((await anonymous.post("/api/curriculums", { name: "x" })).status).toBe(401);
  });
});

describe("every route", () => {
  type Call = [method: "get" | "post" | "put" | "delete", path: string, body?: unknown];
  const routes = (ids: { competency: string; curriculum: string; prerequisite: string }): Call[] => [
    ["get", "/api/competencies"],
    ["post", "/api/competencies", { description: "Signed-out attempt" }],
    ["put", `/api/competencies/${ids.competency}`, { description: "Renamed" }],
    ["delete", `/api/competencies/${ids.competency}`],
    ["get", "/api/modules"],
    ["post", "/api/modules", { name: "Forbidden module" }],
    ["post", `/api/competencies/${ids.competency}/prerequisites`, { prerequisiteId: ids.competency }],
    ["get", "/api/prerequisites/bulk"],
    ["delete", `/api/prerequisites/${ids.prerequisite}`],
    ["get", "/api/curriculums"],
    ["post", "/api/curriculums", { name: "Forbidden curriculum" }],
    ["put", `/api/curriculums/${ids.curriculum}`, { name: "Renamed" }],
    ["delete", `/api/curriculums/${ids.curriculum}`],
    ["get", `/api/curriculums/${ids.curriculum}/competencies`],
    ["post", `/api/curriculums/${ids.curriculum}/competencies`, { competencyId: ids.competency }],
    ["delete", `/api/curriculums/${ids.curriculum}/competencies/${ids.competency}`],
  ];
  const tables = ["competencies", "modules", "prerequisites", "curriculums", "curriculum_competencies"];
  const snapshot = async () => Promise.all(tables.map((table) => count(worker, table)));

  it("answers 401 signed out and 403 to a student on each, changing nothing", async () => {
    const a = await competency("Access: first");
    const b = await competency("Access: second");
    const prerequisite = (await admin.post(`/api/competencies/${a.id}/prerequisites`, { prerequisiteId: b.id })).data as { id: string };
    const curriculum = (await admin.post("/api/curriculums", { name: "Access curriculum" })).data as { id: string };
    await admin.post(`/api/curriculums/${curriculum.id}/competencies`, { competencyId: a.id });
    const before = await snapshot();
    for (const [method, path, body] of routes({ competency: a.id, curriculum: curriculum.id, prerequisite: prerequisite.id })) {
      const call = (client: typeof admin) => (method === "get" || method === "delete" ? client[method](path) : client[method](path, body));
      expect({ path, method, status: (await call(anonymous)).status }).toEqual({ path, method, status: 401 });
      expect({ path, method, status: (await call(student)).status }).toEqual({ path, method, status: 403 });
    }
    expect(await snapshot()).toEqual(before);
  });

  it("answers 404 with a message for unknown ids", async () => {
    const real = await competency("Known competency");
    const curriculum = (await admin.post("/api/curriculums", { name: "Known curriculum" })).data as { id: string };
    const unknown: Call[] = [
      ["put", "/api/competencies/ghost", { description: "x" }],
      ["delete", "/api/competencies/ghost"],
      ["post", "/api/competencies/ghost/prerequisites", { prerequisiteId: real.id }],
      ["post", `/api/competencies/${real.id}/prerequisites`, { prerequisiteId: "ghost" }],
      ["delete", "/api/prerequisites/ghost"],
      ["put", "/api/curriculums/ghost", { name: "x" }],
      ["delete", "/api/curriculums/ghost"],
      ["get", "/api/curriculums/ghost/competencies"],
      ["post", "/api/curriculums/ghost/competencies", { competencyId: real.id }],
      ["post", `/api/curriculums/${curriculum.id}/competencies`, { competencyId: "ghost" }],
      ["delete", `/api/curriculums/ghost/competencies/${real.id}`],
      ["delete", `/api/curriculums/${curriculum.id}/competencies/ghost`],
    ];
    const before = await snapshot();
    for (const [method, path, body] of unknown) {
      const response = method === "get" || method === "delete" ? await admin[method](path) : await admin[method](path, body);
      expect({ path, method, status: response.status }).toEqual({ path, method, status: 404 });
      expect(typeof response.data.message).toBe("string");
    }
    expect(await snapshot()).toEqual(before);
  });

  it("refuses bad bodies with 400 and changes nothing, updates included", async () => {
    const existing = await competency("Keeps its description");
    const curriculum = (await admin.post("/api/curriculums", { name: "Keeps its name" })).data as { id: string };
    const bad: Call[] = [
      ["post", "/api/competencies", {}],
      ["post", "/api/competencies", "{not json"],
      ["put", `/api/competencies/${existing.id}`, { description: "" }],
      ["put", `/api/competencies/${existing.id}`, { description: "Moved", moduleId: "ghost" }],
      ["post", "/api/modules", { name: "   " }],
      ["post", `/api/competencies/${existing.id}/prerequisites`, { prerequisiteId: 7 }],
      ["post", "/api/curriculums", { description: "no name" }],
      ["put", `/api/curriculums/${curriculum.id}`, { name: "" }],
      ["post", `/api/curriculums/${curriculum.id}/competencies`, { competencyId: "" }],
    ];
    const before = await snapshot();
    for (const [method, path, body] of bad) {
      const response = await admin[method as "post" | "put"](path, body);
      expect({ path, body, status: response.status }).toEqual({ path, body, status: 400 });
      expect(typeof response.data.message).toBe("string");
    }
    expect(await snapshot()).toEqual(before);
    const competencies = (await admin.get("/api/competencies")).data as { id: string; description: string; moduleId: string | null }[];
    expect(competencies.find((row) => row.id === existing.id)).toMatchObject({ description: "Keeps its description", moduleId: null });
    const curriculums = (await admin.get("/api/curriculums")).data as { id: string; name: string }[];
    expect(curriculums.find((row) => row.id === curriculum.id)?.name).toBe("Keeps its name");
  });

  it("answers other methods with a JSON 405", async () => {
    const wrong: Call[] = [
      ["delete", "/api/competencies"],
      ["get", "/api/competencies/ghost"],
      ["put", "/api/modules", { name: "x" }],
      ["post", "/api/prerequisites/bulk", {}],
      ["get", "/api/prerequisites/ghost"],
      ["delete", "/api/curriculums"],
      ["get", "/api/curriculums/ghost"],
      ["get", "/api/competencies/ghost/prerequisites"],
    ];
    for (const [method, path, body] of wrong) {
      const response = method === "get" || method === "delete" ? await admin[method](path) : await admin[method](path, body);
      expect({ path, method, status: response.status }).toEqual({ path, method, status: 405 });
      expect(response.data.message).toContain("Method not allowed");
    }
  });
});
