/**
 * `npm run bench:storage`: what one test costs D1. Runs the bundled Worker (dist/, from
 * `npm run build`) in Miniflare, makes a 60-question diagnostic test over 15 competencies (three
 * choice questions to one open one, graded offline) and has BENCH_TESTS students take it through
 * the API to 40 answers each, one write behind an answer (as at a minute an answer). Each session is then written to D1, read by the item calibrator and
 * archived, as the alarms do a week later (SESSION_ARCHIVE_AFTER_HOURS=0 here). The calibrator
 * holds its rows in its own storage and is flushed to D1 once after the measured tests, as its
 * alarm (ten minutes) or its 50th held session would: the flush's rows are shared by those tests. It prints where
 * the rows went and, as its last line, `per test: R rows, B bytes`.
 *
 * Rows written, as D1 counts them: every row the Worker inserts, updates or deletes, and each
 * index entry that write changes, counted by triggers the bench adds to each table (it prints the
 * rows alone beside them). Bytes: the growth of the
 * database file (D1's `size_after`: tables and indexes, in whole pages) over the measured tests,
 * after one warm-up test that creates what is written once (the items' calibration rows).
 * A benchmark, not a test: it asserts only that each session answered 40 questions.
 *
 * `npm run bench:storage -- --model` grades the open answers with a model instead: a local
 * OpenAI-compatible stub (tests/support/openai-stub.ts) that the Worker calls as it would a
 * provider, so each open answer also writes its grading job and the model's log (the app's own
 * prompt, and the stub's short reply: a real model's reply is longer).
 */
import type { ItemCalibratorRpc } from "~/domain/adaptive/calibrator-contract";
import { CALIBRATOR_NAME } from "~/domain/adaptive/calibrator-contract";
import type { TestSessionRpc } from "~/domain/sessions/session-contract";

import { type ApiClient, apiClient } from "../tests/support/api";
import { runDurableObjectAlarm, storedKeys } from "../tests/support/durable-object-alarms";
import { startOpenAiStub } from "../tests/support/openai-stub";
import { answerFor } from "../tests/support/session-answers";
import { demoAccounts, startWorker, type TestWorker } from "../tests/support/worker";

const TESTS = Number(process.env.BENCH_TESTS ?? 10);
const ANSWERS = 40;
const COMPETENCIES = 15;
const QUESTIONS_PER_COMPETENCY = 4;
const COUNTER = "bench_row_writes";

/**
 * Triggers on every table that count, into COUNTER, the rows inserted, updated and deleted and the
 * rows D1 bills as written: the row itself and an entry in each of its table's indexes on an
 * insert or a delete, and in each index over a column the update sets. A WITHOUT ROWID table's
 * primary key is the table itself, not an index beside it: workerd's own count (D1's
 * `meta.rows_written`) is 1 for a row inserted in one with no other index, 2 with a text primary
 * key in an ordinary table.
 */
async function countRowWrites(d1: D1Database): Promise<void> {
  const indexes = await d1
    .prepare(
      `select m.name as tbl, il.name as idx, il.origin = 'pk' and m.sql like '%without rowid' as isTable, group_concat('"' || ii.name || '"') as cols
       from sqlite_master m left join pragma_index_list(m.name) il left join pragma_index_info(il.name) ii
       where m.type = 'table' and m.name not like 'sqlite_%' and m.name not like '_cf_%' and m.name not like 'd1_%' and m.sql not like 'create virtual%'
       group by m.name, il.name`,
    )
    .all<{ tbl: string; idx: string | null; isTable: number | null; cols: string | null }>();
  const byTable = new Map<string, { idx: string; cols: string | null }[]>();
  for (const row of indexes.results) {
    const index = row.idx && !row.isTable ? [{ idx: row.idx, cols: row.cols }] : [];
    byTable.set(row.tbl, [...(byTable.get(row.tbl) ?? []), ...index]);
  }
  const statements = [d1.prepare(`create table ${COUNTER} (tbl text primary key, changed integer not null default 0, billed integer not null default 0)`)];
  for (const [table, tableIndexes] of byTable) {
    const count = (changed: number, billed: number) =>
      `update ${COUNTER} set changed = changed + ${changed}, billed = billed + ${billed} where tbl = '${table}'`;
    statements.push(d1.prepare(`insert into ${COUNTER} (tbl) values (?)`).bind(table));
    for (const event of ["insert", "delete"]) {
      statements.push(d1.prepare(`create trigger bench_${event}_${table} after ${event} on "${table}" begin ${count(1, 1 + tableIndexes.length)}; end`));
    }
    statements.push(d1.prepare(`create trigger bench_update_${table} after update on "${table}" begin ${count(1, 1)}; end`));
    tableIndexes.forEach(({ cols }, n) => {
      const of = cols ? ` of ${cols}` : "";
      statements.push(d1.prepare(`create trigger bench_update_${table}_${n} after update${of} on "${table}" begin ${count(0, 1)}; end`));
    });
  }
  await d1.batch(statements);
}

type Counts = Map<string, { changed: number; billed: number }>;

async function rowWrites(d1: D1Database): Promise<Counts> {
  const rows = await d1.prepare(`select tbl, changed, billed from ${COUNTER}`).all<{ tbl: string; changed: number; billed: number }>();
  return new Map(rows.results.map((row) => [row.tbl, { changed: row.changed, billed: row.billed }]));
}

/** The bytes of a table's values (not its pages, nor its indexes), summed, and its row count: where the bytes go. */
async function valueBytes(d1: D1Database, table: string): Promise<number> {
  const columns = await d1.prepare("select name from pragma_table_info(?)").bind(table).all<{ name: string }>();
  const sum = columns.results.map(({ name }) => `coalesce(length(cast("${name}" as blob)), 0)`).join(" + ");
  return (await d1.prepare(`select coalesce(sum(${sum}), 0) as bytes from "${table}"`).first<number>("bytes")) ?? 0;
}

async function databaseBytes(d1: D1Database): Promise<number> {
  const result = await d1.prepare("select 1").run();
  const size = (result.meta as { size_after?: number }).size_after;
  if (typeof size !== "number") throw new Error("D1 reported no size_after");
  return size;
}

async function makeTest(admin: ApiClient) {
  const tag = crypto.randomUUID().slice(0, 8);
  const questions: { id: string; sectionId: string }[] = [];
  const sections: { id: string; title: string }[] = [];
  for (let c = 0; c < COMPETENCIES; c += 1) {
    const competency = await admin.post("/api/competencies", { description: `Storage skill ${c + 1} ${tag}` });
    const sectionId = `section-${c}-${tag}`;
    sections.push({ id: sectionId, title: `Skill ${c + 1}` });
    for (let q = 0; q < QUESTIONS_PER_COMPETENCY; q += 1) {
      const open = q === QUESTIONS_PER_COMPETENCY - 1;
      const difficulty = (["easy", "medium", "hard"] as const)[(c + q) % 3];
      const created = await admin.post(
        "/api/questions",
        open
          ? {
              text: `<p>Explain skill ${c + 1}, case ${q + 1}: why does the water level in a puddle fall on a sunny day?</p>`,
              type: "free_response",
              difficulty,
              rubric: "The Sun heats the water, which evaporates: liquid water turns into water vapour that mixes into the air.",
            }
          : {
              text: `<p>Skill ${c + 1}, question ${q + 1}: which of these is equal to three quarters?</p>`,
              type: "multiple_choice",
              difficulty,
              options: [
                { text: "0.75", isCorrect: true },
                { text: "0.34", isCorrect: false },
                { text: "3.4", isCorrect: false },
                { text: "0.5", isCorrect: false },
              ],
            },
      );
      if (created.status !== 201) throw new Error(`Creating a question failed: ${created.status} ${JSON.stringify(created.data)}`);
      await admin.post(`/api/questions/${created.data.id}/competencies`, { competencyId: competency.data.id, isPrimary: true });
      questions.push({ id: created.data.id, sectionId });
    }
  }
  const details = { title: `Storage bench ${tag}`, description: "Forty answers", gradeLevel: "5", subject: "Mathematics" };
  const test = await admin.post("/api/tests", details);
  await admin.put(`/api/tests/${test.data.id}`, { ...details, sections, questions });
  const classId = (await admin.post("/api/cohorts", { name: `Storage ${tag}`, testConfigId: test.data.id, testMode: "diagnostic" })).data.id as string;
  return { testId: test.data.id as string, classId };
}

/** One student's whole test: start, 40 answers, then what the session's alarms and the calibrator do after it. */
async function takeTest(worker: TestWorker, admin: ApiClient, test: { testId: string; classId: string }, student: string): Promise<string> {
  const started = await admin.post("/api/sessions/start", { testConfigId: test.testId, testMode: "diagnostic", userId: student, cohortId: test.classId });
  if (started.status !== 201) throw new Error(`Starting failed: ${started.status} ${JSON.stringify(started.data)}`);
  const sessionId = started.data.sessionId as string;
  const sessions = (await worker.mf.getDurableObjectNamespace("TEST_SESSION")) as unknown as DurableObjectNamespace<TestSessionRpc>;
  const object = sessions.get(sessions.idFromName(sessionId));
  let question = (await admin.get(`/api/sessions/${sessionId}/next-question`)).data.question;
  let answered = 0;
  while (question) {
    const submitted = await admin.post(`/api/sessions/${sessionId}/submit`, {
      questionId: question.id,
      answer: answered % 3 === 2 && question.type === "multiple_choice" ? question.options[1] : answerFor(question),
      timeSpentSeconds: 20 + (answered % 7),
    });
    if (submitted.status !== 200) throw new Error(`Answering failed: ${submitted.status} ${JSON.stringify(submitted.data)}`);
    answered += 1;
    // A student answers about once a minute: each answer reaches D1 in its own write behind, 5 s later.
    await object.flush();
    question = submitted.data.completed ? null : submitted.data.nextQuestion;
  }
  if (answered !== ANSWERS) throw new Error(`The session asked ${answered} questions, not ${ANSWERS}`);
  const calibrators = (await worker.mf.getDurableObjectNamespace("ITEM_CALIBRATOR")) as unknown as DurableObjectNamespace<ItemCalibratorRpc>;
  await calibrators.get(calibrators.idFromName(CALIBRATOR_NAME)).applyPending();
  for (let tries = 0; (await storedKeys(object)).length > 0; tries += 1) {
    if (tries > 100) throw new Error(`Session ${sessionId} was never archived`);
    await runDurableObjectAlarm(object);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  return sessionId;
}

async function flushCalibrator(worker: TestWorker): Promise<void> {
  const calibrators = (await worker.mf.getDurableObjectNamespace("ITEM_CALIBRATOR")) as unknown as DurableObjectNamespace<ItemCalibratorRpc>;
  await calibrators.get(calibrators.idFromName(CALIBRATOR_NAME)).flush();
}

/** Waits until the writes the Worker left running behind its responses (the grading logs) have landed. */
async function settled(d1: D1Database): Promise<void> {
  let last = -1;
  for (;;) {
    const total = [...(await rowWrites(d1)).values()].reduce((sum, n) => sum + n.billed, 0);
    if (total === last) return;
    last = total;
    await new Promise((resolve) => setTimeout(resolve, 300));
  }
}

const withModel = process.argv.includes("--model");
const stub = withModel ? await startOpenAiStub() : null;
const modelVars: Record<string, string> = stub ? { AI_API_KEY: "bench-key", AI_BASE_URL: stub.baseURL } : {};
const worker = await startWorker({ vars: { SESSION_ARCHIVE_AFTER_HOURS: "0", ...modelVars }, triggerableAlarms: true });
try {
  const admin = apiClient(worker, await worker.signIn(demoAccounts.admin.email, demoAccounts.admin.password));
  const test = await makeTest(admin);
  await countRowWrites(worker.d1);
  await takeTest(worker, admin, test, "STORAGE-WARMUP");
  await flushCalibrator(worker);
  await settled(worker.d1);
  const rowsBefore = await rowWrites(worker.d1);
  const tables = [...rowsBefore.keys()];
  const valuesBefore = new Map(await Promise.all(tables.map(async (table) => [table, await valueBytes(worker.d1, table)] as const)));
  const bytesBefore = await databaseBytes(worker.d1);
  const started = performance.now();
  for (let index = 0; index < TESTS; index += 1) await takeTest(worker, admin, test, `STORAGE-${index + 1}`);
  await flushCalibrator(worker);
  await settled(worker.d1);
  const seconds = (performance.now() - started) / 1000;
  const rowsAfter = await rowWrites(worker.d1);
  const bytes = (await databaseBytes(worker.d1)) - bytesBefore;
  const values = new Map(await Promise.all(tables.map(async (table) => [table, (await valueBytes(worker.d1, table)) - valuesBefore.get(table)!] as const)));
  const byTable = [...rowsAfter]
    .map(([table, n]) => {
      const before = rowsBefore.get(table) ?? { changed: 0, billed: 0 };
      return [table, { changed: n.changed - before.changed, billed: n.billed - before.billed }] as const;
    })
    .filter(([, n]) => n.billed > 0)
    .sort((a, b) => b[1].billed - a[1].billed);
  const sum = (key: "changed" | "billed") => byTable.reduce((total, [, n]) => total + n[key], 0);
  const perTest = (n: number) => (n / TESTS).toFixed(1).padStart(9);
  console.log(
    `${TESTS} tests of ${ANSWERS} answers after one warm-up, in ${seconds.toFixed(1)} s; open answers graded ${stub ? "by a model (the local stub)" : "offline"}`,
  );
  console.log(
    `per test, by table: ${"rows".padStart(9)} ${"billed".padStart(9)} ${"values B".padStart(9)}  (billed: rows with their index entries, as D1 counts rows written; values: bytes of the values added, without pages or indexes)`,
  );
  for (const [table, n] of byTable) console.log(`  ${table.padEnd(28)} ${perTest(n.changed)} ${perTest(n.billed)} ${perTest(values.get(table) ?? 0)}`);
  console.log(`  ${"all tables".padEnd(28)} ${perTest(sum("changed"))} ${perTest(sum("billed"))}`);
  console.log(`per test: ${Math.round(sum("billed") / TESTS)} rows, ${Math.round(bytes / TESTS)} bytes`);
} finally {
  await worker.dispose();
  await stub?.close();
}
