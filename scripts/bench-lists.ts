/**
 * `npm run bench:lists`: how the bank's list pages scale. Runs the bundled Worker (dist/, from
 * `npm run build`) in Miniflare, seeds 1,000 and then 10,000 questions, signs in as the demo
 * admin and prints, per page, the median server time over REPEAT requests and the HTML size,
 * plus the query plans. A benchmark, not a test: it prints figures and asserts nothing.
 *
 * "Server time" is the wall time of Miniflare's dispatchFetch, so it includes the dispatch
 * overhead; the health check row shows that floor.
 *
 * Then the Students screen and `GET /api/students` at BENCH_STUDENTS students (100,000 unless
 * set; 0 skips it) on 2,700 classes: first page, searches by name, ID and class, with median and
 * 95th percentile times, HTML size and the list's query plans (ADR 0049): "mar" is a prefix a third
 * of the district shares, "turing" the family name that sorts last, "wei" a given name.
 */
import { seedBankQuestions } from "../tests/support/seed-bank";
import { demoAccounts, startWorker } from "../tests/support/worker";

const REPEAT = Number(process.env.BENCH_REPEAT ?? 20);
const SIZES = (process.env.BENCH_SIZES ?? "1000,10000").split(",").filter(Boolean).map(Number);

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
const p95 = (values: number[]) => [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.ceil(values.length * 0.95) - 1)]!;

type BenchWorker = Awaited<ReturnType<typeof startWorker>>;

/** The times of REPEAT runs of `work`, after two warm-up runs (the isolate and SQLite's page cache), and its last result. */
async function timed<T>(work: () => Promise<T>): Promise<{ times: number[]; last: T }> {
  const times: number[] = [];
  let last!: T;
  for (let run = 0; run < REPEAT + 2; run += 1) {
    const started = performance.now();
    last = await work();
    if (run >= 2) times.push(performance.now() - started);
  }
  return { times, last };
}

/** One page's body, refused unless it answers 200. */
async function pageBody(worker: BenchWorker, path: string, jar: Awaited<ReturnType<BenchWorker["signIn"]>>) {
  const response = await worker.request(path, { jar });
  const body = await response.text();
  if (response.status !== 200) throw new Error(`${path} answered ${response.status}`);
  return body;
}

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
      const { times, last: body } = await timed(() => pageBody(worker, path, jar));
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

const STUDENTS = Number(process.env.BENCH_STUDENTS ?? 100_000);
const CLASSES = 2_700;
const GIVEN = ["Ada", "Alan", "Maria", "Mark", "Marcus", "Grace", "Katherine", "Noah", "Liam", "Emma", "Olivia", "Sofia", "Mateo", "Aisha", "Wei", "Yuki"];
const FAMILY = [
  "Lovelace",
  "Turing",
  "Hopper",
  "Johnson",
  "Garcia",
  "Martinez",
  "Martin",
  "Nguyen",
  "Okafor",
  "Smith",
  "Brown",
  "Lee",
  "Khan",
  "Rossi",
  "Silva",
];

/**
 * The students' list as the model builds it (`listStudents`: `studentSearchKeys`, `searchPrefixRange`,
 * the count capped at 1,001, the list's index `students_list_order_idx`), for EXPLAIN QUERY PLAN.
 */
const [GIVEN_FAMILY, FAMILY_GIVEN, ID, ID_NUMBER] = [
  "lower(given_name || ' ' || family_name)",
  "lower(family_name || ' ' || given_name)",
  "lower(district_student_id)",
  "ltrim(lower(district_student_id), 'abcdefghijklmnopqrstuvwxyz-_ ./#:')",
];
const inRange = (key: string, unindexed = false) => `(${unindexed ? "+" : ""}${key} >= ?1 and ${unindexed ? "+" : ""}${key} < ?2)`;
const OTHER_FORMS = (unindexed = false) => [GIVEN_FAMILY, ID, ID_NUMBER].map((key) => inRange(key, unindexed)).join(" or ");
const STUDENT_SEARCH = `${inRange(FAMILY_GIVEN)} or ${OTHER_FORMS()}`;
const LIST_ORDER = `${FAMILY_GIVEN}, district_student_id`;
const capped = (where: string) => `(select count(*) from (select 1 from students where ${where} limit 1001))`;
const broadPage = (othersMany: boolean) =>
  `select students.* from (select ${FAMILY_GIVEN} as sort_key, district_student_id from students where ${inRange(FAMILY_GIVEN)} union select ${FAMILY_GIVEN} as sort_key, district_student_id from students where (${OTHER_FORMS(othersMany)}) order by sort_key, district_student_id limit 51 offset 0) as page inner join students on students.district_student_id = page.district_student_id order by page.sort_key, page.district_student_id`;
const STUDENT_PLANS: [string, string][] = [
  [
    "counts (capped)",
    `with other_forms as materialized (select ${capped(OTHER_FORMS())} as n) select case when n > 1000 then n else ${capped(STUDENT_SEARCH)} end as counted, n as other_forms from other_forms`,
  ],
  ["page, <= 1,000 found", `select * from students where ${STUDENT_SEARCH} order by ${LIST_ORDER} limit 51`],
  ["page, > 1,000 found", broadPage(true)],
  ["page, > 1,000 by family", broadPage(false)],
  ["first page, no search", `select * from students order by ${LIST_ORDER} limit 51`],
];
/** What the list ran before the list's index (ADR 0049 as first decided): every match counted and sorted. */
const BEFORE: string[] = [
  `select * from students where ${STUDENT_SEARCH} order by family_name, given_name, district_student_id limit 50`,
  `select count(*) from students where ${STUDENT_SEARCH}`,
];

async function seedStudents(worker: BenchWorker) {
  const statements = [];
  const classIds = Array.from({ length: CLASSES }, (_, index) => `bench-class-${index}`);
  for (let first = 0; first < CLASSES; first += 25) {
    const rows = classIds.slice(first, first + 25);
    statements.push(
      worker.d1
        .prepare(`insert into cohorts (id, name, join_code) values ${rows.map(() => "(?, ?, ?)").join(", ")}`)
        .bind(
          ...rows.flatMap((id, offset) => [
            id,
            `School ${Math.floor((first + offset) / 30)} Grade ${(first + offset) % 8} - Period ${((first + offset) % 7) + 1}`,
            `B${String(first + offset).padStart(5, "0")}`,
          ]),
        ),
    );
  }
  for (let first = 0; first < STUDENTS; first += 20) {
    const rows = Array.from({ length: Math.min(20, STUDENTS - first) }, (_, offset) => first + offset);
    statements.push(
      worker.d1
        .prepare(`insert into students (id, district_student_id, given_name, family_name, grade) values ${rows.map(() => "(?, ?, ?, ?, ?)").join(", ")}`)
        .bind(
          ...rows.flatMap((index) => [
            `bench-student-${index}`,
            `S-${String(index).padStart(7, "0")}`,
            GIVEN[index % GIVEN.length]!,
            `${FAMILY[Math.floor(index / GIVEN.length) % FAMILY.length]!}${index % 97 ? "" : "-Ortiz"}`,
            String((index % 8) + 1),
          ]),
        ),
    );
    statements.push(
      worker.d1
        .prepare(
          `insert into cohort_members (id, cohort_id, student_id, display_name, student_record_id) values ${rows.map(() => "(?, ?, ?, ?, ?)").join(", ")}`,
        )
        .bind(
          ...rows.flatMap((index) => [
            `bench-member-${index}`,
            classIds[index % CLASSES]!,
            `S-${String(index).padStart(7, "0")}`,
            `Student ${index}`,
            `bench-student-${index}`,
          ]),
        ),
    );
  }
  for (let first = 0; first < statements.length; first += 500) await worker.d1.batch(statements.slice(first, first + 500));
}

/** What an API answer found: its total, "+" when the total is a lower bound (`totalIsAtLeast`). */
const apiShows = (answer: { total: number; totalIsAtLeast?: boolean }) => `${answer.total}${answer.totalIsAtLeast ? "+" : ""} found`;

async function benchStudents() {
  const worker = await startWorker();
  try {
    const seeding = performance.now();
    await seedStudents(worker);
    const total = await worker.d1.prepare("select count(*) as n from students").first<number>("n");
    const classes = await worker.d1.prepare("select count(*) as n from cohorts").first<number>("n");
    console.log(`\n== ${total} students, ${classes} classes (seeded in ${((performance.now() - seeding) / 1000).toFixed(1)} s) ==`);
    const jar = await worker.signIn(demoAccounts.admin.email, demoAccounts.admin.password);
    const pages: [string, string][] = [
      ["health check (floor)", "/api/system/health"],
      ["students, first page", "/admin/students"],
      ["students, search 'mar'", "/admin/students?q=mar"],
      ["students, search 'garcia mark'", "/admin/students?q=garcia%20mark"],
      ["students, search one ID", "/admin/students?q=S-0054321"],
      ["students, search ID number", "/admin/students?q=0054321"],
      ["students, class search 'period 3'", "/admin/students?classq=period%203"],
      ["students, one class", "/admin/students?cohortId=bench-class-77"],
      ["API, search 'mar'", "/api/students?q=mar"],
      ["API, search 'mar', page 20", "/api/students?q=mar&page=20"],
      ["API, search 'garcia mark'", "/api/students?q=garcia%20mark"],
      ["API, search ID number", "/api/students?q=0054321"],
      ["API, search 'turing'", "/api/students?q=turing"],
      ["API, search 'wei'", "/api/students?q=wei"],
      ["API, one class", "/api/students?cohortId=bench-class-77"],
      ["API, first page", "/api/students"],
    ];
    console.log(`${"page".padEnd(34)} ${"median ms".padStart(9)} ${"p95 ms".padStart(7)} ${"HTML kB".padStart(8)}  shows`);
    for (const [label, path] of pages) {
      const { times, last: body } = await timed(() => pageBody(worker, path, jar));
      const bytes = new TextEncoder().encode(body).length;
      const shows = body.match(/Showing \d+ of [^<]*?students/)?.[0] ?? (path.startsWith("/api/students") ? apiShows(JSON.parse(body)) : "");
      console.log(
        `${label.padEnd(34)} ${median(times).toFixed(1).padStart(9)} ${p95(times).toFixed(1).padStart(7)} ${(bytes / 1024).toFixed(1).padStart(8)}  ${shows}`,
      );
    }
    console.log("\nEXPLAIN QUERY PLAN (q = 'mar')");
    for (const [label, query] of STUDENT_PLANS) {
      const explain = worker.d1.prepare(`explain query plan ${query}`);
      const plan = await (query.includes("?1") ? explain.bind("mar", "mar\u{10FFFF}") : explain).all<{ detail: string }>();
      console.log(`${label.padEnd(24)} ${plan.results.map((row) => row.detail).join("; ")}`);
    }
    // The queries alone, in D1 (from Node, so each call carries Miniflare's overhead): what each term costs now and before.
    for (const term of ["mar", "garcia mark", "turing", "wei"]) {
      const bind = (query: string) => worker.d1.prepare(query).bind(term, `${term}\u{10FFFF}`);
      const counts = await bind(STUDENT_PLANS[0]![1]).first<{ counted: number; other_forms: number }>();
      const pageQuery = counts!.counted <= 1000 ? STUDENT_PLANS[1]![1] : broadPage(counts!.other_forms > 1000);
      // Each side in one batch, so Miniflare's Node-to-D1 overhead counts once on each.
      const { times: now } = await timed(() => worker.d1.batch([bind(STUDENT_PLANS[0]![1]), bind(pageQuery)]));
      const { times: before } = await timed(() => worker.d1.batch(BEFORE.map(bind)));
      console.log(
        `'${term}' in D1: capped counts + page median ${median(now).toFixed(1)} ms (p95 ${p95(now).toFixed(1)}); before, full count + sorted page ${median(before).toFixed(1)} ms (p95 ${p95(before).toFixed(1)})`,
      );
    }
  } finally {
    await worker.dispose();
  }
}

for (const size of SIZES) await benchAt(size);
if (STUDENTS > 0) await benchStudents();
