/**
 * `npm run bench:lists`: how the bank's list pages scale. Runs the bundled Worker (dist/, from
 * `npm run build`) in Miniflare, seeds 1,000 and then 10,000 questions, signs in as the demo
 * admin and prints, per page, the median server time over REPEAT requests and the HTML size,
 * plus the query plans. A benchmark, not a test: it prints figures and asserts nothing.
 *
 * "Server time" is the wall time of Miniflare's dispatchFetch, so it includes the dispatch
 * overhead; the health check row shows that floor.
 */
import { seedBankQuestions } from "../tests/support/seed-bank";
import { demoAccounts, startWorker } from "../tests/support/worker";

const REPEAT = Number(process.env.BENCH_REPEAT ?? 20);
const SIZES = (process.env.BENCH_SIZES ?? "1000,10000").split(",").map(Number);

const PAGES: [string, string][] = [
  ["health check (floor)", "/api/system/health"],
  ["bank, first page", "/admin/question-bank"],
  ["bank, search 'photosynthesis'", "/admin/question-bank?search=photosynthesis"],
  ["bank, search one question", "/admin/question-bank?search=bench%20question%20777%3A"],
  ["bank, type+difficulty filter", "/admin/question-bank?type=chat&difficulty=hard"],
  ["bank, type filter", "/admin/question-bank?type=scenario"],
  ["bank, page 200", "/admin/question-bank?page=200"],
  ["dialog choices, search, page 2", "/admin/question-bank/choices?search=fractions&page=2"],
];

/** The SQL the bank's page query and its count run (models/questions.server), for EXPLAIN QUERY PLAN. */
const SEARCH = "instr(coalesce(search_text, lower(text)), ?) > 0";
const PLANS: [string, string, unknown[]][] = [
  ["first page", "select * from questions order by created_at desc, rowid desc limit 20 offset 0", []],
  ["count, no filter", "select count(*) from questions", []],
  [
    "type+difficulty page",
    "select * from questions where type = ? and difficulty = ? order by created_at desc, rowid desc limit 20 offset 0",
    ["chat", "hard"],
  ],
  ["type page", "select * from questions where type = ? order by created_at desc, rowid desc limit 20 offset 0", ["scenario"]],
  ["difficulty page", "select * from questions where difficulty = ? order by created_at desc, rowid desc limit 20 offset 0", ["easy"]],
  ["type+difficulty count", "select count(*) from questions where type = ? and difficulty = ?", ["chat", "hard"]],
  ["search page", `select * from questions where ${SEARCH} order by created_at desc, rowid desc limit 20 offset 0`, ["photosynthesis"]],
  ["search count", `select count(*) from questions where ${SEARCH}`, ["photosynthesis"]],
  ["page 200", "select * from questions order by created_at desc, rowid desc limit 20 offset 3980", []],
];

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
};

async function benchAt(size: number) {
  const worker = await startWorker();
  try {
    const competency = await worker.d1.prepare("select id from competencies limit 1").first<string>("id");
    const seeding = performance.now();
    await seedBankQuestions(worker.d1, size, { prefix: "Bench", competencyId: competency ?? undefined });
    const total = await worker.d1.prepare("select count(*) as n from questions").first<number>("n");
    console.log(`\n== ${total} questions (seeded ${size} in ${((performance.now() - seeding) / 1000).toFixed(1)} s) ==`);
    const jar = await worker.signIn(demoAccounts.admin.email, demoAccounts.admin.password);
    console.log(`${"page".padEnd(34)} ${"median ms".padStart(9)} ${"min ms".padStart(7)} ${"HTML kB".padStart(8)}  shows`);
    for (const [label, path] of PAGES) {
      const times: number[] = [];
      let body = "";
      for (let run = 0; run < REPEAT + 2; run += 1) {
        const started = performance.now();
        const response = await worker.request(path, { jar });
        body = await response.text();
        if (response.status !== 200) throw new Error(`${path} answered ${response.status}`);
        // The first two runs warm up the isolate and SQLite's page cache.
        if (run >= 2) times.push(performance.now() - started);
      }
      const bytes = new TextEncoder().encode(body).length;
      const shows = body.match(/Showing [\d-]+ of \d+ questions/)?.[0] ?? (path.includes("choices") ? `${JSON.parse(body).questions.length} choices` : "");
      console.log(
        `${label.padEnd(34)} ${median(times).toFixed(1).padStart(9)} ${Math.min(...times)
          .toFixed(1)
          .padStart(7)} ${(bytes / 1024).toFixed(1).padStart(8)}  ${shows}`,
      );
    }
    if (size === Math.max(...SIZES)) {
      console.log("\nEXPLAIN QUERY PLAN");
      for (const [label, query, params] of PLANS) {
        const plan = await worker.d1
          .prepare(`explain query plan ${query}`)
          .bind(...params)
          .all<{ detail: string }>();
        console.log(`${label.padEnd(24)} ${plan.results.map((row) => row.detail).join("; ")}`);
      }
    }
  } finally {
    await worker.dispose();
  }
}

for (const size of SIZES) await benchAt(size);
