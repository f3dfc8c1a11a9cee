/**
 * `npm run load`: simulated students, all at once, join the demo class, start its test, answer
 * every question and complete, against `npm start`'s own server (build, migrations, seed, front
 * door, `wrangler dev`) on a fresh state folder; and, as the floor, an empty Worker served the same
 * way (the same front door and `wrangler dev`, scripts/load/serve-empty.mjs). Both stay up and are
 * measured side by side in interleaved rounds (app, empty, app, empty, ...): each empty round sends
 * as many POSTs as its app round's submits, with the same concurrency, so a machine whose speed
 * drifts moves both sides of each round's ratio. Prints each call's p50/p95/p99, each round's
 * submit throughput, the empty Worker's and their ratio, then the ratio's median with its spread;
 * checks that every acknowledged answer is in D1 exactly once. Requests the local relays failed
 * (and, for the empty Worker, network failures) are retried up to 3 times on both sides and counted.
 * A benchmark: it exits 1 only when a call failed or an acknowledged answer is missing (or doubled)
 * in D1.
 *
 * With `--watch`, a teacher watches instead of the empty Worker: each round is the app twice, with
 * and without the class's Live page open (its WebSocket and its reads, scripts/load/watch.ts), in
 * alternating order; it prints the time from each submit to the view's read that shows it
 * (p50/p95/max) and the submit throughput with the view over without it.
 *
 * With `--profile FILE`, the app Worker's CPU profile over the app rounds is written to FILE (a
 * .cpuprofile for Chrome DevTools) and its heaviest functions are printed; the profiler slows the
 * app, so quote the ratio of a run without it.
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { parseArgs } from "node:util";

import { DEFAULT_DEMO_ACCOUNTS, DEMO_JOIN_CODE } from "../app/models/seed.server";
import { checkD1, type D1Check } from "./load/d1-check";
import { floodEmpty, proxyRetries, type Report, runStudents, type Step, STEPS } from "./load/driver";
import { type CpuProfile, heaviestFunctions, startProfile } from "./load/profile";
import { leftovers, type Server, startApp, startEmptyBehindFront, waitUntilUp } from "./load/servers";
import { median, ms, table, Timings } from "./load/stats";
import { LiveWatcher, signInAsAdmin } from "./load/watch";

const USAGE = `usage: npm run load -- [--students N] [--concurrency N] [--rounds N] [--port PORT] [--keep-state] [--profile FILE] [--watch]

  --students N     students in each app round (default 200; 35 with --watch)
  --concurrency N  students (and empty-Worker POSTs) at a time (default: all of them)
  --rounds N       interleaved rounds, app then empty Worker each (default 3)
  --port PORT      the app's port (default 8790); the empty Worker uses PORT + 1, the profiler PORT + 2
  --keep-state     keep the state folder and the server logs
  --profile FILE   write the app Worker's CPU profile over the app rounds to FILE and print its heaviest functions
  --watch          a teacher watching: each round runs the students twice, with and without the demo admin's
                   Live page of the class open (its WebSocket, and a read of the view on each change), in
                   alternating order, instead of the empty Worker; prints the time from each submit to the
                   view's read that shows it and the throughput with the view over without it
  --help           this text`;

const { values } = parseArgs({
  options: {
    students: { type: "string" },
    concurrency: { type: "string" },
    rounds: { type: "string", default: "3" },
    port: { type: "string", default: "8790" },
    "keep-state": { type: "boolean", default: false },
    profile: { type: "string" },
    watch: { type: "boolean", default: false },
    help: { type: "boolean", default: false },
  },
});
if (values.help) {
  console.log(USAGE);
  process.exit(0);
}
const watch = values.watch;
const students = Number(values.students ?? (watch ? 35 : 200));
const concurrency = Number(values.concurrency ?? students);
const rounds = Number(values.rounds);
const port = Number(values.port);
const emptyPort = port + 1;
const inspectorPort = port + 2;
const profileFile = values.profile;
if (!(students > 0) || !(concurrency > 0) || !(port > 0) || !Number.isInteger(rounds) || rounds < 1) {
  console.error(USAGE);
  process.exit(2);
}

async function portFree(candidate: number): Promise<boolean> {
  return new Promise((done) => {
    const probe = createServer();
    probe.once("error", () => done(false));
    probe.listen(candidate, "127.0.0.1", () => probe.close(() => done(true)));
  });
}
for (const candidate of profileFile ? [port, emptyPort, inspectorPort] : [port, emptyPort]) {
  if (!(await portFree(candidate))) {
    console.error(`Port ${candidate} is in use; pick another with --port (the empty Worker uses --port + 1, the profiler --port + 2).`);
    process.exit(2);
  }
}

const workDir = mkdtempSync(join(tmpdir(), "ate-load-"));
const stateDir = join(workDir, "state");
const emptyDir = join(workDir, "empty");
mkdirSync(emptyDir);
const servers: Server[] = [];
const stopAll = async () => {
  const running = servers.splice(0);
  await Promise.all(running.map((server) => server.stop()));
};
for (const name of ["SIGINT", "SIGTERM"] as const) {
  process.on(name, () => void stopAll().finally(() => process.exit(130)));
}

const seconds = (started: number) => ((performance.now() - started) / 1000).toFixed(1);
const crashNote = (server: Server | undefined) =>
  server?.exited ? `  THE SERVER EXITED during the run (${JSON.stringify(server.exited)}): see ${server.logFile}` : "";

type Round = { submits: number; submitRate: number; emptyRate: number; empty: Awaited<ReturnType<typeof floodEmpty>> };
/** A --watch run's app round: with the view open or not. */
type WatchRound = { round: number; watched: boolean; submits: number; submitRate: number; missed: number };
const watchRounds: WatchRound[] = [];
const watchers: LiveWatcher[] = [];
const reports: Report[] = [];
const roundFigures: Round[] = [];
let d1: D1Check;
let profile: CpuProfile | null = null;
let appCrashed = "";
let emptyCrashed = "";
try {
  // 1. The app, exactly as `npm start` serves it, and the empty Worker behind the same front door.
  const started = performance.now();
  console.log(`› Starting the app (npm start: build, migrations, seed, front door, wrangler dev) on port ${port}, state in ${stateDir}`);
  if (!watch) console.log(`› Starting the empty Worker (front door, wrangler dev) on port ${emptyPort}`);
  const app = startApp(port, stateDir, join(workDir, "app.log"), profileFile ? inspectorPort : undefined);
  servers.push(app);
  // A teacher watching is measured against the same app without the view: no empty Worker.
  const empty = watch ? null : startEmptyBehindFront(emptyPort, emptyDir, join(workDir, "empty.log"));
  if (empty) servers.push(empty);
  await Promise.all([waitUntilUp(app, 300_000), empty && waitUntilUp(empty, 120_000)]);
  console.log(`  up after ${seconds(started)} s`);

  // 2. Warm-ups, not measured: a few students through the app, a few POSTs to the empty Worker.
  const warmup = await runStudents(app.url, Math.min(5, students), Math.min(5, concurrency));
  reports.push(warmup);
  if (empty) await floodEmpty(`${empty.url}/`, 200, Math.min(concurrency, 50));

  // 3. The rounds, side by side: app, empty, app, empty, ...
  const profiler = profileFile ? await startProfile(inspectorPort) : null;
  if (watch) {
    const cookie = await signInAsAdmin(
      app.url,
      process.env.DEMO_ADMIN_EMAIL || DEFAULT_DEMO_ACCOUNTS.admin.email,
      process.env.DEMO_ADMIN_PASSWORD || DEFAULT_DEMO_ACCOUNTS.admin.password,
    );
    const classId = ((await (await fetch(`${app.url}/api/cohorts/join/${DEMO_JOIN_CODE}`)).json()) as { id: string }).id;
    for (let round = 1; round <= rounds; round++) {
      // Alternating which goes first, so a machine that drifts during a round moves both sides alike.
      for (const watched of round % 2 ? [false, true] : [true, false]) {
        const roundStarted = performance.now();
        const watcher = watched ? new LiveWatcher(app.url, classId, cookie) : null;
        await watcher?.open();
        const report = await runStudents(app.url, students, concurrency, DEMO_JOIN_CODE, watcher ? watcher.answered.bind(watcher) : undefined);
        reports.push(report);
        const missed = (await watcher?.close()) ?? 0;
        if (watcher) watchers.push(watcher);
        const figures = {
          round,
          watched,
          submits: report.timings.submit.count + report.timings.submit.errors,
          submitRate: report.timings.submit.count / (report.submitWindowMs / 1000),
          missed,
        };
        watchRounds.push(figures);
        const shown = watcher ? `, view p95 ${ms(watcher.fromSubmit.percentile(95))} from the submit (${watcher.reads.count} reads)` : "";
        console.log(
          `  round ${round}/${rounds} ${watched ? "with" : "without"} the view in ${seconds(roundStarted)} s: submit ${Math.round(figures.submitRate)} req/s${shown}`,
        );
      }
    }
  }
  for (let round = 1; !watch && round <= rounds; round++) {
    const roundStarted = performance.now();
    const report = await runStudents(app.url, students, concurrency);
    reports.push(report);
    const submits = report.timings.submit.count + report.timings.submit.errors;
    const emptyRun = await floodEmpty(`${empty!.url}/`, Math.max(1, submits), Math.min(concurrency, report.students.length));
    const figures = { submits, submitRate: report.timings.submit.count / (report.submitWindowMs / 1000), emptyRate: emptyRun.perSecond, empty: emptyRun };
    roundFigures.push(figures);
    console.log(
      `  round ${round}/${rounds} in ${seconds(roundStarted)} s: submit ${Math.round(figures.submitRate)} req/s, empty ${Math.round(figures.emptyRate)} req/s, ratio ${(figures.submitRate / figures.emptyRate).toFixed(2)}`,
    );
  }
  profile = (await profiler?.stop()) ?? null;
  appCrashed = crashNote(app);
  emptyCrashed = crashNote(empty ?? undefined);

  // 4. D1, behind the Durable Objects.
  const checked = performance.now();
  console.log("› Checking D1: every acknowledged answer exactly once (waiting up to 30 s for the write-behind)");
  d1 = await checkD1(
    stateDir,
    reports.flatMap((report) => report.students),
  );
  console.log(`  read in ${seconds(checked)} s`);
} catch (error) {
  console.error(`\nnpm run load failed: ${(error as Error).message}`);
  for (const server of servers) {
    console.error(`--- last lines of ${server.logFile} ---\n${readFileSync(server.logFile, "utf8").split("\n").slice(-30).join("\n")}`);
  }
  await stopAll();
  process.exit(1);
} finally {
  await stopAll();
}

// 5. The figures: the calls of the measured rounds (the warm-up left out), then each round's ratio.
const measured = reports.slice(1);
const timings = Object.fromEntries(
  STEPS.map((step) => {
    const merged = new Timings();
    for (const report of measured) {
      for (const value of report.timings[step].values) merged.add(value);
      merged.errors += report.timings[step].errors;
    }
    return [step, merged];
  }),
) as Record<Step, Timings>;
const emptyTimings = new Timings();
for (const { empty } of roundFigures) {
  for (const value of empty.timings.values) emptyTimings.add(value);
  emptyTimings.errors += empty.errors;
}
const emptyRetried = roundFigures.reduce((sum, { empty }) => sum + empty.retried, 0);
console.log(
  "\n" +
    table(
      ["call", "ok", "errors", "relay failures retried", "p50", "p95", "p99", "max"],
      STEPS.map((step) => {
        const t = timings[step];
        return [step, t.count, t.errors, proxyRetries[step] ?? 0, ms(t.percentile(50)), ms(t.percentile(95)), ms(t.percentile(99)), ms(t.percentile(100))];
      }).concat(
        watch
          ? []
          : [
              [
                "empty Worker POST",
                emptyTimings.count,
                emptyTimings.errors,
                emptyRetried,
                ms(emptyTimings.percentile(50)),
                ms(emptyTimings.percentile(95)),
                ms(emptyTimings.percentile(99)),
                ms(emptyTimings.percentile(100)),
              ],
            ],
      ),
    ),
);
const ratios = roundFigures.map((round) => round.submitRate / round.emptyRate);
if (!watch)
  console.log(
    "\n" +
      table(
        ["round", "submits", "submit req/s", "empty req/s", "empty retried", "empty errors", "ratio"],
        roundFigures.map((round, index) => [
          index + 1,
          round.submits,
          Math.round(round.submitRate),
          Math.round(round.emptyRate),
          round.empty.retried,
          round.empty.errors,
          ratios[index]!.toFixed(2),
        ]),
      ),
  );
const errors = STEPS.reduce((sum, step) => sum + timings[step].errors, 0) + reports[0]!.errorSamples.length;
const retried = STEPS.reduce((sum, step) => sum + (proxyRetries[step] ?? 0), 0);
const everyStudent = measured.flatMap((report) => report.students);
const finished = everyStudent.filter((student) => student.completed).length;
const acknowledged = everyStudent.reduce((sum, student) => sum + student.acknowledged.length, 0);
const ratio = median(ratios);
console.log(
  `\nstudents finished ${finished}/${students * rounds * (watch ? 2 : 1)}; answers acknowledged ${acknowledged} (${(acknowledged / Math.max(1, finished)).toFixed(1)} per student)`,
);
console.log(
  `D1 after ${(d1.waitedMs / 1000).toFixed(1)} s: lost ${d1.lost}, duplicates ${d1.duplicates}, stored but not acknowledged ${d1.unacknowledged}, questions_answered wrong ${d1.countMismatches}, not marked completed ${d1.notCompleted}, sessions missing ${d1.missingSessions}`,
);
const errorSamples = reports.flatMap((report) => report.errorSamples).slice(0, 10);
if (errorSamples.length) console.log(`errors (first ${errorSamples.length}):\n  ${errorSamples.join("\n  ")}`);
for (const note of [appCrashed, emptyCrashed]) if (note) console.log(note);

// --watch: the view's delay and the throughput with the view over without it, round by round.
const watchRatios: number[] = [];
const fromSubmit = new Timings();
const fromAnswer = new Timings();
const viewReads = new Timings();
if (watch) {
  for (const watcher of watchers) {
    for (const value of watcher.fromSubmit.values) fromSubmit.add(value);
    for (const value of watcher.fromAnswer.values) fromAnswer.add(value);
    for (const value of watcher.reads.values) viewReads.add(value);
    viewReads.errors += watcher.reads.errors;
  }
  for (let round = 1; round <= rounds; round++) {
    const [without, withView] = [false, true].map((watched) => watchRounds.find((figures) => figures.round === round && figures.watched === watched)!);
    watchRatios.push(withView!.submitRate / without!.submitRate);
  }
  console.log(
    "\n" +
      table(
        ["round", "submits without", "req/s without", "submits with the view", "req/s with", "ratio with/without", "answers never shown"],
        watchRatios.map((ratio, index) => {
          const [without, withView] = [false, true].map((watched) =>
            watchRounds.find((figures) => figures.round === index + 1 && figures.watched === watched)!,
          );
          return [
            index + 1,
            without!.submits,
            Math.round(without!.submitRate),
            withView!.submits,
            Math.round(withView!.submitRate),
            ratio.toFixed(2),
            withView!.missed,
          ];
        }),
      ),
  );
  console.log(
    "\n" +
      table(
        ["the teacher's view", "count", "errors", "p50", "p95", "max"],
        [
          ["submit sent → view shows it", fromSubmit.count, 0, ms(fromSubmit.percentile(50)), ms(fromSubmit.percentile(95)), ms(fromSubmit.percentile(100))],
          [
            "answer acknowledged → view shows it",
            fromAnswer.count,
            0,
            ms(fromAnswer.percentile(50)),
            ms(fromAnswer.percentile(95)),
            ms(fromAnswer.percentile(100)),
          ],
          [
            "read of the view (GET /api/cohorts/{id}/live)",
            viewReads.count,
            viewReads.errors,
            ms(viewReads.percentile(50)),
            ms(viewReads.percentile(95)),
            ms(viewReads.percentile(100)),
          ],
        ],
      ),
  );
  console.log(`"changed" messages received ${watchers.reduce((sum, watcher) => sum + watcher.changes, 0)}`);
}

if (profile && profileFile) {
  writeFileSync(profileFile, JSON.stringify(profile));
  console.log(`\nCPU profile of the app Worker over the app rounds: ${profileFile} (open it in Chrome DevTools). Shares of its busy time:`);
  for (const mode of ["inclusive", "self"] as const) {
    console.log(
      "\n" +
        table(
          ["function", "where", `${mode} ms`, "share"],
          heaviestFunctions(profile, mode === "self" ? 20 : 40, mode).map((entry) => [
            entry.name,
            entry.where,
            entry.ms.toFixed(0),
            `${(entry.share * 100).toFixed(1)} %`,
          ]),
        ),
    );
  }
}

const orphans = leftovers();
if (orphans.length) console.log(`WARNING: processes of this run are still alive: ${orphans.join(" ")}`);
const failed = errors > 0 || d1.lost > 0 || d1.duplicates > 0 || Boolean(appCrashed || emptyCrashed);
// The logs and state stay for a look when something failed.
if (values["keep-state"] || failed) console.log(`state and server logs kept in ${workDir}`);
else rmSync(workDir, { recursive: true, force: true });

if (watch) {
  console.log(
    `\nwatch: students ${students} x ${rounds} rounds x 2 submits ${timings.submit.count} errors ${errors} lost ${d1.lost} duplicates ${d1.duplicates} ` +
      `view from submit p50 ${ms(fromSubmit.percentile(50))} p95 ${ms(fromSubmit.percentile(95))} max ${ms(fromSubmit.percentile(100))} ` +
      `never shown ${watchRounds.reduce((sum, figures) => sum + figures.missed, 0)} ` +
      `throughput with/without median ${median(watchRatios).toFixed(2)} (min ${Math.min(...watchRatios).toFixed(2)}, max ${Math.max(...watchRatios).toFixed(2)})`,
  );
} else
  console.log(
    `\nstudents ${students} x ${rounds} rounds submits ${timings.submit.count} errors ${errors} relay-retried ${retried} empty-retried ${emptyRetried} empty-errors ${emptyTimings.errors} lost ${d1.lost} duplicates ${d1.duplicates} ` +
      `submit p50 ${ms(timings.submit.percentile(50))} p95 ${ms(timings.submit.percentile(95))} p99 ${ms(timings.submit.percentile(99))} ` +
      `submit ${Math.round(median(roundFigures.map((round) => round.submitRate)))} req/s empty ${Math.round(median(roundFigures.map((round) => round.emptyRate)))} req/s ` +
      `ratio median ${ratio.toFixed(2)} (min ${Math.min(...ratios).toFixed(2)}, max ${Math.max(...ratios).toFixed(2)}, ${rounds} rounds)`,
  );
process.exit(errors > 0 || d1.lost > 0 || d1.duplicates > 0 ? 1 : 0);
