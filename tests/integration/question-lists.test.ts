import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { type ApiClient, demoClients } from "../support/api";
import type { CookieJar } from "../support/cookie-jar";
import { seedBankQuestions } from "../support/seed-bank";
import { demoAccounts, startWorker, type TestWorker } from "../support/worker";

/**
 * The bank's lists are searched, filtered and paged in SQL: the Question Bank screen, the Add
 * Questions dialog's resource route and GET /api/questions. And stored JSON is bounded, so one
 * bad question cannot break the bank for everyone.
 */
const HTML_BUDGET_BYTES = 50 * 1024;
const SEEDED = 300;

let worker: TestWorker;
let admin: ApiClient;
let jar: CookieJar;

beforeAll(async () => {
  worker = await startWorker();
  ({ admin } = await demoClients(worker));
  jar = await worker.signIn(demoAccounts.admin.email, demoAccounts.admin.password);
  const competency = await worker.d1.prepare("select id from competencies limit 1").first<string>("id");
  await seedBankQuestions(worker.d1, SEEDED, { prefix: "Seeded", competencyId: competency ?? undefined });
});
afterAll(() => worker?.dispose());

async function page(path: string) {
  const response = await worker.request(path, { jar });
  const html = await response.text();
  return { status: response.status, html, bytes: new TextEncoder().encode(html).length, cards: html.match(/data-testid="question-card"/g)?.length ?? 0 };
}

const total = async () => (await worker.d1.prepare("select count(*) as n from questions").first<number>("n")) ?? 0;

describe("the Question Bank screen", () => {
  it("shows one page of a large bank and stays within the 50 kB HTML budget", async () => {
    const first = await page("/admin/question-bank");
    expect(first.status).toBe(200);
    expect(first.cards).toBe(20);
    expect(first.html).toContain(`Showing 1-20 of ${await total()} questions`);
    expect(first.html).toContain('href="/admin/question-bank?page=2"');
    console.log(`question bank page 1 of ${await total()}: ${(first.bytes / 1024).toFixed(1)} kB of HTML`);
    expect(first.bytes).toBeLessThan(HTML_BUDGET_BYTES);
  });

  it("filters and searches from the URL, newest first, and pages with the filters kept", async () => {
    const chat = await page("/admin/question-bank?type=chat&difficulty=hard");
    const matching = await worker.d1.prepare("select count(*) as n from questions where type = 'chat' and difficulty = 'hard'").first<number>("n");
    expect(chat.html).toContain(`of ${matching} questions`);
    expect(chat.html).not.toContain("Multiple Choice</span>");

    // "Photosynthesis" is inside <strong>; the search is on the text as shown, in any case.
    const found = await page("/admin/question-bank?search=SEEDED%20question%203%3A%20explain%20PHOTOSYNTHESIS");
    expect(found.cards).toBe(1);
    expect(found.html).toContain("Showing 1-1 of 1 questions");
    expect((await page("/admin/question-bank?search=%3Cstrong%3E")).cards).toBe(0);

    const second = await page("/admin/question-bank?search=photosynthesis&page=2");
    expect(second.html).toMatch(/Showing 21-\d+ of \d+ questions/);
    expect(second.html).toContain('href="/admin/question-bank?search=photosynthesis"');
  });

  it("filters by language from the URL, and marks a Spanish question's card in Spanish (ADR 0044)", async () => {
    const { data } = await admin.post("/api/questions", { text: "Explica el ciclo del agua.", type: "free_response", language: "es" });
    const spanish = await page("/admin/question-bank?language=es");
    const matching = await worker.d1.prepare("select count(*) as n from questions where language = 'es'").first<number>("n");
    expect(spanish.html).toContain(`Showing 1-${matching} of ${matching} questions`);
    expect(spanish.html).toContain('<span class="chip bg-slate-100" lang="es">Español</span>');
    expect(spanish.html).toMatch(
      /<select[^>]*name="language"[^>]*><option value="all">All languages<\/option><option value="en">English<\/option><option value="es" selected="">/,
    );
    expect((await page("/admin/question-bank?language=en&search=ciclo%20del%20agua")).cards).toBe(0);
    await admin.delete(`/api/questions/${data.id}`);
  });

  it("filters with a GET form whose fields are the URL's params, so it works without JavaScript", async () => {
    const { html } = await page("/admin/question-bank?type=chat");
    const form = html.slice(html.indexOf('<form method="get"'), html.indexOf("</form>"));
    expect(form).toContain('name="search"');
    expect(form).toMatch(/<select[^>]*name="type"/);
    expect(form).toMatch(/<select[^>]*name="difficulty"/);
    expect(form).toContain("Apply filters");
    expect(html).toMatch(/<option value="chat" selected="">/);
  });

  it("sends cards only; the edit and preview dialogs load their question by id", async () => {
    const { html } = await page("/admin/question-bank");
    expect(html).not.toContain('"rubric":');
    expect(html).not.toContain('"options":');
    const id = await worker.d1.prepare("select id from questions where rubric is not null order by created_at desc limit 1").first<string>("id");
    const response = await worker.request(`/admin/question-bank/${id}`, { jar });
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ id, rubric: expect.anything(), competencies: expect.any(Array) });
    expect((await worker.request("/admin/question-bank/no-such-question", { jar })).status).toBe(404);
  });

  it("reads a page past the end as the last page, and ignores nonsense in the URL", async () => {
    const last = await page("/admin/question-bank?page=999");
    expect(last.status).toBe(200);
    expect(last.html).toMatch(new RegExp(`Showing \\d+-${await total()} of ${await total()} questions`));
    expect((await page("/admin/question-bank?type=essay&page=abc")).cards).toBe(20);
  });

  it("still finds rows written without search_text (before it existed, or by SQL)", async () => {
    await worker.d1.prepare("insert into questions (id, text, type) values ('legacy-1', '<p>Legacy zebra question</p>', 'chat')").run();
    expect((await page("/admin/question-bank?search=zebra")).cards).toBe(1);
    expect((await admin.get("/api/questions?search=ZEBRA")).data.map((q: { id: string }) => q.id)).toEqual(["legacy-1"]);
  });
});

describe("the Add Questions dialog's source", () => {
  it("answers one page of summaries, searched and paged on the server", async () => {
    const response = await worker.request("/admin/question-bank/choices?search=decimals&page=2", { jar });
    expect(response.status).toBe(200);
    const body = (await response.json()) as { questions: Record<string, unknown>[]; summary: { page: number; total: number; first: number } };
    expect(body.summary).toMatchObject({ page: 2, first: 21 });
    expect(body.questions.length).toBeGreaterThan(0);
    expect(Object.keys(body.questions[0]!).sort()).toEqual(["difficulty", "id", "language", "text", "timeLimit", "type"]);
    expect(body.questions.every((question) => String(question.text).includes("decimals"))).toBe(true);
  });

  it("is for admins only", async () => {
    expect((await worker.request("/admin/question-bank/choices")).status).not.toBe(200);
  });
});

describe("GET /api/questions paging", () => {
  it("answers the whole list without ?page or ?limit, and one page with them, counting in X-Total-Count", async () => {
    const all = await admin.get("/api/questions");
    expect(all.data.length).toBe(await total());
    const response = await worker.request("/api/questions?type=scenario&page=2&limit=10", { jar });
    const rows = (await response.json()) as { id: string; type: string }[];
    const scenarios = all.data.filter((question: { type: string }) => question.type === "scenario");
    expect(response.headers.get("X-Total-Count")).toBe(String(scenarios.length));
    expect(rows.map((row) => row.id)).toEqual(scenarios.slice(10, 20).map((question: { id: string }) => question.id));
    expect((await admin.get("/api/questions?limit=101")).status).toBe(400);
  });
});

/** `{"level":{"level":...}}` nested `levels` deep, as JSON text (built without recursion). */
const nestedJson = (levels: number) => `${'{"level":'.repeat(levels - 1)}{}${"}".repeat(levels - 1)}`;
const openQuestion = { text: "Explain why 7 is prime.", type: "free_response", difficulty: "hard" };

describe("stored JSON is bounded", () => {
  const questionCount = () => total();

  it("refuses a rubric nested 10,000 deep with 400 and stores nothing (the body's depth limit answers first)", async () => {
    const before = await questionCount();
    const body = `{"text":"Deep","type":"free_response","rubric":${nestedJson(10_000)}}`;
    const response = await admin.post("/api/questions", body);
    expect(response.status).toBe(400);
    expect(response.data.message).toBe("The request body is nested too deeply (max 32 levels).");
    expect(await questionCount()).toBe(before);
  });

  it("refuses a rubric nested deeper than a rubric may be, within a body of acceptable depth", async () => {
    const before = await questionCount();
    const body = `{"text":"Deep","type":"free_response","rubric":${nestedJson(12)}}`;
    const response = await admin.post("/api/questions", body);
    expect(response.status).toBe(400);
    expect(response.data.message).toContain("Rubric is nested too deeply (max 8 levels)");
    expect(await questionCount()).toBe(before);
  });

  it("refuses a rubric just over 20,000 characters with 400, as text or as an object", async () => {
    const before = await questionCount();
    for (const rubric of ["x".repeat(20_001), { criteria: "x".repeat(20_000) }]) {
      const response = await admin.post("/api/questions", { ...openQuestion, rubric });
      expect(response.status).toBe(400);
      expect(response.data.message).toContain("Rubric is too large (max 20,000 characters)");
    }
    expect(await questionCount()).toBe(before);
  });

  it("answers a 2.5 MB rubric with 413 and its message (not a dropped connection), and stores nothing", async () => {
    const before = await questionCount();
    // Repeated: answering before the client has finished writing used to reset the connection now and then.
    for (let attempt = 0; attempt < 5; attempt++) {
      const response = await admin.post("/api/questions", { ...openQuestion, rubric: { criteria: "x".repeat(2_500_000) } });
      expect(response.status).toBe(413);
      expect(response.data.message).toBe("Request body too large: the limit is 1 MiB.");
    }
    expect(await questionCount()).toBe(before);
  });

  it("still renders the bank when a row written with SQL holds a rubric nested 10,000 deep", async () => {
    await worker.d1
      .prepare("insert into questions (id, text, type, rubric, created_at) values ('deep-1', '<p>Deep legacy rubric</p>', 'free_response', ?, ?)")
      .bind(nestedJson(10_000), Date.now() + 60_000)
      .run();
    const bank = await page("/admin/question-bank");
    expect(bank.status).toBe(200);
    expect(bank.html).toContain("Deep legacy rubric");
    const listed = await admin.get("/api/questions?search=deep%20legacy");
    expect(listed.status).toBe(200);
    expect(listed.data[0]).toMatchObject({ id: "deep-1", rubric: null });
  });
});
