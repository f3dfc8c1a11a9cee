/**
 * `npm run bench:import -- --students N`: a made-up OneRoster 1.2 bulk export of N students
 * (tests/support/oneroster.ts, shaped as a real SIS writes one: each student in several classes)
 * imported end to end through `npm start`'s own server (build, migrations, seed, front door,
 * `wrangler dev`) on a fresh state folder, while a few students join the demo class and take its
 * test in a loop. The import is previewed, then applied: a plan of more than one part's changes
 * answers 202 and the queue writes it in parts (ADR 0047), which this follows on GET /api/jobs/{id}.
 *
 * Prints the bundle, the preview's and the apply's request times, the queued parts' time (total,
 * and per part from the job's progress), the Worker isolate's JS heap through wrangler's
 * inspector (the used size every 50 ms, garbage included, and the live size after a full
 * collection each second; peaks while the requests ran and while the parts ran; the isolate is
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
  --help                   this text`;

const { values } = parseArgs({
  options: {
    students: { type: "string", default: "100000" },
    "classes-per-student": { type: "string", default: "6" },
    "class-size": { type: "string", default: "28" },
    learners: { type: "string", default: "4" },
    port: { type: "string", default: "8795" },
    "keep-state": { type: "boolean", default: false },
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
  const timer = setInterval(() => send("Runtime.getHeapUsage"), 50);
  const collecting = setInterval(() => {
    send("HeapProfiler.collectGarbage");
    send("Runtime.getHeapUsage");
    afterCollection.add(id);
  }, 1000);
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

type Job = { status: string; error: string | null; progress: { done: number; total: number } | null; result: unknown };

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
    heap = await heapSampler();
    const cookie = await signIn(server.url);

    // The students test in a loop from before the preview to the end of the import.
    // A round of students counts in the phase it started in: the preview and apply requests, or the queued parts.
    const phases = { requests: phaseTimings(), parts: phaseTimings() };
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

    // A live reading of the Worker before the import, to read the peaks against.
    await new Promise((settle) => setTimeout(settle, 2_500));
    const requestMark = heap.mark();
    const baseline = heap.liveBefore(requestMark);
    const preview = await upload(server.url, cookie, zip, "?dryRun=1");
    console.log(`preview: ${preview.status} in ${seconds(preview.ms)}`, preview.status === 200 ? "" : JSON.stringify(preview.data).slice(0, 300));
    const started = performance.now();
    const applied = preview.status === 200 ? await upload(server.url, cookie, zip, "") : preview;
    const requestHeap = heap.peakSince(requestMark);
    const requestLive = heap.livePeakSince(requestMark);
    console.log(`apply request: ${applied.status} in ${seconds(applied.ms)}`, applied.status < 300 ? "" : JSON.stringify(applied.data).slice(0, 300));

    let job: Job | null = null;
    phase = "parts";
    const partsMark = heap.mark();
    const progressTimes: { at: number; done: number }[] = [];
    if (applied.status === 202) {
      const poll = applied.data.poll as string;
      for (;;) {
        const response = await fetch(`${server.url}${poll}`, { headers: { Cookie: cookie, Accept: "application/json" } });
        job = (await response.json()) as Job;
        if (job.progress && job.progress.done !== progressTimes.at(-1)?.done) progressTimes.push({ at: performance.now(), done: job.progress.done });
        if (job.status === "succeeded" || job.status === "failed") break;
        await new Promise((next) => setTimeout(next, 200));
      }
    }
    const total = performance.now() - started;
    const partsHeap = heap.peakSince(partsMark);
    const partsLive = heap.livePeakSince(partsMark);
    importing = false;
    await testing;
    finished = applied.status === 200 || job?.status === "succeeded";

    const written = job?.progress ?? null;
    const parts = written ? Math.ceil(written.total / 200) : 0;
    const queuedMs = progressTimes.length ? progressTimes.at(-1)!.at - (started + applied.ms) : 0;
    console.log(
      `job: ${job ? `${job.status}${job.error ? ` (${job.error})` : ""}, ${written?.done} of ${written?.total} changes in ${parts} parts` : "none (written by the request)"}`,
    );
    console.log(
      `import end to end (apply request to the job's end): ${seconds(total)}; queued parts ${seconds(queuedMs)}, ${parts ? ms(queuedMs / parts) : "-"} a part`,
    );
    console.log(
      `Worker JS heap, used (every 50 ms, ${heap.samples} samples, garbage included): peak ${mb(requestHeap)} during the requests, ${mb(partsHeap)} while the parts ran`,
    );
    console.log(
      `Worker JS heap, live (after a full collection, each second): ${mb(baseline)} before the import; peak ${mb(requestLive)} during the requests, ${mb(partsLive)} while the parts ran`,
    );
    for (const [name, during] of Object.entries(phases)) {
      const what = name === "requests" ? "during the preview and apply requests" : "while the queued parts ran";
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
