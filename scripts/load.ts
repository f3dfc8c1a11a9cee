/**
 * `npm run load`: N simulated students, all at once, join the demo class,
 * start its test, answer every question and complete, against `npm start`'s own server
 * (build, migrations, seed, `wrangler dev`) on a fresh state folder. Prints each call's
 * p50/p95/p99, the submit throughput and errors; then checks that every acknowledged answer
 * is in D1 exactly once; then measures an empty Worker under the same `wrangler dev` with the
 * same concurrency and number of requests, and prints the ratio. A benchmark: it exits 1 only
 * when a call failed or an acknowledged answer is missing (or doubled) in D1.
 *
 * With `--profile FILE`, the app Worker's CPU profile while the students run is written to FILE
 * (a .cpuprofile for Chrome DevTools) and its heaviest functions are printed.
 *
 *   npm run load -- [--students 200] [--concurrency N] [--port 8790] [--keep-state] [--profile FILE]
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { parseArgs } from "node:util";

import { checkD1, type D1Check } from "./load/d1-check";
import { floodEmpty, proxyRetries, type Report, runStudents, STEPS } from "./load/driver";
import { type CpuProfile, heaviestFunctions, startProfile } from "./load/profile";
import { leftovers, type Server, startApp, startEmptyWorker, waitUntilUp } from "./load/servers";
import { ms, table } from "./load/stats";

const { values } = parseArgs({
  options: {
    students: { type: "string", default: "200" },
    concurrency: { type: "string" },
    port: { type: "string", default: "8790" },
    "keep-state": { type: "boolean", default: false },
    profile: { type: "string" },
  },
});
const students = Number(values.students);
const concurrency = Number(values.concurrency ?? students);
const port = Number(values.port);
const emptyPort = port + 1;
const inspectorPort = port + 2;
const profileFile = values.profile;
if (!(students > 0) || !(concurrency > 0) || !(port > 0)) {
  console.error("usage: npm run load -- [--students N] [--concurrency N] [--port PORT] [--keep-state]");
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
let current: Server | null = null;
const stopCurrent = async () => {
  const server = current;
  current = null;
  await server?.stop();
};
for (const name of ["SIGINT", "SIGTERM"] as const) {
  process.on(name, () => void stopCurrent().finally(() => process.exit(130)));
}

const seconds = (started: number) => ((performance.now() - started) / 1000).toFixed(1);
const crashNote = (server: Server | null) =>
  server?.exited ? `  THE SERVER EXITED during the run (${JSON.stringify(server.exited)}): see ${server.logFile}` : "";

let report: Report;
let d1: D1Check;
let empty: Awaited<ReturnType<typeof floodEmpty>>;
let profile: CpuProfile | null = null;
let appCrashed = "";
let emptyCrashed = "";
try {
  // 1. The app, exactly as `npm start` serves it.
  let started = performance.now();
  console.log(`› Starting the app (npm start: build, migrations, seed, wrangler dev) on port ${port}, state in ${stateDir}`);
  current = startApp(port, stateDir, join(workDir, "app.log"), profileFile ? inspectorPort : undefined);
  await waitUntilUp(current, 300_000);
  console.log(`  up after ${seconds(started)} s`);

  // 2. The students.
  started = performance.now();
  console.log(`› ${students} students, ${concurrency} at a time: join, start, answer every question, complete`);
  const profiler = profileFile ? await startProfile(inspectorPort) : null;
  report = await runStudents(current.url, students, concurrency);
  console.log(`  done in ${seconds(started)} s`);
  profile = (await profiler?.stop()) ?? null;
  appCrashed = crashNote(current);

  // 3. D1, behind the Durable Objects.
  started = performance.now();
  console.log("› Checking D1: every acknowledged answer exactly once (waiting up to 30 s for the write-behind)");
  d1 = await checkD1(stateDir, report.students);
  console.log(`  read in ${seconds(started)} s`);
  await stopCurrent();

  // 4. The floor: an empty Worker, same runtime, same concurrency, as many requests as submits.
  const submits = report.timings.submit.count + report.timings.submit.errors;
  started = performance.now();
  console.log(`› The empty Worker under wrangler dev on port ${emptyPort}: ${submits} POSTs, ${Math.min(concurrency, report.students.length)} at a time`);
  current = startEmptyWorker(emptyPort, workDir, join(workDir, "empty.log"));
  await waitUntilUp(current, 120_000);
  // A short warm-up, then the measured run.
  await floodEmpty(`${current.url}/`, Math.min(200, submits), Math.min(concurrency, 50));
  empty = await floodEmpty(`${current.url}/`, Math.max(1, submits), Math.min(concurrency, report.students.length));
  emptyCrashed = crashNote(current);
  console.log(`  done in ${seconds(started)} s`);
} catch (error) {
  console.error(`\nnpm run load failed: ${(error as Error).message}`);
  const log = (current as Server | null)?.logFile;
  if (log) console.error(`--- last lines of ${log} ---\n${readFileSync(log, "utf8").split("\n").slice(-30).join("\n")}`);
  await stopCurrent();
  process.exit(1);
} finally {
  await stopCurrent();
}

// 5. The figures.
const { timings } = report;
console.log(
  "\n" +
    table(
      ["call", "ok", "errors", "proxy 503 retried", "p50", "p95", "p99", "max"],
      STEPS.map((step) => {
        const t = timings[step];
        return [step, t.count, t.errors, proxyRetries[step] ?? 0, ms(t.percentile(50)), ms(t.percentile(95)), ms(t.percentile(99)), ms(t.percentile(100))];
      }).concat([
        [
          "empty Worker POST",
          empty.timings.count,
          empty.errors,
          "-",
          ms(empty.timings.percentile(50)),
          ms(empty.timings.percentile(95)),
          ms(empty.timings.percentile(99)),
          ms(empty.timings.percentile(100)),
        ],
      ]),
    ),
);
const errors = STEPS.reduce((sum, step) => sum + timings[step].errors, 0);
const retried = STEPS.reduce((sum, step) => sum + (proxyRetries[step] ?? 0), 0);
const finished = report.students.filter((student) => student.completed).length;
const acknowledged = report.students.reduce((sum, student) => sum + student.acknowledged.length, 0);
const submitRate = timings.submit.count / (report.submitWindowMs / 1000);
const ratio = submitRate / empty.perSecond;
console.log(
  `\nstudents finished ${finished}/${students}; answers acknowledged ${acknowledged} (${(acknowledged / Math.max(1, finished)).toFixed(1)} per student); submit window ${(report.submitWindowMs / 1000).toFixed(1)} s`,
);
console.log(
  `D1 after ${(d1.waitedMs / 1000).toFixed(1)} s: lost ${d1.lost}, duplicates ${d1.duplicates}, stored but not acknowledged ${d1.unacknowledged}, questions_answered wrong ${d1.countMismatches}, not marked completed ${d1.notCompleted}, sessions missing ${d1.missingSessions}`,
);
if (report.errorSamples.length) console.log(`errors (first ${report.errorSamples.length}):\n  ${report.errorSamples.join("\n  ")}`);
if (empty.errors) console.log(`the empty Worker had ${empty.errors} errors`);
for (const note of [appCrashed, emptyCrashed]) if (note) console.log(note);

if (profile && profileFile) {
  writeFileSync(profileFile, JSON.stringify(profile));
  console.log(`\nCPU profile of the app Worker while the students ran: ${profileFile} (open it in Chrome DevTools). Heaviest functions by self time:`);
  console.log(
    table(
      ["function", "where", "self ms", "share"],
      heaviestFunctions(profile, 15).map((entry) => [entry.name, entry.where, entry.selfMs.toFixed(0), `${(entry.share * 100).toFixed(1)} %`]),
    ),
  );
}

const orphans = leftovers();
if (orphans.length) console.log(`WARNING: processes of this run are still alive: ${orphans.join(" ")}`);
const failed = errors > 0 || d1.lost > 0 || d1.duplicates > 0 || Boolean(appCrashed || emptyCrashed);
// The logs and state stay for a look when something failed.
if (values["keep-state"] || failed) console.log(`state and server logs kept in ${workDir}`);
else rmSync(workDir, { recursive: true, force: true });

console.log(
  `\nstudents ${students} submits ${timings.submit.count} errors ${errors} proxy-503-retried ${retried} lost ${d1.lost} duplicates ${d1.duplicates} ` +
    `submit p50 ${ms(timings.submit.percentile(50))} p95 ${ms(timings.submit.percentile(95))} p99 ${ms(timings.submit.percentile(99))} ` +
    `submit ${Math.round(submitRate)} req/s empty ${Math.round(empty.perSecond)} req/s ratio ${ratio.toFixed(2)}`,
);
process.exit(errors > 0 || d1.lost > 0 || d1.duplicates > 0 ? 1 : 0);
