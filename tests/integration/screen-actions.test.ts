import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { count } from "../support/api";
import type { CookieJar } from "../support/cookie-jar";
import { demoAccounts, startWorker, type TestWorker } from "../support/worker";

/**
 * The screen-action contract (docs/decisions/0006-action-contract.md) through the real Worker:
 * form posts and JSON reach the same schema, every refusal is one ActionResult with the right
 * status, updates never turn into creates, writes that belong together land together, and no
 * error's own text reaches the page.
 */
let worker: TestWorker;
let admin: CookieJar;

beforeAll(async () => {
  worker = await startWorker();
  admin = await worker.signIn(demoAccounts.admin.email, demoAccounts.admin.password);
});
afterAll(() => worker?.dispose());

/** A fetcher's call: `?_data=` asks Remix for the action's JSON. */
async function postJson(path: string, routeId: string, body: unknown, headers: Record<string, string> = {}) {
  const response = await worker.request(`${path}?_data=${encodeURIComponent(routeId)}`, {
    method: "POST",
    jar: admin,
    headers: { "Content-Type": "application/json", ...headers },
    body: typeof body === "string" ? body : JSON.stringify(body),
  });
  return { status: response.status, result: (await response.json()) as Record<string, unknown> & { toast: { title: string; description?: string } } };
}

/** A browser without JavaScript: a plain form post answered with the whole page. */
async function postForm(path: string, fields: Record<string, string>) {
  const response = await worker.request(path, {
    method: "POST",
    jar: admin,
    headers: { "Content-Type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams(fields),
  });
  return { status: response.status, location: response.headers.get("Location"), html: await response.text() };
}

const COMPETENCIES = ["/admin/competencies", "routes/admin.competencies"] as const;
const CURRICULUMS = ["/admin/curriculums", "routes/admin.curriculums"] as const;
const PREREQUISITES = ["/admin/prerequisites", "routes/admin.prerequisites"] as const;
const QUESTION_BANK = ["/admin/question-bank", "routes/admin.question-bank"] as const;

describe("reading a submission", () => {
  it("answers 400 to a null body, a body that is neither a form nor JSON, a missing intent and an unknown one", async () => {
    const before = await count(worker, "competencies");
    for (const body of ["null", "[]", '"create"', "{}", JSON.stringify({ intent: "explode" }), JSON.stringify({ values: { description: "x" } })]) {
      const { status, result } = await postJson(...COMPETENCIES, body);
      expect({ body, status }).toEqual({ body, status: 400 });
      expect(result).toMatchObject({ ok: false, intent: null, toast: { title: "Error", description: "Unknown action." } });
    }
    const notJson = await postJson(...COMPETENCIES, "{not json");
    expect(notJson.status).toBe(400);
    const plain = await worker.request(`/admin/competencies?_data=routes%2Fadmin.competencies`, {
      method: "POST",
      jar: admin,
      headers: { "Content-Type": "text/plain" },
      body: "intent=create&values.description=Sneaky",
    });
    expect(plain.status).toBe(400);
    expect(await count(worker, "competencies")).toBe(before);
  });

  it("refuses a body nested deeper than any payload needs, on screens and on /api, before a schema walks it", async () => {
    let deep: unknown = "bottom";
    for (let level = 0; level < 40; level++) deep = { next: deep };
    const screen = await postJson(...COMPETENCIES, { intent: "create", values: { description: "Deep", extra: deep } });
    expect(screen.status).toBe(400);
    expect(screen.result.toast.description).toBe("The request body is nested too deeply (max 32 levels).");
    const api = await worker.request("/api/competencies", {
      method: "POST",
      jar: admin,
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ description: "Deep", extra: deep }),
    });
    expect(api.status).toBe(400);
    expect(await api.json()).toEqual({ message: "The request body is nested too deeply (max 32 levels)." });
  });

  it("reads a plain form post the same way as a fetcher's JSON (no JavaScript needed)", async () => {
    const { status, html } = await postForm("/admin/competencies", { intent: "create", "values.description": "Reads bar charts", "values.subject": "Maths" });
    expect(status).toBe(200);
    expect(html).toContain("Reads bar charts");
    const row = await worker.d1.prepare("select subject from competencies where description = ?").bind("Reads bar charts").first<{ subject: string }>();
    expect(row?.subject).toBe("Maths");
  });
});

describe("ids, atomic writes and errors", () => {
  it("answers 404 to an update with an empty or unknown id instead of creating, and leaves no new module behind", async () => {
    const [competencies, modules] = [await count(worker, "competencies"), await count(worker, "modules")];
    for (const id of ["", "   ", "no-such-competency"]) {
      const { status, result } = await postJson(...COMPETENCIES, { intent: "update", id, values: { description: "Ghost", newModuleName: `Module for ${id}` } });
      expect({ id, status }).toEqual({ id, status: 404 });
      expect(result.toast.description).toBe("Competency Not Found");
    }
    expect(await count(worker, "competencies")).toBe(competencies);
    expect(await count(worker, "modules")).toBe(modules);
  });

  it("creates a competency and its new module together", async () => {
    const { status, result } = await postJson(...COMPETENCIES, { intent: "create", values: { description: "Reads pie charts", newModuleName: "Statistics" } });
    expect(status).toBe(200);
    expect(result).toMatchObject({ ok: true, intent: "create", toast: { title: "Competency created" } });
    const row = await worker.d1
      .prepare("select m.name from competencies c join modules m on m.id = c.module_id where c.description = ?")
      .bind("Reads pie charts")
      .first<{ name: string }>();
    expect(row?.name).toBe("Statistics");
  });

  it("speaks English on a staff screen whatever language the browser asks for (ADR 0045)", async () => {
    const spanish = { "Accept-Language": "es-US,es;q=0.9" };
    const created = await postJson(...COMPETENCIES, { intent: "create", values: { description: "Reads bar charts", newModuleName: "Graphs" } }, spanish);
    expect(created.result).toMatchObject({ ok: true, toast: { title: "Competency created" } });
    const refused = await postJson(...CURRICULUMS, { intent: "selectAll", id: "ghost" }, spanish);
    expect(refused).toMatchObject({ status: 404, result: { toast: { title: "Failed to select all competencies.", description: "Curriculum Not Found" } } });
  });

  it("answers 404 for a toggle, select-all or delete on an unknown curriculum, not a 500", async () => {
    const competency = await worker.d1.prepare("select id from competencies limit 1").first<{ id: string }>();
    for (const body of [
      { intent: "toggle", id: "ghost", competencyId: competency!.id, member: true },
      { intent: "toggle", id: "ghost", competencyId: competency!.id, member: "false" },
      { intent: "selectAll", id: "ghost" },
      { intent: "delete", id: "" },
    ]) {
      const { status, result } = await postJson(...CURRICULUMS, body);
      expect({ body, status }).toEqual({ body, status: 404 });
      expect(result.toast.description).toBe("Curriculum Not Found");
    }
  });

  it("answers 404 to a question update with an empty id and creates nothing", async () => {
    const before = await count(worker, "questions");
    const competency = await worker.d1.prepare("select id from competencies limit 1").first<{ id: string }>();
    const question = { text: "2 + 2?", type: "free_response", difficulty: "easy" };
    const { status, result } = await postJson(...QUESTION_BANK, {
      intent: "update",
      id: "",
      question,
      competencies: [competency!.id],
      primaryCompetency: competency!.id,
    });
    expect(status).toBe(404);
    expect(result.toast.description).toBe("Question Not Found");
    expect(await count(worker, "questions")).toBe(before);
  });

  it("shows the product's titled messages for the prerequisite rules, from the server", async () => {
    const missing = await postForm("/admin/prerequisites", { intent: "add", competencyId: "", prerequisiteId: "" });
    expect(missing.status).toBe(400);
    expect(missing.html).toContain("Please select both a competency and its prerequisite.");
    const competency = await worker.d1.prepare("select id from competencies limit 1").first<{ id: string }>();
    const self = await postJson(...PREREQUISITES, { intent: "add", competencyId: competency!.id, prerequisiteId: competency!.id });
    expect(self).toMatchObject({
      status: 400,
      result: { toast: { title: "Invalid prerequisite", description: "A competency cannot be its own prerequisite." } },
    });
    const empty = await postJson(...PREREQUISITES, { intent: "add", competencyId: competency!.id });
    expect(empty).toMatchObject({ status: 400, result: { toast: { title: "Missing selection" } } });
  });

  it("titles a refusal's own reason with the product's failure text, and names the field it is about", async () => {
    const taken = await postJson("/admin/cohorts", "routes/admin.cohorts", { intent: "create", values: { name: "Second period", joinCode: "DEMOCLASS" } });
    expect(taken).toMatchObject({
      status: 409,
      result: {
        toast: { title: "Failed to create cohort. Please try again.", description: "That join code is already used by another class.", variant: "destructive" },
        fieldErrors: { joinCode: "That join code is already used by another class." },
      },
    });

    const competency = async (description: string) =>
      (await (
        await worker.request("/api/competencies", {
          method: "POST",
          jar: admin,
          headers: { "Content-Type": "application/json" },
          body: JSON.stringify({ description }),
        })
      ).json()) as { id: string };
    const [first, second] = [await competency("Adds fractions"), await competency("Adds mixed numbers")];
    expect((await postJson(...PREREQUISITES, { intent: "add", competencyId: first!.id, prerequisiteId: second!.id })).status).toBe(200);
    const cycle = await postJson(...PREREQUISITES, { intent: "add", competencyId: second!.id, prerequisiteId: first!.id });
    expect(cycle).toMatchObject({
      status: 409,
      result: { toast: { title: "Failed to add prerequisite. Please try again.", description: expect.stringContaining("would create a cycle") } },
    });
    expect(cycle.result.fieldErrors).toEqual({ prerequisiteId: cycle.result.toast.description });

    const existing = await worker.d1.prepare("select name from modules limit 1").first<{ name: string }>();
    const module = await postJson(...COMPETENCIES, { intent: "create", values: { description: "Rounds decimals", newModuleName: existing!.name } });
    expect(module).toMatchObject({
      status: 409,
      result: {
        toast: { title: "Failed to create competency. Please try again." },
        fieldErrors: { newModuleName: `A module named "${existing!.name}" already exists.` },
      },
    });
  });

  it("answers a database failure with the product's failure text and a 500, never the database's own words", async () => {
    await worker.d1.exec("alter table modules rename to modules_elsewhere");
    try {
      const { status, result } = await postJson(...COMPETENCIES, { intent: "create", values: { description: "Breaks", newModuleName: "Fresh module" } });
      expect(status).toBe(500);
      expect(result.toast.description).toBe("Failed to create competency. Please try again.");
      expect(JSON.stringify(result)).not.toMatch(/modules|SQL|D1_|no such table/i);
    } finally {
      await worker.d1.exec("alter table modules_elsewhere rename to modules");
    }
  });
});

describe("Create New Test without JavaScript", () => {
  it("shows the field's message with the form as it was filled, then creates the test and redirects with the toast", async () => {
    const fields = {
      intent: "create",
      title: "",
      description: "Ratios",
      gradeLevel: "7",
      subject: "Mathematics",
      placementDuration: "20",
      diagnosticDuration: "30",
      feedbackDisplay: "timed",
    };
    const refused = await postForm("/admin/tests/create", fields);
    expect(refused.status).toBe(400);
    expect(refused.html).toContain("Title is required");
    expect(refused.html).toContain('value="Mathematics"');
    expect(refused.html).toContain(">Ratios</textarea>");
    // The 3-second feedback chosen stays chosen (ADR 0042).
    expect(refused.html.match(/<input[^>]*name="feedbackDisplay"[^>]*>/g)?.filter((input) => input.includes("checked"))).toEqual([
      expect.stringContaining('value="timed"'),
    ]);

    const before = await count(worker, "tests");
    const created = await postForm("/admin/tests/create", { ...fields, title: "Ratios Check" });
    expect(created.status).toBe(302);
    expect(created.location).toBe("/admin/tests");
    expect(await count(worker, "tests")).toBe(before + 1);
    const saved = await worker.d1.prepare("select feedback_display as display from tests where title = 'Ratios Check'").first<{ display: string }>();
    expect(saved?.display).toBe("timed");
    const list = await worker.request("/admin/tests", { jar: admin });
    // Rendered in the HTML, not only in the page's data: a browser without JavaScript shows it.
    expect(await list.text()).toMatch(/data-testid="toast"[^<]*>(?:<[^>]*>)*[^<]*Test Created/);
  });

  it("shows 'Test Not Found' with a way back for an unknown test, with a 404", async () => {
    const response = await worker.request("/admin/tests/no-such-test/edit", { jar: admin });
    expect(response.status).toBe(404);
    const html = await response.text();
    expect(html).toContain("Test Not Found");
    expect(html).toContain("Return to Tests");
  });
});
