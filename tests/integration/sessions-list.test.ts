import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { thetaOfScale } from "~/domain/adaptive/scale";
import type { Scope } from "~/domain/auth/policy";
import type { SessionFilters } from "~/domain/sessions/session-list";
import { hasAiFeedback, SESSIONS_EMPTY_MESSAGE } from "~/domain/sessions/session-list";
import {
  sessionCountQuery,
  sessionExportChunkQuery,
  sessionListChunkQuery,
  sessionListChunks,
  sessionRowsQuery,
  sessionsForExport,
} from "~/models/session-list.server";

import { type ApiClient, apiClient } from "../support/api";
import type { CookieJar } from "../support/cookie-jar";
import { demoAccounts, startWorker, type TestWorker } from "../support/worker";

/** Test Sessions: GET /api/sessions, the /admin/sessions screen and its CSV export. */
let worker: TestWorker;
let adminJar: CookieJar;
let admin: ApiClient;
let student: ApiClient;
let anonymous: ApiClient;
let testA: { id: string; title: string };
let testB: { id: string; title: string };

/** The district's reach: these tests read the list as a district admin does. */
const DISTRICT: Scope = { kind: "district" };
const T0 = Date.parse("2026-03-05T15:04:00Z");
const PAGER_COUNT = 55;

type Row = {
  id: string;
  test: { id: string; title: string };
  subject?: string | null;
  userId: string;
  mode?: "placement" | "diagnostic";
  startMs: number;
  endMs?: number | null;
  completed: boolean;
  totalScore?: number | null;
  scores?: Record<string, unknown>;
  scaleScore?: number | null;
  questionsAnswered?: number;
  cohortId?: string | null;
};

async function insertSessions(rows: Row[]) {
  const statement = worker.d1.prepare(
    `insert into sessions (id, test_config_id, test_title, test_subject, user_id, test_mode, cohort_id, start_time, end_time, completed,
       total_score, scores, has_ai_feedback, competencies_status, module_recommendations, theta, questions_answered)
     values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, '{"Adds":"mastered"}', '{"Number":"Mastered"}', ?, ?)`,
  );
  await worker.d1.batch(
    rows.map((row) =>
      statement.bind(
        row.id,
        row.test.id,
        row.test.title,
        row.subject === undefined ? "Mathematics" : row.subject,
        row.userId,
        row.mode ?? "placement",
        row.cohortId ?? null,
        row.startMs,
        row.endMs ?? null,
        row.completed ? 1 : 0,
        row.totalScore ?? null,
        JSON.stringify(row.scores ?? {}),
        // As the write behind leaves a row: whether its scores hold the grader's words.
        hasAiFeedback(row.scores) ? 1 : 0,
        row.scaleScore === undefined || row.scaleScore === null ? null : thetaOfScale(row.scaleScore),
        row.questionsAnswered ?? 0,
      ),
    ),
  );
}

const minute = 60_000;
/** Started at T0 or later, newest last here; the pager rows are older than all of them. */
const NAMED: Row[] = [];

beforeAll(async () => {
  worker = await startWorker();
  adminJar = await worker.signIn(demoAccounts.admin.email, demoAccounts.admin.password);
  admin = apiClient(worker, adminJar);
  student = apiClient(worker, await worker.signIn(demoAccounts.student.email, demoAccounts.student.password));
  anonymous = apiClient(worker);
  const tests = (await admin.get("/api/tests")).data as { id: string; title: string }[];
  testA = tests[0]!;
  const created = await admin.post("/api/tests", {
    title: "Reading Check",
    description: "d",
    gradeLevel: "5",
    subject: "English",
    // A Spanish test (ADR 0044): its sessions are "Taken in Spanish" on the screen, `es` in the export.
    language: "es",
    placementDuration: 15,
    diagnosticDuration: 25,
    showFeedback: true,
    questions: [],
    competencies: {},
    modules: {},
  });
  expect(created.status, JSON.stringify(created.data)).toBe(201);
  testB = { id: created.data.id, title: "Reading Check" };
  await worker.d1.prepare("delete from sessions").run();
  // Names live in the class's member rows (ADR 0016): Alice_01 and pager-3 joined "Period 3";
  // "bob" is a member of another class only, and his session has none.
  await worker.d1.batch([
    worker.d1.prepare("insert into cohorts (id, name, join_code) values ('c-names', 'Period 3', 'NAMES001'), ('c-other', 'Period 4', 'NAMES002')"),
    worker.d1.prepare(
      "insert into cohort_members (id, cohort_id, student_id, display_name) values ('m1', 'c-names', 'Alice_01', 'Alice Smith'), ('m2', 'c-names', 'pager-3', 'Alice Martin'), ('m3', 'c-other', 'bob', 'Robert Other')",
    ),
  ]);

  NAMED.push(
    {
      id: "s-alice1",
      test: testA,
      userId: "Alice_01",
      cohortId: "c-names",
      startMs: T0,
      endMs: T0 + 754_900,
      completed: true,
      totalScore: 66.7,
      scaleScore: 203.4,
      questionsAnswered: 6,
      scores: { overall: { score: 66.7 }, q9: { score: 70, feedback: "Clear reasoning.", strengths: [], improvements: [] } },
    },
    {
      id: "s-alice2",
      test: testB,
      subject: null,
      userId: "ALICE-2",
      mode: "diagnostic",
      startMs: T0 + 10 * minute,
      completed: false,
      scores: { overall: { score: 0 } },
    },
    {
      id: "s-bob",
      test: testA,
      userId: "bob",
      startMs: T0 + 20 * minute,
      endMs: T0 + 25 * minute,
      completed: true,
      totalScore: 100,
      scores: { overall: { score: 100, feedback: "not per question" } },
    },
    { id: "s-tie-a", test: testB, userId: "tie", startMs: T0 + 30 * minute, completed: false },
    { id: "s-tie-b", test: testB, userId: "tie", startMs: T0 + 30 * minute, endMs: T0 + 31 * minute, completed: true, totalScore: 0 },
    { id: "s-percent", test: testB, userId: "100%_sure", startMs: T0 + 40 * minute, endMs: T0 + 45 * minute, completed: true, totalScore: 50 },
    { id: "s-ten", test: testB, userId: "10x0ysure", startMs: T0 + 50 * minute, completed: false },
    { id: "s-inject", test: testA, userId: '=HYPERLINK("http://x")', startMs: T0 + 60 * minute, completed: false },
  );
  const pager = Array.from({ length: PAGER_COUNT }, (_, index): Row => ({
    id: `s-pager-${String(index).padStart(2, "0")}`,
    test: testA,
    userId: `pager-${index}`,
    startMs: T0 - (index + 1) * minute,
    endMs: T0 - (index + 1) * minute + 90_000,
    completed: true,
    totalScore: 80,
    cohortId: index === 3 ? "c-names" : null,
  }));
  await insertSessions([...NAMED, ...pager]);
});
afterAll(() => worker?.dispose());

const TOTAL = 8 + PAGER_COUNT;
const ids = (data: { id: string }[]) => data.map((row) => row.id);

async function getList(query: string) {
  const response = await worker.request(`/api/sessions${query}`, { jar: adminJar });
  const data = (await response.json()) as { id: string; userId: string; [key: string]: unknown }[];
  return { status: response.status, data, total: response.headers.get("X-Total-Count") };
}

describe("GET /api/sessions", () => {
  it("answers 401 signed out, 403 to a student, 405 to other methods", async () => {
    expect((await anonymous.get("/api/sessions")).status).toBe(401);
    expect((await student.get("/api/sessions")).status).toBe(403);
    const post = await worker.request("/api/sessions", { method: "POST", jar: adminJar, headers: { "Content-Type": "application/json" }, body: "{}" });
    expect(post.status).toBe(405);
    expect(post.headers.get("Allow")).toBe("GET");
    expect((await admin.delete("/api/sessions")).status).toBe(405);
  });

  it("refuses bad parameters with 400 and a message naming the parameter", async () => {
    expect(await admin.get("/api/sessions?status=finished")).toEqual({ status: 400, data: { message: "status must be completed or in_progress" } });
    expect(await admin.get("/api/sessions?limit=500")).toEqual({ status: 400, data: { message: "limit must be at most 200" } });
    expect(await admin.get("/api/sessions?limit=0")).toEqual({ status: 400, data: { message: "limit must be at least 1" } });
    expect(await admin.get("/api/sessions?offset=-5")).toEqual({ status: 400, data: { message: "offset must be at least 0" } });
    expect(await admin.get("/api/sessions?offset=abc")).toEqual({ status: 400, data: { message: "offset must be a whole number" } });
    expect((await admin.get(`/api/sessions?student=${"x".repeat(201)}`)).status).toBe(400);
  });

  it("answers every session without paging parameters: the product's session fields (no answers map) and the student's name, newest first, with the total", async () => {
    const { status, data, total } = await getList("");
    expect(status).toBe(200);
    expect(total).toBe(String(TOTAL));
    expect(data).toHaveLength(TOTAL);
    expect(ids(data)).toEqual(ids((await getList("?limit=200")).data));
    expect(ids(data).slice(0, 8)).toEqual(["s-inject", "s-ten", "s-percent", "s-tie-b", "s-tie-a", "s-bob", "s-alice2", "s-alice1"]);
    const alice = data.find((row) => row.id === "s-alice1")!;
    expect(alice).toEqual({
      sessionId: "s-alice1",
      id: "s-alice1",
      testConfigId: testA.id,
      testTitle: testA.title,
      testSubject: "Mathematics",
      userId: "Alice_01",
      studentName: "Alice Smith",
      testMode: "placement",
      cohortId: "c-names",
      startTime: "2026-03-05T15:04:00.000Z",
      endTime: "2026-03-05T15:16:34.900Z",
      completed: true,
      timeRemaining: null,
      totalScore: 66.7,
      // The grader's words are GET /api/sessions/{id}'s: the list leaves them out, even of a row that has them.
      scores: { overall: { score: 66.7 }, q9: { score: 70 } },
      competenciesStatus: { Adds: "mastered" },
      moduleRecommendations: { Number: "Mastered" },
      scaleScore: 203.4,
      questionsAnswered: 6,
      completedReason: null,
      endedEarly: false,
      accommodations: null,
      nonStandard: false,
      effort: null,
      language: "en",
    });
    expect(data.find((row) => row.id === "s-alice2")).toMatchObject({
      completed: false,
      endTime: null,
      testSubject: null,
      testMode: "diagnostic",
      language: "es",
    });
    // A session without a class has no name, even if its ID is a member's of some class.
    expect(data.find((row) => row.id === "s-bob")).toMatchObject({ userId: "bob", studentName: null });
    expect(data.find((row) => row.id === "s-pager-03")).toMatchObject({ userId: "pager-3", studentName: "Alice Martin" });
  });

  it("pages only when asked: limit alone, offset alone (50 from there), or both", async () => {
    const ten = await getList("?limit=10");
    expect(ten.data).toHaveLength(10);
    expect(ten.total).toBe(String(TOTAL));
    expect((await getList("?offset=5")).data).toHaveLength(50);
    expect((await getList("?limit=&offset=")).data).toHaveLength(TOTAL);
  });

  it("reads the whole list in chunks after the last row, up to its cap", async () => {
    const read = async (filters: SessionFilters, options: { maxRows: number; chunkRows: number }) => {
      const chunks: string[][] = [];
      for await (const chunk of sessionListChunks(worker.db, { ...filters, scope: DISTRICT }, options)) chunks.push(ids(chunk));
      return chunks;
    };
    const all = ids((await getList("?limit=200")).data);
    const everything = await read({}, { maxRows: 1000, chunkRows: 10 });
    expect(everything.map((chunk) => chunk.length)).toEqual([10, 10, 10, 10, 10, 10, 3]);
    expect(everything.flat()).toEqual(all);
    expect((await read({}, { maxRows: 25, chunkRows: 10 })).flat()).toEqual(all.slice(0, 25));
    expect((await read({ student: "alice" }, { maxRows: 1000, chunkRows: 2 })).flat()).toEqual(["s-alice2", "s-alice1", "s-pager-03"]);
  });

  it("filters by test, by status and by both", async () => {
    const byTest = await getList(`?testConfigId=${testB.id}`);
    expect(ids(byTest.data)).toEqual(["s-ten", "s-percent", "s-tie-b", "s-tie-a", "s-alice2"]);
    expect(byTest.total).toBe("5");
    const inProgress = await getList("?status=in_progress");
    expect(ids(inProgress.data)).toEqual(["s-inject", "s-ten", "s-tie-a", "s-alice2"]);
    const completed = await getList("?status=completed&limit=200");
    expect(completed.total).toBe(String(TOTAL - 4));
    expect(completed.data.every((row) => row.completed === true)).toBe(true);
    const both = await getList(`?testConfigId=${testB.id}&status=completed`);
    expect(ids(both.data)).toEqual(["s-percent", "s-tie-b"]);
    expect((await getList("?testConfigId=no-such-test")).data).toEqual([]);
  });

  it("matches the student's ID or name as a case-insensitive substring, with % and _ as plain characters", async () => {
    expect(ids((await getList("?student=alice")).data)).toEqual(["s-alice2", "s-alice1", "s-pager-03"]);
    expect(ids((await getList("?student=MARTIN")).data)).toEqual(["s-pager-03"]);
    expect(ids((await getList("?student=smith")).data)).toEqual(["s-alice1"]);
    expect((await getList("?student=robert")).total).toBe("0");
    expect(ids((await getList("?student=%20ALICE_%20")).data)).toEqual(["s-alice1"]);
    expect(ids((await getList("?student=0%25")).data)).toEqual(["s-percent"]);
    expect(ids((await getList("?student=_")).data)).toEqual(["s-percent", "s-alice1"]);
    expect(ids((await getList("?student=%25")).data)).toEqual(["s-percent"]);
    expect((await getList("?student=nobody")).total).toBe("0");
    expect(ids((await getList("?student=ali&status=in_progress")).data)).toEqual(["s-alice2"]);
  });

  it("pages with limit and offset, keeping the order stable and the total", async () => {
    const all = ids((await getList("?limit=200")).data);
    expect(all).toHaveLength(TOTAL);
    const seen: string[] = [];
    for (let offset = 0; offset < TOTAL; offset += 7) {
      const page = await getList(`?limit=7&offset=${offset}`);
      expect(page.total).toBe(String(TOTAL));
      seen.push(...ids(page.data));
    }
    expect(seen).toEqual(all);
    const past = await getList(`?offset=${TOTAL + 10}`);
    expect(past).toMatchObject({ status: 200, data: [], total: String(TOTAL) });
  });
});

const page = async (query: string, timeZone = "America/Chicago") => {
  const response = await worker.request(`/admin/sessions${query}`, { headers: { Cookie: `${adminJar.header()}; tz=${encodeURIComponent(timeZone)}` } });
  return { status: response.status, html: await response.text() };
};
const cardCount = (html: string) => html.split('data-testid="session-card"').length - 1;

describe("/admin/sessions", () => {
  it("shows the product's title, filters and cards, with times in the teacher's zone and 'Showing N of M sessions'", async () => {
    const { status, html } = await page("");
    expect(status).toBe(200);
    for (const text of [
      "Test Sessions",
      "Review and manage all test submissions",
      "Back to Tests",
      "All Tests",
      "Student Name",
      "All Statuses",
      "In Progress",
      "Export CSV",
    ]) {
      expect(html).toContain(text);
    }
    expect(cardCount(html)).toBe(50);
    expect(html).toContain(`Showing 50 of ${TOTAL} sessions`);
    // Bob started at 15:24 UTC: 9:24 AM in Chicago (UTC-6 in early March).
    expect(html).toContain("Mar 5, 9:24 AM");
    expect(html).toContain("5m 0s");
    expect(html).toContain(`href="/results/s-bob"`);
    expect(html).toContain('rel="next"');
  });

  it("reads the filters from the URL; 'Review AI Grading' only for a session with per-question feedback", async () => {
    const { html } = await page("?student=alice&status=completed", "UTC");
    expect(cardCount(html)).toBe(2);
    expect(html).toContain("Showing 2 of 2 sessions");
    expect(html).toContain("Mar 5, 3:04 PM UTC");
    expect(html).toContain("12m 34s");
    expect(html).toContain("67%");
    expect(html).toContain(`href="/admin/ai-grading/s-alice1"`);
    expect(html).toContain('href="/admin/sessions/export?student=alice&amp;status=completed"');
    // The filter form without JavaScript sends every field, blanks and "all" included.
    const plainForm = await page("?test=&student=ALICE&status=all");
    expect(cardCount(plainForm.html)).toBe(3);
    expect(plainForm.html).toContain('href="/admin/sessions/export?student=ALICE"');
    const bob = await page("?student=bob");
    expect(bob.html).toContain("100%");
    expect(bob.html).not.toContain("/admin/ai-grading/");
    const progress = await page(`?test=${testB.id}&status=in_progress`);
    expect(cardCount(progress.html)).toBe(3);
    expect(progress.html).toContain("In Progress");
    // A session of a Spanish test says so on its card, in the words the results and growth screens use; an English one says nothing.
    expect(progress.html.match(/data-testid="taken-in">Taken in Spanish</g)).toHaveLength(3);
    expect((await page("?student=alice&status=completed")).html).not.toContain("Taken in Spanish");
  });

  it("shows the student's name with the ID on each card, the ID alone without a name, and finds a student by name", async () => {
    const students = (html: string) => [...html.matchAll(/data-testid="session-student">(.*?)<\/dd>/g)].map((match) => match[1]!.replace(/<[^>]+>/g, "|"));
    const { html } = await page("?student=alice");
    expect(students(html)).toEqual(["|ALICE-2|", "|Alice Smith||Alice_01|", "|Alice Martin||pager-3|"]);
    expect(html).toContain('placeholder="Name or student ID"');
  });

  it("shows page 2 of the list, and the product's empty message when nothing matches", async () => {
    const second = await page("?page=2");
    expect(cardCount(second.html)).toBe(TOTAL - 50);
    expect(second.html).toContain(`Showing ${TOTAL - 50} of ${TOTAL} sessions`);
    // The oldest session, 55 minutes before T0.
    expect(second.html).toContain("Mar 5, 8:09 AM");
    const empty = await page("?student=nobody-at-all");
    expect(empty.html).toContain(SESSIONS_EMPTY_MESSAGE);
    expect(empty.html).toContain("Showing 0 of 0 sessions");
  });

  it("is for admins only", async () => {
    const signedOut = await worker.request("/admin/sessions");
    expect(await signedOut.text()).not.toContain("Review and manage all test submissions");
    expect((await anonymous.get("/admin/sessions/export")).status).toBe(401);
    expect((await student.get("/admin/sessions/export")).status).toBe(403);
    expect(
      await (await worker.request("/admin/sessions", { jar: await worker.signIn(demoAccounts.student.email, demoAccounts.student.password) })).text(),
    ).not.toContain("Review and manage all test submissions");
  });
});

describe("/admin/sessions/export", () => {
  const csvOf = async (query: string) => {
    const response = await worker.request(`/admin/sessions/export${query}`, { jar: adminJar });
    const text = await response.text();
    return { response, lines: text.replace(/^\uFEFF/, "").split("\r\n") };
  };

  it("downloads every matching session as CSV, filtered as the page is, with formulas neutralised", async () => {
    const { response, lines } = await csvOf("");
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toBe("text/csv; charset=utf-8");
    expect(response.headers.get("Content-Disposition")).toMatch(/^attachment; filename="test-sessions-\d{4}-\d{2}-\d{2}\.csv"$/);
    expect(lines[0]).toBe(
      "Session ID,Student ID,Student name,Test,Subject,Mode,Status,Score (%),Ended early,Scale score,Questions answered,Started,Ended,Duration (s),Class ID,Accommodations,Non-standard,Effort (%),Language",
    );
    expect(lines).toHaveLength(TOTAL + 1);
    expect(lines[1]).toBe(`s-inject,"'=HYPERLINK(""http://x"")",,${testA.title},Mathematics,Placement,In Progress,,No,,0,2026-03-05T16:04:00.000Z,,,,,No,,en`);

    const alice = await csvOf("?student=ALICE_&status=completed");
    expect(alice.lines.slice(1)).toEqual([
      `s-alice1,Alice_01,Alice Smith,${testA.title},Mathematics,Placement,Completed,66.7,No,203.4,6,2026-03-05T15:04:00.000Z,2026-03-05T15:16:34.900Z,754,c-names,,No,,en`,
    ]);
    const byName = await csvOf("?student=martin");
    expect(byName.lines.slice(1).map((line) => line.split(",").slice(0, 3).join(","))).toEqual(["s-pager-03,pager-3,Alice Martin"]);
    const byTest = await csvOf(`?test=${testB.id}&status=in_progress`);
    expect(byTest.lines.slice(1).map((line) => line.split(",")[0])).toEqual(["s-ten", "s-tie-a", "s-alice2"]);
    // The Spanish test's sessions, by the language's code.
    expect(byTest.lines.slice(1).map((line) => line.split(",").at(-1))).toEqual(["es", "es", "es"]);
  });

  it("reads in chunks after the last row, newest first, up to the cap", async () => {
    const everything = await sessionsForExport(worker.db, { scope: DISTRICT }, { chunkRows: 4 });
    expect(everything.truncated).toBe(false);
    expect(everything.rows.map((row) => row.id)).toEqual(ids((await getList("?limit=200")).data));
    const capped = await sessionsForExport(worker.db, { testConfigId: testB.id, scope: DISTRICT }, { chunkRows: 2, maxRows: 3 });
    expect(capped).toMatchObject({ truncated: true, rows: [{ id: "s-ten" }, { id: "s-percent" }, { id: "s-tie-b" }] });
    expect((await sessionsForExport(worker.db, { testConfigId: testB.id, scope: DISTRICT }, { chunkRows: 2, maxRows: 5 })).truncated).toBe(false);
  });
});

describe("query plans", () => {
  const planOf = async (query: { toSQL: () => { sql: string; params: unknown[] } }) => {
    const { sql, params } = query.toSQL();
    const { results } = await worker.d1
      .prepare(`explain query plan ${sql}`)
      .bind(...params)
      .all<{ detail: string }>();
    return results.map((row) => row.detail).join(" | ");
  };
  const CASES: [string, SessionFilters, RegExp][] = [
    ["everything", {}, /SCAN sessions USING INDEX sessions_start_idx/],
    ["student", { student: "ali" }, /SCAN sessions USING INDEX sessions_start_idx/],
    ["status", { status: "completed" }, /SEARCH sessions USING INDEX sessions_completed_start_idx \(completed=\?\)/],
    ["status and student", { status: "in_progress", student: "ali" }, /SEARCH sessions USING INDEX sessions_completed_start_idx \(completed=\?\)/],
    ["test", { testConfigId: "t" }, /SEARCH sessions USING INDEX sessions_test_start_idx \(test_config_id=\?\)/],
    [
      "test and status",
      { testConfigId: "t", status: "completed" },
      /SEARCH sessions USING INDEX sessions_test_completed_start_idx \(test_config_id=\? AND completed=\?\)/,
    ],
  ];

  const NAME_LOOKUP = /SEARCH m USING INDEX cohort_members_student_unique \(cohort_id=\? AND student_id=\?\)/;

  it.each(CASES)(
    "reads a page (%s) in index order, with no sort, each name from the members' index and each test's language by its key",
    async (_name, filters, index) => {
      const plan = await planOf(sessionRowsQuery(worker.db, { ...filters, scope: DISTRICT }, 50, 0));
      expect(plan).toMatch(index);
      expect(plan).toMatch(NAME_LOOKUP);
      expect(plan).not.toMatch(/SCAN m\b/);
      expect(plan).not.toContain("TEMP B-TREE");
      expect(plan).toMatch(/SEARCH t USING INDEX sqlite_autoindex_tests_1 \(id=\?\)/);
    },
  );

  it.each(CASES)("counts (%s) from an index", async (_name, filters) => {
    const plan = await planOf(sessionCountQuery(worker.db, { ...filters, scope: DISTRICT }));
    expect(plan).toMatch(/USING (COVERING )?INDEX/);
    if (filters.student) expect(plan).toMatch(NAME_LOOKUP);
    expect(plan).not.toMatch(/SCAN m\b/);
  });

  it("continues a list chunk from the last row through the index", async () => {
    const plan = await planOf(sessionListChunkQuery(worker.db, { testConfigId: "t", scope: DISTRICT }, { startMs: T0, rowid: 10 }, 500));
    expect(plan).toMatch(/SEARCH sessions USING INDEX sessions_test_start_idx \(test_config_id=\? AND start_time<\?\)/);
    expect(plan).not.toContain("TEMP B-TREE");
  });

  it("continues an export chunk from the last row through the index", async () => {
    const plan = await planOf(sessionExportChunkQuery(worker.db, { status: "completed", scope: DISTRICT }, { startMs: T0, rowid: 10 }, 1000));
    expect(plan).toMatch(/SEARCH sessions USING INDEX sessions_completed_start_idx \(completed=\? AND start_time<\?\)/);
    expect(plan).not.toContain("TEMP B-TREE");
  });
});
