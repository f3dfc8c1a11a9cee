/**
 * `npm run bench:import-heap -- --students N`: the JavaScript heap a bundle read in parts needs
 * (ADR 0050), measured in Node's V8 (the engine of a Worker) because wrangler dev's inspector
 * proxy stalls every request when it is read there past about 20,000 students (`bench:import
 * --no-heap`). A made-up OneRoster export of N students (tests/support/oneroster.ts) is read and
 * dealt into parts exactly as the queue's part 0 does (`dealBundle`, its chunks kept in memory
 * instead of R2), then each part's rows are read back and planned (`readOneRosterTables`,
 * `planOneRoster` against an empty district: every record new, the most a plan makes).
 *
 * Prints the peak heap used (sampled every 10 ms, garbage included) for part 0 and for the
 * heaviest part planned, over what the bench holds itself. `-- --max-heap 128` runs it in a heap
 * of a Worker's 128 MB (Node's --max-old-space-size), where a part that needed more would fail.
 * A benchmark: it asserts nothing.
 */
import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { parseArgs } from "node:util";

import type { CsvRow } from "../app/domain/csv-rows";
import { readOneRosterTables } from "../app/domain/students/oneroster";
import { planOneRoster } from "../app/domain/students/oneroster-plan";
import { dealBundle } from "../app/features/students/roster-bundle-job.server";
import { syntheticOneRosterZip } from "../tests/support/oneroster";

const USAGE = `usage: npm run bench:import-heap -- [--students N] [--users-per-part N] [--max-heap MB]

  --students N         students in the bundle (default 100000)
  --users-per-part N   people a part holds (default 2500, the app's)
  --max-heap MB        the JavaScript heap the measurement runs in (default 128, a Worker's);
                       a part that needed more fails with V8's "heap out of memory"
  --help               this text`;

const { values } = parseArgs({
  options: {
    students: { type: "string", default: "100000" },
    "users-per-part": { type: "string", default: "2500" },
    "max-heap": { type: "string", default: "128" },
    zip: { type: "string" },
    help: { type: "boolean", default: false },
  },
});
if (values.help) {
  console.log(USAGE);
  process.exit(0);
}
// The made-up bundle is written in a process of its own (its 80 MB of CSV text would not fit the
// heap measured), then this script measures in a child given the heap to measure in.
if (!values.zip) {
  const folder = mkdtempSync(join(tmpdir(), "bench-import-heap-"));
  const zipFile = join(folder, "bundle.zip");
  writeFileSync(zipFile, syntheticOneRosterZip({ students: Number(values.students) }));
  const measuring = spawnSync(
    process.execPath,
    [`--max-old-space-size=${values["max-heap"]}`, "--expose-gc", "--import", "tsx", process.argv[1]!, ...process.argv.slice(2), "--zip", zipFile],
    { stdio: "inherit" },
  );
  rmSync(folder, { recursive: true, force: true });
  process.exit(measuring.status ?? 1);
}
const collect = (globalThis as { gc?: () => void }).gc;
if (!collect) throw new Error("the measuring child runs with --expose-gc");
const mb = (bytes: number) => `${(bytes / 1_000_000).toFixed(1)} MB`;

/**
 * The bucket part 0 writes to, in memory: what the queue's R2 bucket holds for one import, kept
 * in Node Buffers, outside the JavaScript heap, as R2 keeps it outside the Worker's.
 */
function memoryBucket() {
  const objects = new Map<string, Buffer>();
  const body = (value: Buffer) => ({
    arrayBuffer: async () => value.buffer.slice(value.byteOffset, value.byteOffset + value.byteLength),
    json: async () => JSON.parse(value.toString("utf8")) as unknown,
  });
  return {
    objects,
    text: (key: string) => objects.get(key)!.toString("utf8"),
    bucket: {
      get: async (key: string) => (objects.has(key) ? body(objects.get(key)!) : null),
      put: async (key: string, value: string | Uint8Array) => {
        objects.set(key, Buffer.from(value));
      },
    } as unknown as R2Bucket,
  };
}

/** Samples the heap used every 10 ms while `work` runs: its peak, and the live heap after it, collected. */
async function measured<Result>(work: () => Promise<Result>): Promise<{ result: Result; peak: number; live: number }> {
  collect!();
  let peak = process.memoryUsage().heapUsed;
  const timer = setInterval(() => (peak = Math.max(peak, process.memoryUsage().heapUsed)), 10);
  const result = await work();
  clearInterval(timer);
  peak = Math.max(peak, process.memoryUsage().heapUsed);
  collect!();
  return { result, peak, live: process.memoryUsage().heapUsed };
}

const students = Number(values.students);
const usersPerPart = Number(values["users-per-part"]);
const zip = new Uint8Array(readFileSync(values.zip));
const { objects, text, bucket } = memoryBucket();
const jobId = "bench";
objects.set(`roster-bundles/${jobId}/bundle.zip`, Buffer.from(zip));
collect();
const baseline = process.memoryUsage().heapUsed;
console.log(`bundle: ${students} students, ${mb(zip.byteLength)} zipped; measured in a heap of ${values["max-heap"]} MB; heap before: ${mb(baseline)}`);

const input = {
  kind: "roster_bundle" as const,
  apply: true,
  recreateDeleted: false,
  locale: "en" as const,
  importedBy: { id: "bench", email: "bench@example.org" },
  usersPerPart,
};
const started = performance.now();
const dealt = await measured(() => dealBundle({ env: { IMPORTS: bucket } }, jobId, input));
console.log(
  `part 0 (read and deal): ${((performance.now() - started) / 1000).toFixed(1)} s, ${dealt.result.chunks.length} parts, ` +
    `${[...objects.keys()].filter((key) => key.includes("/chunk-")).length} chunks; heap peak ${mb(dealt.peak)}, ${mb(dealt.peak - baseline)} over the bench's own`,
);

let heaviest = { part: 0, peak: 0, live: 0, changes: 0, ms: 0 };
for (let part = 0; part < dealt.result.chunks.length; part++) {
  const planStarted = performance.now();
  const planned = await measured(async () => {
    const tables = new Map<string, CsvRow[]>([["manifest.csv", dealt.result.manifest]]);
    for (const [file, header] of Object.entries(dealt.result.headers)) tables.set(file, [header]);
    for (let chunk = 0; chunk < dealt.result.chunks[part]!; chunk++) {
      const rows = JSON.parse(text(`roster-bundles/${jobId}/part-${part}/chunk-${chunk}.json`)) as Record<string, CsvRow[]>;
      for (const [file, fileRows] of Object.entries(rows)) tables.get(file)?.push(...fileRows);
    }
    const read = readOneRosterTables(tables);
    if (!read.ok) throw new Error(read.message);
    const empty = {
      classes: [],
      studentsBySource: [],
      studentsByDistrictId: [],
      studentEmails: [],
      districtIdTakenInTheirClasses: new Set<string>(),
      accountsBySource: [],
      accountsByEmail: [],
      members: [],
      teaching: [],
      freshJoinCodes: part === 0 ? read.bundle.classes.map((_, index) => `CODE${index}`) : [],
      deletedOnRequest: new Map<string, string>(),
    };
    return planOneRoster(read.bundle, empty, { apply: true }).changes.length;
  });
  if (planned.peak > heaviest.peak) heaviest = { part, peak: planned.peak, live: planned.live, changes: planned.result, ms: performance.now() - planStarted };
}
console.log(
  `heaviest part planned: part ${heaviest.part + 1} of ${dealt.result.chunks.length}, ${heaviest.changes} changes in ${heaviest.ms.toFixed(0)} ms; ` +
    `heap peak ${mb(heaviest.peak)}, ${mb(heaviest.peak - baseline)} over the bench's own`,
);
