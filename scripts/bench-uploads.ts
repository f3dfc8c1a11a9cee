/**
 * `npm run bench:uploads`: what hostile and large roster uploads cost (ADR 0028). Two parts:
 *
 * 1. The readers alone (lib/zip-files, the OneRoster bundle, the CSV rows), each case in a fresh
 *    Node process that reads the upload from a file. "Live" is the most memory the reading held
 *    at once: the JS heap and ArrayBuffers after a full GC, sampled after every push to the
 *    inflater, every decode and every 1,000 CSV rows, above what the process held before. That
 *    is what a Worker's 128 MB limit is about; the peak resident memory (maxRSS) also counts
 *    garbage not collected yet. The floor row is a process that only loads the modules.
 * 2. The same uploads through the bundled Worker (dist/, from `npm run build`) in Miniflare: the
 *    wall time of the request and how far the workerd process's resident memory rose while it ran
 *    (sampled every 5 ms from /proc, Linux only).
 *
 * A benchmark, not a test: it prints figures and asserts nothing.
 */
import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

import { Inflate, strToU8, zipSync } from "fflate";
import Papa from "papaparse";

import { BUNDLE_ZIP_LIMITS, readOneRosterBundle } from "../app/domain/students/oneroster";
import { readZipTexts } from "../app/lib/zip-files";
import type { CookieJar } from "../tests/support/cookie-jar";
import type { TestWorker } from "../tests/support/worker";
import { ratioDeflate, rawZip, repeatedByteDeflate } from "../tests/support/zip-bombs";

const WANTED = new Set(["manifest.csv", "classes.csv", "users.csv", "enrollments.csv", "roles.csv"]);

function usersCsv(rows: number): string {
  const lines = ["sourcedId,status,dateLastModified,enabledUser,role,givenName,familyName,identifier,email,grades"];
  for (let index = 0; index < rows; index++)
    lines.push(`user-${index},active,2024-08-01,true,student,Given${index},Family${index},S-${index},s${index}@school.example,07`);
  return lines.join("\n");
}
const MANIFEST = "propertyName,value\noneroster.version,1.1\nfile.users,bulk\n";

/** Each case: a description and the upload (a zip's bytes). */
const CASES: Record<string, { what: string; zip: () => Uint8Array }> = {
  bomb: {
    what: "4 MB zip bomb (640 MB inflated, declared honestly)",
    zip: () => rawZip([{ name: "users.csv", data: repeatedByteDeflate(310_000), declaredSize: 259 + 2_064 * 310_000 }]),
  },
  lying: {
    what: "4 MB bomb whose headers declare 1 kB",
    zip: () => rawZip([{ name: "users.csv", data: repeatedByteDeflate(310_000), declaredSize: 1_000 }]),
  },
  "lying-50": {
    what: "0.4 MB at 50 to 1 (21 MB) declaring 1 kB",
    zip: () => rawZip([{ name: "users.csv", data: ratioDeflate(200, 50, 1_400), declaredSize: 1_000 }]),
  },
  many: {
    what: "1 MB zip of 4 files of 13 MB (50 to 1, two-byte text)",
    zip: () => rawZip(["manifest.csv", "classes.csv", "users.csv", "enrollments.csv"].map((name) => ({ name, data: ratioDeflate(125, 50, 1_400) }))),
  },
  "at-the-caps": {
    what: "19.5 MB + 10 MB (two-byte text): let through",
    zip: () =>
      rawZip([
        { name: "users.csv", data: ratioDeflate(186, 50, 1_400) },
        { name: "enrollments.csv", data: ratioDeflate(95, 50, 1_400) },
      ]),
  },
  "rows-50001": {
    what: "users.csv of 50,001 rows (4.8 MB)",
    zip: () => zipSync({ "manifest.csv": strToU8(MANIFEST), "users.csv": strToU8(usersCsv(50_001)) }),
  },
  "rows-50000": {
    what: "users.csv of 50,000 rows, read in full",
    zip: () => zipSync({ "manifest.csv": strToU8(MANIFEST), "users.csv": strToU8(usersCsv(50_000)) }),
  },
};

/** Samples the memory held (after a full GC) inside the reading, at the points where it holds the most. */
function sampleLiveMemory(): () => number {
  const gc = (globalThis as { gc?: () => void }).gc!;
  const held = () => {
    gc();
    const usage = process.memoryUsage();
    return usage.heapUsed + usage.arrayBuffers;
  };
  const floor = held();
  let peak = floor;
  const sample = () => (peak = Math.max(peak, held()));
  const push = Inflate.prototype.push;
  Inflate.prototype.push = function (this: Inflate, ...args: Parameters<Inflate["push"]>) {
    try {
      return push.apply(this, args);
    } finally {
      sample();
    }
  };
  const decode = TextDecoder.prototype.decode;
  TextDecoder.prototype.decode = function (this: TextDecoder, ...args: Parameters<TextDecoder["decode"]>) {
    const text = decode.apply(this, args);
    sample();
    return text;
  };
  const parse = Papa.parse.bind(Papa);
  (Papa as { parse: unknown }).parse = (
    input: string,
    config: Papa.ParseConfig<string[]> & { step: (result: Papa.ParseStepResult<string[]>, parser: Papa.Parser) => void },
  ) => {
    let rows = 0;
    return parse(input, { ...config, step: (result, parser) => (++rows % 1_000 === 0 && sample(), config.step(result, parser)) });
  };
  return () => (sample(), (peak - floor) / 1e6);
}

/** Reads one upload in this process and prints a JSON line: time, outcome, most memory held, peak RSS. */
function runCase(path: string) {
  const zip = path === "floor" ? null : new Uint8Array(readFileSync(path));
  const liveMb = sampleLiveMemory();
  const started = performance.now();
  let outcome = "read";
  if (zip) {
    try {
      const texts = readZipTexts(zip, (file) => WANTED.has(file), BUNDLE_ZIP_LIMITS);
      const read = readOneRosterBundle(texts);
      outcome = read.ok ? `${read.bundle.students.length} students` : read.message;
    } catch (error) {
      outcome = (error as Error).message;
    }
  }
  const ms = performance.now() - started;
  console.log(JSON.stringify({ ms, outcome, liveMb: liveMb(), maxRssMb: process.resourceUsage().maxRSS / 1024, zipMb: zip ? zip.length / 1e6 : 0 }));
}

function workerdPids(): number[] {
  const out = execFileSync("ps", ["-eo", "pid=,ppid=,comm="], { encoding: "utf8" });
  const rows = out
    .trim()
    .split("\n")
    .map((line) => line.trim().split(/\s+/))
    .map(([pid, ppid, comm]) => ({ pid: Number(pid), ppid: Number(ppid), comm }));
  const mine = new Set([process.pid]);
  for (let grew = true; grew;) {
    grew = false;
    for (const row of rows) {
      if (mine.has(row.ppid) && !mine.has(row.pid)) {
        mine.add(row.pid);
        grew = true;
      }
    }
  }
  return rows.filter((row) => mine.has(row.pid) && row.comm === "workerd").map((row) => row.pid);
}

const rssMb = (pid: number) => Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, "utf8"))?.[1] ?? 0) / 1024;

/** The upload as the import dialog sends it: multipart, the zip in the field `file`. */
async function upload(worker: TestWorker, jar: CookieJar, zip: Uint8Array) {
  const form = new FormData();
  form.set("file", new Blob([new Uint8Array(zip)]), "roster.zip");
  const encoded = new Request("http://localhost/", { method: "POST", body: form });
  const response = await worker.request("/api/roster/oneroster?dryRun=1", {
    method: "POST",
    body: await encoded.arrayBuffer(),
    headers: { "Content-Type": encoded.headers.get("Content-Type")! },
    jar,
  });
  return { status: response.status, data: await response.json<Record<string, unknown>>() };
}

async function throughWorker() {
  console.log("\n== Through the Worker (Miniflare, workerd), POST /api/roster/oneroster?dryRun=1, a fresh Worker a case ==");
  // Imported here, so the processes of part 1 do not load Miniflare.
  const { demoAccounts, startWorker } = await import("../tests/support/worker");
  console.log(`${"case".padEnd(46)} ${"ms".padStart(7)} ${"workerd RSS +MB".padStart(16)}  answer`);
  for (const [name, { what, zip }] of Object.entries(CASES)) {
    const worker = await startWorker();
    try {
      const jar = await worker.signIn(demoAccounts.admin.email, demoAccounts.admin.password);
      await upload(worker, jar, zipSync({ "manifest.csv": strToU8(MANIFEST), "users.csv": strToU8(usersCsv(10)) }));
      const [pid] = workerdPids();
      const bytes = zip();
      const before = pid ? rssMb(pid) : 0;
      let peak = before;
      const sampler = setInterval(() => (peak = pid ? Math.max(peak, rssMb(pid)) : 0), 5);
      const started = performance.now();
      const { status, data } = await upload(worker, jar, bytes);
      const ms = performance.now() - started;
      clearInterval(sampler);
      const answer = status === 200 ? `200, ${(data.created as { students: number }).students} students` : `${status} ${String(data.message)}`;
      console.log(`${`${name}: ${what}`.padEnd(46).slice(0, 46)} ${ms.toFixed(0).padStart(7)} ${(peak - before).toFixed(0).padStart(16)}  ${answer}`);
    } finally {
      await worker.dispose();
    }
  }
}

async function main() {
  const single = process.argv[2];
  if (single) return runCase(single);
  console.log("== The readers alone (Node, one process a case) ==");
  console.log(`${"case".padEnd(46)} ${"zip MB".padStart(7)} ${"ms*".padStart(7)} ${"live MB".padStart(8)} ${"peak RSS MB".padStart(12)}  outcome`);
  const folder = mkdtempSync(join(tmpdir(), "bench-uploads-"));
  for (const name of ["floor", ...Object.keys(CASES)]) {
    const path = name === "floor" ? name : join(folder, `${name}.zip`);
    if (name !== "floor") writeFileSync(path, CASES[name]!.zip());
    const line = execFileSync(process.execPath, [...process.execArgv, "--expose-gc", process.argv[1]!, path], { encoding: "utf8" })
      .trim()
      .split("\n")
      .at(-1)!;
    const { ms, outcome, liveMb, maxRssMb, zipMb } = JSON.parse(line) as { ms: number; outcome: string; liveMb: number; maxRssMb: number; zipMb: number };
    const what = name === "floor" ? "floor: the modules loaded, nothing read" : `${name}: ${CASES[name]!.what}`;
    console.log(
      `${what.padEnd(46).slice(0, 46)} ${zipMb.toFixed(1).padStart(7)} ${ms.toFixed(0).padStart(7)} ${liveMb.toFixed(0).padStart(8)} ${maxRssMb.toFixed(0).padStart(12)}  ${outcome}`,
    );
  }
  console.log("* times include the full GCs of the sampling; part 2 has the times without them.");
  rmSync(folder, { recursive: true });
  await throughWorker();
}

await main();
