/**
 * `npm run bench:import -- --students N`: a made-up OneRoster 1.2 bulk export of N students
 * (tests/support/oneroster.ts, shaped as a real SIS writes one: each student in several classes)
 * imported end to end through `npm start`'s own server (build, migrations, seed, front door,
 * `wrangler dev`) on a fresh state folder, while a few students join the demo class and take its
 * test in a loop. The import is previewed, then applied: a bundle whose files are larger than one
 * request should read answers 202 to both, and the queue reads, plans and writes it in parts of
 * people (ADR 0050); a smaller one whose plan has more than one part's changes answers 202 to the
 * apply, and the queue writes it in parts (ADR 0047). Either job is followed on GET /api/jobs/{id}.
 *
 * Prints the bundle, the preview's and the apply's request times, the queued parts' time (total,
 * and per part from the job's progress), the Worker isolate's JS heap through wrangler's
 * inspector (the used size every second, garbage included, and the live size after a full
 * collection every 15 s; peaks while the requests ran and while the parts ran; the isolate is
 * shared with everything else the Worker serves) and the students' request times during the
 * import (p50/p95 of every call, and by step), while the requests ran and while the parts ran.
 * A benchmark: it asserts nothing, and exits 1 only when the import did not finish.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { parseArgs } from "node:util";

import { DEFAULT_DEMO_ACCOUNTS } from "../app/models/seed.server";
import { syntheticOneRoster, syntheticOneRosterZip } from "../tests/support/oneroster";
import { runStudents, STEPS } from "./load/driver";
import { startApp, waitUntilUp } from "./load/servers";
import { ms, table, Timings } from "./load/stats";

const USAGE = `usage: npm run bench:import -- [--students N] [--classes-per-student N] [--class-size N] [--learners N] [--port PORT] [--keep-state]

  --students N             students in the bundle (default 100000)
  --classes-per-student N  classes each student is enrolled in (default 6, a secondary school's day)
  --class-size N           students a class (default 28)
  --learners N             students taking the demo class's test in a loop during the import (default 4)
  --port PORT              the app's port (default 8795); wrangler's inspector listens on PORT + 2
  --keep-state             keep the state folder and the server log
  --no-heap                do not read the Worker's heap through wrangler's inspector (whose proxy,
                           sharing a process with wrangler dev's HTTP proxy, stalled every request
                           past about 20,000 students)
  --help                   this text`;

const { values } = parseArgs({
  options: {
    students: { type: "string", default: "100000" },
    "classes-per-student": { type: "string", default: "6" },
    "class-size": { type: "string", default: "28" },
    learners: { type: "string", default: "4" },
    port: { type: "string", default: "8795" },
    "keep-state": { type: "boolean", default: false },
    "no-heap": { type: "boolean", default: false },
    help: { type: "boolean", default: false },
  },
});
if (values.help) {
  console.log(USAGE);
  process.exit(0);
}
const shape = { students: Number(values.students), classesPerStudent: Number(values["classes-per-student"]), classSize: Number(values["class-size"]) };
const learners = Number(values.learners);
const port = Number(values.port);
const inspectorPort = port + 2;

/** Samples the Worker isolate's used JS heap through wrangler's inspector (Runtime.getHeapUsage). */
async function heapSampler(): Promise<{
  peakSince(mark: number): number;
  livePeakSince(mark: number): number;
  liveBefore(mark: number): number;
  mark(): number;
  stop(): void;
  samples: number;
}> {
  type Headered = new (url: string, options: { headers: Record<string, string> }) => WebSocket;
  let socket: WebSocket | undefined;
  for (let attempt = 0; !socket; attempt++) {
    try {
      socket = await new Promise<WebSocket>((opened, failed) => {
        const candidate = new (WebSocket as unknown as Headered)(`ws://127.0.0.1:${inspectorPort}/ws`, {
          headers: { Origin: `http://127.0.0.1:${inspectorPort}` },
        });
        candidate.onopen = () => opened(candidate);
        candidate.onerror = () => failed(new Error(`could not open the inspector on port ${inspectorPort}`));
      });
    } catch (error) {
      if (attempt >= 20) throw error;
      await new Promise((retry) => setTimeout(retry, 500));
    }
  }
  const open = socket;
  const samples: { at: number; used: number; live: boolean }[] = [];
  // Ids of the heap readings taken right after a full collection: what the isolate holds live.
  const afterCollection = new Set<number>();
  open.onmessage = (event) => {
    const message = JSON.parse(String(event.data)) as { id?: number; result?: { usedSize?: number } };
    if (message.result?.usedSize !== undefined) samples.push({ at: performance.now(), used: message.result.usedSize, live: afterCollection.has(message.id!) });
  };
  let id = 0;
  const send = (method: string) => open.send(JSON.stringify({ id: ++id, method, params: {} }));
  // Once a second, and a full collection every 15 s: wrangler dev's inspector proxy shares a
  // process with its HTTP proxy, and faster readings of a large import's isolate grew that
  // process past a gigabyte until every request stalled.
  const timer = setInterval(() => send("Runtime.getHeapUsage"), 1000);
  const collecting = setInterval(() => {
    send("HeapProfiler.collectGarbage");
    send("Runtime.getHeapUsage");
    afterCollection.add(id);
  }, 15_000);
  const peak = (mark: number, live: boolean) =>
    Math.max(0, ...samples.filter((sample) => sample.at >= mark && (!live || sample.live)).map((sample) => sample.used));
  return {
    mark: () => performance.now(),
    peakSince: (mark) => peak(mark, false),
    livePeakSince: (mark) => peak(mark, true),
    liveBefore: (mark) => samples.filter((sample) => sample.at < mark && sample.live).at(-1)?.used ?? 0,
    stop() {
      clearInterval(timer);
      clearInterval(collecting);
      open.close();
    },
    get samples() {
      return samples.length;
    },
  };
}

/** A sampler that reads nothing, for `--no-heap`: every figure is 0. */
function noHeapSampler(): Awaited<ReturnType<typeof heapSampler>> {
  return { peakSince: () => 0, livePeakSince: () => 0, liveBefore: () => 0, mark: () => performance.now(), stop: () => {}, samples: 0 };
}

const phaseTimings = () => ({ all: new Timings(), byStep: Object.fromEntries(STEPS.map((step) => [step, new Timings()])), errors: 0 });
const mb = (bytes: number) => `${(bytes / 1_000_000).toFixed(1)} MB`;
const seconds = (milliseconds: number) => `${(milliseconds / 1000).toFixed(1)} s`;

async function signIn(base: string): Promise<string> {
  const { email, password } = DEFAULT_DEMO_ACCOUNTS.admin;
  const response = await fetch(`${base}/login`, {
    method: "POST",
    body: new URLSearchParams({ intent: "sign-in", email, password }),
    headers: { "Content-Type": "application/x-www-form-urlencoded" },
    redirect: "manual",
  });
  if (response.status !== 302) throw new Error(`signing in answered ${response.status}`);
  return response.headers
    .getSetCookie()
    .map((cookie) => cookie.split(";")[0])
    .join("; ");
}

async function upload(base: string, cookie: string, zip: Uint8Array, query: string) {
  const form = new FormData();
  form.set("file", new Blob([new Uint8Array(zip)]), "roster.zip");
  const started = performance.now();
  const response = await fetch(`${base}/api/roster/oneroster${query}`, { method: "POST", body: form, headers: { Cookie: cookie, Accept: "application/json" } });
  const data = (await response.json()) as Record<string, unknown>;
  return { status: response.status, data, ms: performance.now() - started };
}

type Job = { status: string; error: string | null; progress: { done: number; total: number; of?: string } | null; result: unknown };

async function main() {
  const files = syntheticOneRoster(shape);
  const zip = syntheticOneRosterZip(shape);
  const rows = (name: string) => files[name]!.split("\n").length - 1;
  console.log(
    `bundle: ${shape.students} students, ${rows("classes.csv")} classes, ${rows("enrollments.csv")} enrollments, ${rows("users.csv")} users.csv rows; ` +
      `${mb(zip.byteLength)} zipped, ${mb(Object.values(files).reduce((sum, text) => sum + text.length, 0))} of CSV`,
  );

  const stateDir = mkdtempSync(join(tmpdir(), "bench-import-"));
  const server = startApp(port, join(stateDir, "state"), join(stateDir, "app.log"), inspectorPort);
  let heap: Awaited<ReturnType<typeof heapSampler>> | undefined;
  let finished = false;
  try {
    await waitUntilUp(server, 600_000);
    heap = values["no-heap"] ? noHeapSampler() : await heapSampler();
    const cookie = await signIn(server.url);

    // The students test in a loop from before the preview to the end of the import. A round of
    // students counts in the phase it started in: the preview and apply requests, a bundle's
    // reading (part 0 of a bundle read in parts), or the queued parts that plan and write.
    const phases = { requests: phaseTimings(), reading: phaseTimings(), parts: phaseTimings() };
    let phase: keyof typeof phases = "requests";
    let importing = learners > 0;
    const testing = (async () => {
      while (importing) {
        const during = phases[phase];
        const report = await runStudents(server.url, learners, learners);
        for (const step of STEPS) {
          for (const value of report.timings[step].values) {
            during.all.add(value);
            during.byStep[step]!.add(value);
          }
        }
        during.errors += report.students.filter((student) => student.error).length;
      }
    })();
    const sampler = heap;
    const heapPeaks = { requests: { used: 0, live: 0 }, reading: { used: 0, live: 0 }, parts: { used: 0, live: 0 } };
    let phaseMark = sampler.mark();
    const enter = (next: keyof typeof phases) => {
      const peaks = heapPeaks[phase];
      peaks.used = Math.max(peaks.used, sampler.peakSince(phaseMark));
      peaks.live = Math.max(peaks.live, sampler.livePeakSince(phaseMark));
      phaseMark = sampler.mark();
      phase = next;
    };

    /** Follows a queued job to its end: its views' progress with when each was seen, and when its reading ended. */
    const follow = async (poll: string) => {
      const seen: { at: number; done: number; total: number }[] = [];
      let job: Job;
      for (;;) {
        const response = await fetch(`${server.url}${poll}`, { headers: { Cookie: cookie, Accept: "application/json" } });
        job = (await response.json()) as Job;
        const progress = job.progress ?? { done: 0, total: 0 };
        if (progress.total > 0 && phase === "reading") enter("parts");
        const last = seen.at(-1);
        if (!last || last.done !== progress.done || last.total !== progress.total) seen.push({ at: performance.now(), ...progress });
        if (job.status === "succeeded" || job.status === "failed") break;
        await new Promise((next) => setTimeout(next, 200));
      }
      return { job, seen };
    };
    /** An upload, and when it is queued, the job to its end; the phases follow it. */
    const run = async (label: string, query: string) => {
      enter("requests");
      const answer = await upload(server.url, cookie, zip, query);
      console.log(`${label} request: ${answer.status} in ${seconds(answer.ms)}`, answer.status < 300 ? "" : JSON.stringify(answer.data).slice(0, 300));
      if (answer.status !== 202) return { answer, job: null, seconds: answer.ms / 1000 };
      const queuedAt = performance.now();
      // A bundle read in parts reads it first (its job has no total yet); a staged plan has one at once.
      enter("reading");
      const followed = await follow(answer.data.poll as string);
      enter("requests");
      const { job, seen } = followed;
      const readingEnd = seen.find((view) => view.total > 0)?.at ?? queuedAt;
      const steps = seen.slice(1).map((view, index) => ({ ms: view.at - seen[index]!.at, done: view.done }));
      console.log(
        `${label} job: ${job.status}${job.error ? ` (${job.error})` : ""} in ${seconds(seen.at(-1)!.at - queuedAt)} after its request; ` +
          `reading ${seconds(readingEnd - queuedAt)}, then ${seen.at(-1)!.done} of ${seen.at(-1)!.total} ${job.progress && "of" in job.progress ? "people" : "changes"} ` +
          `in ${steps.length} views of progress (${steps.length ? `${ms(Math.min(...steps.map((step) => step.ms)))}–${ms(Math.max(...steps.map((step) => step.ms)))} between them` : "-"})`,
      );
      return { answer, job, seconds: (seen.at(-1)!.at - queuedAt + answer.ms) / 1000 };
    };

    // A live reading of the Worker before the import, to read the peaks against.
    await new Promise((settle) => setTimeout(settle, 16_000));
    const baseline = sampler.liveBefore(sampler.mark());
    const preview = await run("preview", "?dryRun=1");
    const previewOk = preview.answer.status === 200 || preview.job?.status === "succeeded";
    const applied = previewOk ? await run("apply", "") : preview;
    enter("requests");
    importing = false;
    await testing;
    finished = applied.answer.status === 200 || applied.job?.status === "succeeded";
    const result = (applied.job?.result ?? applied.answer.data) as { created?: Record<string, number>; refusedTotal?: number };
    console.log(
      `\nimported: ${JSON.stringify(result.created ?? {})}, ${result.refusedTotal ?? 0} rows refused; preview ${preview.seconds.toFixed(1)} s, apply ${applied.seconds.toFixed(1)} s end to end`,
    );
    console.log(`Worker JS heap before the import: ${mb(baseline)} live`);
    for (const [name, peaks] of Object.entries(heapPeaks)) {
      console.log(
        `Worker JS heap (used every second, live every 15 s) ${name === "requests" ? "during the requests" : name === "reading" ? "while a bundle was read (part 0)" : "while the parts ran"}: peak ${mb(peaks.used)} used (garbage included), ${mb(peaks.live)} live`,
      );
    }
    for (const [name, during] of Object.entries(phases)) {
      const what =
        name === "requests" ? "during the preview and apply requests" : name === "reading" ? "while the bundle was read" : "while the queued parts ran";
      console.log(`\nstudents' requests ${what} (${learners} at a time, in a loop): ${during.all.count} calls, ${during.errors} students failed`);
      if (!during.all.count) continue;
      const row = (label: string, timings: Timings) => [
        label,
        timings.count,
        ms(timings.percentile(50)),
        ms(timings.percentile(95)),
        ms(timings.percentile(100)),
      ];
      console.log(table(["step", "calls", "p50", "p95", "max"], [...STEPS.map((step) => row(step, during.byStep[step]!)), row("all", during.all)]));
    }
  } finally {
    heap?.stop();
    await server.stop();
    if (values["keep-state"]) console.log(`\nstate and log kept in ${stateDir}`);
    else rmSync(stateDir, { recursive: true, force: true });
  }
  if (!finished) process.exit(1);
}

await main();
