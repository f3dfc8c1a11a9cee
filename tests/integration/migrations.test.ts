import { execFile } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";

import { Miniflare } from "miniflare";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { scaleScoreOfTheta } from "~/domain/adaptive/scale";
import { hasAiFeedback } from "~/domain/sessions/session-list";

import { applyMigrations, startWorker, type TestWorker } from "../support/worker";

const run = promisify(execFile);
const wranglerEnv = { ...process.env, CI: "true", CLOUDFLARE_CF_FETCH_ENABLED: "false", WRANGLER_SEND_METRICS: "false" };

const EXPECTED_TABLES = [
  "ai_grading_logs",
  "attempt_throttle",
  "audit_log",
  "calibration_runs",
  "cohort_members",
  "cohort_teachers",
  "cohorts",
  "competencies",
  "curriculum_competencies",
  "curriculums",
  "deleted_students",
  "district_settings",
  "grade_overrides",
  "growth_norm_runs",
  "growth_norms",
  "invitations",
  "job_parts",
  "jobs",
  "modules",
  "prerequisites",
  "question_calibrations",
  "question_competencies",
  "question_texts",
  "questions",
  "session_answers",
  "session_archives",
  "session_discards",
  "sessions",
  "students",
  "test_questions",
  "test_sections",
  "testing_windows",
  "tests",
  "users",
];

describe("wrangler d1 migrations apply (the path npm start and deploy use)", () => {
  const stateDir = mkdtempSync(join(tmpdir(), "ate-migrations-"));
  afterAll(() => rmSync(stateDir, { recursive: true, force: true }));

  it("creates every table of the data model in an empty local database", async () => {
    await run("node_modules/.bin/wrangler", ["d1", "migrations", "apply", "DB", "--local", "--persist-to", stateDir], {
      env: wranglerEnv,
    });
    // One wrangler run for both reads (each run costs seconds of start-up): the tables, then 0001's
    // search column indexes that the bank's list pages read in order.
    const { stdout } = await run(
      "node_modules/.bin/wrangler",
      [
        "d1",
        "execute",
        "DB",
        "--local",
        "--persist-to",
        stateDir,
        "--json",
        "--command",
        "select name from sqlite_master where type = 'table' and name not like '\\_%' escape '\\' and name not like 'sqlite%' and name <> 'd1_migrations' order by name; " +
          "select name from pragma_index_list('questions') order by name",
      ],
      { env: wranglerEnv },
    );
    const [result, indexList] = JSON.parse(stdout) as [{ results: { name: string }[] }, { results: { name: string }[] }];
    expect(result.results.map((row) => row.name)).toEqual(EXPECTED_TABLES);
    expect(indexList.results.map((row) => row.name)).toEqual(
      expect.arrayContaining([
        "questions_created_at_idx",
        "questions_type_created_idx",
        "questions_difficulty_created_idx",
        "questions_type_difficulty_created_idx",
      ]),
    );
  }, 60_000);
});

describe("the schema's constraints", () => {
  let worker: TestWorker;
  beforeAll(async () => {
    worker = await startWorker({ seed: false });
  });
  afterAll(() => worker?.dispose());

  const exec = (sql: string, ...params: unknown[]) =>
    worker.d1
      .prepare(sql)
      .bind(...params)
      .run();

  it("enforces foreign keys", async () => {
    await expect(exec("insert into test_questions (id, test_id, question_id, position) values ('tq', 'no-test', 'no-question', 0)")).rejects.toThrow(
      /FOREIGN KEY/i,
    );
  });

  it("keeps a teacher's grade override within 0-100 and removes it with its session", async () => {
    await exec("insert into sessions (id, test_title, user_id, test_mode) values ('s1', 'T', 'ana', 'placement')");
    await expect(
      exec(
        "insert into grade_overrides (id, session_id, question_id, score, reason, overridden_by, overridden_by_name) values ('o0', 's1', 'q', 101, 'r', 'u', 'U')",
      ),
    ).rejects.toThrow(/CHECK/i);
    await exec(
      "insert into grade_overrides (id, session_id, question_id, score, reason, overridden_by, overridden_by_name) values ('o1', 's1', 'q', 90, 'r', 'u', 'U')",
    );
    await exec("delete from sessions where id = 's1'");
    const { results } = await worker.d1.prepare("select id from grade_overrides").all();
    expect(results).toEqual([]);
  });

  it("keeps join codes unique", async () => {
    await exec("insert into cohorts (id, name, join_code) values ('c1', 'A', 'ABCDEFGH')");
    await expect(exec("insert into cohorts (id, name, join_code) values ('c2', 'B', 'ABCDEFGH')")).rejects.toThrow(/UNIQUE/i);
  });

  it("refuses a competency that is its own prerequisite, and test durations outside 5-180", async () => {
    await exec("insert into competencies (id, description) values ('k1', 'Counting')");
    await expect(exec("insert into prerequisites (id, competency_id, prerequisite_id) values ('p1', 'k1', 'k1')")).rejects.toThrow(/CHECK/i);
    await expect(
      exec("insert into tests (id, title, description, grade_level, subject, placement_duration) values ('t1', 'T', 'D', '6', 'Math', 4)"),
    ).rejects.toThrow(/CHECK/i);
  });

  it("stamps created_at and updated_at on insert", async () => {
    await exec("insert into modules (id, name) values ('m1', 'Numbers')");
    const row = await worker.d1.prepare("select created_at, updated_at from modules where id = 'm1'").first<{
      created_at: number;
      updated_at: number;
    }>();
    expect(Math.abs((row?.created_at ?? 0) - Date.now())).toBeLessThan(60_000);
    expect(row?.updated_at).toBe(row?.created_at);
  });

  it("removes a test's sections and placements with the test, but keeps bank questions", async () => {
    await exec("insert into tests (id, title, description, grade_level, subject) values ('t2', 'T', 'D', '6', 'Math')");
    await exec("insert into questions (id, text, type) values ('q1', 'What?', 'free_response')");
    await exec("insert into test_sections (id, test_id, title, position) values ('s1', 't2', 'Part 1', 0)");
    await exec("insert into test_questions (id, test_id, question_id, section_id, position) values ('tq1', 't2', 'q1', 's1', 0)");
    await exec("delete from tests where id = 't2'");
    const counts = await worker.d1
      .prepare(
        "select (select count(*) from test_sections) as sections, (select count(*) from test_questions) as placements, (select count(*) from questions) as questions",
      )
      .first<{ sections: number; placements: number; questions: number }>();
    expect(counts).toEqual({ sections: 0, placements: 0, questions: 1 });
  });
});

/** A bare D1 database in its own Miniflare for the describe block, for applying migrations by hand. */
function useEmptyDatabase(receive: (d1: D1Database) => void) {
  let mf: Miniflare | undefined;
  beforeAll(async () => {
    mf = new Miniflare({ modules: true, script: "export default { fetch() { return new Response('') } }", d1Databases: ["DB"] });
    receive((await mf.getD1Database("DB")) as unknown as D1Database);
  });
  afterAll(() => mf?.dispose());
}

describe("upgrading a database that already holds data", () => {
  let d1: D1Database;
  useEmptyDatabase((database) => (d1 = database));

  it("widens the accounts' roles to teachers and keeps who created each class, test, question and job", async () => {
    await applyMigrations(d1, (file) => file < "0010");
    await d1.batch([
      d1.prepare("insert into users (id, email, role) values ('admin-1', 'admin@school.org', 'admin'), ('student-1', 'kid@school.org', 'student')"),
      d1.prepare("insert into cohorts (id, name, join_code, created_by) values ('c1', 'Period 1', 'ABCDEFGH', 'admin-1')"),
      d1.prepare("insert into tests (id, title, description, grade_level, subject, created_by) values ('t1', 'T', 'D', '6', 'Math', 'admin-1')"),
      d1.prepare("insert into questions (id, text, type, created_by) values ('q1', 'What?', 'free_response', 'admin-1')"),
      d1.prepare("insert into jobs (id, kind, input, created_by) values ('j1', 'generate', '{}', 'admin-1')"),
    ]);
    await expect(d1.prepare("insert into users (id, email, role) values ('t-0', 'early@school.org', 'teacher')").run()).rejects.toThrow(/CHECK/i);

    await applyMigrations(d1, (file) => file >= "0010");

    const creators = await d1
      .prepare(
        "select (select created_by from cohorts) as cohort, (select created_by from tests) as test, (select created_by from questions) as question, (select created_by from jobs) as job",
      )
      .first();
    expect(creators).toEqual({ cohort: "admin-1", test: "admin-1", question: "admin-1", job: "admin-1" });
    const accounts = await d1.prepare("select id, email, role from users order by id").all();
    expect(accounts.results).toEqual([
      { id: "admin-1", email: "admin@school.org", role: "admin" },
      { id: "student-1", email: "kid@school.org", role: "student" },
    ]);
    await d1.prepare("insert into users (id, email, role) values ('teacher-1', 'teacher@school.org', 'teacher')").run();
    await expect(d1.prepare("insert into users (id, email, role) values ('x', 'x@school.org', 'principal')").run()).rejects.toThrow(/CHECK/i);
    await expect(d1.prepare("insert into users (id, email) values ('dup', 'admin@school.org')").run()).rejects.toThrow(/UNIQUE/i);
    // The rebuilt table is still the one the classes' creators point at.
    await d1.prepare("delete from users where id = 'admin-1'").run();
    expect(await d1.prepare("select created_by from cohorts").first("created_by")).toBeNull();
    const { results: brokenLinks } = await d1.prepare("select * from pragma_foreign_key_check").all();
    expect(brokenLinks).toEqual([]);
  });
});

describe("migration 0017 on logs graded before it", () => {
  let d1: D1Database;
  useEmptyDatabase((database) => (d1 = database));

  it("keeps their flags and gives them no confidence, rather than a made-up one", async () => {
    await applyMigrations(d1, (file) => file < "0017");
    await d1.batch([
      d1.prepare("insert into sessions (id, test_title, user_id, test_mode) values ('s1', 'T', 'ana', 'placement')"),
      d1.prepare(
        "insert into ai_grading_logs (id, session_id, question_id, question_type, question_text, score, ai_model, flagged_for_review, review_reasons) values ('log-1', 's1', 'q1', 'free_response', 'Why?', 55, 'offline', 1, '[\"score_demand\"]')",
      ),
    ]);
    await applyMigrations(d1, (file) => file >= "0017");
    expect(await d1.prepare("select score, confidence, flagged_for_review, review_reasons from ai_grading_logs").first()).toEqual({
      score: 55,
      confidence: null,
      flagged_for_review: 1,
      review_reasons: '["score_demand"]',
    });
    const { results } = await d1.prepare("select name from pragma_index_list('grade_overrides') order by name").all<{ name: string }>();
    expect(results.map((row) => row.name)).toContain("grade_overrides_question_idx");
  });
});

describe("migration 0021 on sessions scored before it", () => {
  let d1: D1Database;
  useEmptyDatabase((database) => (d1 = database));

  it("stores θ and its SE back from the scale score, and none for a session without results", async () => {
    await applyMigrations(d1, (file) => file < "0021");
    await d1.batch([
      d1.prepare(
        "insert into sessions (id, test_title, user_id, test_mode, scale_score, scale_score_se) values ('scored', 'T', 'ana', 'placement', 187.5, 3.1)",
      ),
      d1.prepare("insert into sessions (id, test_title, user_id, test_mode) values ('open', 'T', 'ben', 'placement')"),
    ]);
    await applyMigrations(d1, (file) => file >= "0021");
    const { results } = await d1
      .prepare("select id, theta, theta_se from sessions order by id")
      .all<{ id: string; theta: number | null; theta_se: number | null }>();
    expect(results[0]).toEqual({ id: "open", theta: null, theta_se: null });
    expect(results[1]!.id).toBe("scored");
    expect(results[1]!.theta).toBeCloseTo(-1.25, 12);
    expect(results[1]!.theta_se).toBeCloseTo(0.31, 12);
    expect(scaleScoreOfTheta(results[1]!.theta)).toBe(187.5);
  });
});

describe("migration 0030 on answers stored before it", () => {
  let d1: D1Database;
  useEmptyDatabase((database) => (d1 = database));

  it("keeps every answer, keyed by its session and question, and writes an answer as one row; logs keep one index by session and question", async () => {
    await applyMigrations(d1, (file) => file < "0030");
    await d1.batch([
      d1.prepare("insert into sessions (id, test_title, user_id, test_mode) values ('s1', 'T', 'ana', 'placement'), ('s2', 'T', 'ben', 'placement')"),
      d1.prepare(
        `insert into session_answers (id, session_id, question_id, question_text, question_type, difficulty, answer, points_earned, max_points, was_correct,
           time_spent_seconds, measured_seconds, rapid_guess, grading_score, feedback, strengths, improvements, answered_at, created_at, updated_at)
         values ('a1', 's1', 'q1', '<p>Why?</p>', 'free_response', 'hard', '"Because"', 1.5, 3, 0, 40, 38, 0, 50, 'Half of it', '["a"]', '["b"]', 1000, 1001, 1002),
                ('a2', 's1', 'q2', 'Pick one', 'multiple_choice', 'easy', '"B"', 1, 1, 1, 9, null, 1, null, null, null, null, 2000, 2001, 2002),
                ('a3', 's2', 'q1', '<p>Why?</p>', 'free_response', 'hard', null, 0, 3, null, 0, null, 0, null, null, null, null, 3000, 3001, 3002)`,
      ),
      d1.prepare(
        "insert into ai_grading_logs (id, session_id, question_id, question_type, question_text, score, ai_model) values ('log-1', 's1', 'q1', 'free_response', 'Why?', 50, 'offline')",
      ),
      d1.prepare(
        "insert into grade_overrides (id, session_id, question_id, grading_log_id, score, reason, overridden_by, overridden_by_name) values ('o1', 's1', 'q1', 'log-1', 80, 'Fair', 'u1', 'Ms. A')",
      ),
    ]);
    const before = await d1.prepare("select * from session_answers order by session_id, question_id").all<Record<string, unknown>>();

    await applyMigrations(d1, (file) => file >= "0030");

    const after = await d1.prepare("select * from session_answers order by session_id, question_id").all<Record<string, unknown>>();
    expect(after.results).toEqual(before.results.map(({ id: _id, ...answer }) => ({ ...answer, question_text_id: null })));
    expect(await d1.prepare("select question_text, question_text_id, rubric_id from ai_grading_logs").first()).toEqual({
      question_text: "Why?",
      question_text_id: null,
      rubric_id: null,
    });
    await expect(
      d1
        .prepare(
          "insert into session_answers (session_id, question_id, question_text, question_type, difficulty) values ('s1', 'q1', 'x', 'free_response', 'hard')",
        )
        .run(),
    ).rejects.toThrow(/UNIQUE|PRIMARY KEY/i);
    // The key is the table (WITHOUT ROWID): workerd counts an answer as one row written, not the four of a row with an id and three indexes.
    const written = await d1
      .prepare(
        "insert into session_answers (session_id, question_id, question_text, question_type, difficulty) values ('s2', 'q2', 'Pick one', 'multiple_choice', 'easy')",
      )
      .run();
    expect(written.meta.rows_written).toBe(1);
    const logIndexes = await d1.prepare("select name from pragma_index_list('ai_grading_logs') where origin = 'c' order by name").all<{ name: string }>();
    expect(logIndexes.results.map((row) => row.name)).toEqual(["ai_grading_logs_session_question_idx"]);
    expect(await d1.prepare("select grading_log_id from grade_overrides where id = 'o1'").first("grading_log_id")).toBe("log-1");
    await d1.prepare("delete from sessions where id = 's1'").run();
    expect(await d1.prepare("select count(*) as n from session_answers").first("n")).toBe(2);
    expect(await d1.prepare("select count(*) as n from ai_grading_logs").first("n")).toBe(0);
    const { results: brokenLinks } = await d1.prepare("select * from pragma_foreign_key_check").all();
    expect(brokenLinks).toEqual([]);
  });
});

describe("migration 0032 on sessions scored before it", () => {
  let d1: D1Database;
  useEmptyDatabase((database) => (d1 = database));

  it("marks for 'Review AI Grading' the sessions whose scores hold the grader's words, by the rule the write behind applies", async () => {
    await applyMigrations(d1, (file) => file < "0032");
    const scored: Record<string, unknown> = {
      feedback: { overall: { score: 70 }, q1: { score: 70, feedback: "Clear reasoning.", strengths: [], improvements: [] } },
      strength: { q1: { score: 70, feedback: null, strengths: ["Uses units"], improvements: [] } },
      improvement: { q1: { score: 70, improvements: ["Show the steps"] } },
      overallOnly: { overall: { score: 80, feedback: "Well done", strengths: ["x"] } },
      blanks: { q1: { score: 70, feedback: "  ", strengths: [], improvements: [""] } },
      notEntries: { q1: 70, q2: null, q3: "feedback", q4: { strengths: "not a list" } },
      empty: {},
    };
    const insert = d1.prepare("insert into sessions (id, test_title, user_id, test_mode, scores) values (?, 'T', ?, 'placement', ?)");
    await d1.batch([
      ...Object.entries(scored).map(([id, scores]) => insert.bind(id, id, JSON.stringify(scores))),
      insert.bind("malformed", "malformed", "{not json"),
    ]);

    await applyMigrations(d1, (file) => file >= "0032");

    const { results } = await d1.prepare("select id, has_ai_feedback from sessions order by id").all<{ id: string; has_ai_feedback: number }>();
    const marked = results.filter((row) => row.has_ai_feedback === 1).map((row) => row.id);
    expect(marked).toEqual(
      Object.keys(scored)
        .filter((id) => hasAiFeedback(scored[id] as Record<string, unknown>))
        .sort(),
    );
    expect(marked).toEqual(["feedback", "improvement", "strength"]);
  });
});
