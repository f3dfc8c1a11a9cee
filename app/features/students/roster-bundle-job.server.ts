import type { AppLoadContext } from "@remix-run/cloudflare";

import type { Database } from "~/db/client.server";
import type { CurrentUser } from "~/domain/auth/current-user";
import { allowedScope } from "~/domain/auth/policy";
import { type CsvRow, CsvRowStream } from "~/domain/csv-rows";
import { renderText } from "~/domain/i18n/catalog";
import type { AnyLocale } from "~/domain/i18n/locale";
import { JobFailure } from "~/domain/jobs/job-failure";
import type { JobInput } from "~/domain/jobs/job-messages";
import { type JobStep, splitIntoParts } from "~/domain/jobs/job-parts";
import { importAnswerIn, zipReason } from "~/domain/students/import-reasons";
import {
  BUNDLE_ZIP_LIMITS_IN_PARTS,
  bundleErrorOf,
  cellsOf,
  fileMissingProblem,
  headerProblem,
  readBundleManifest,
  readOneRosterTables,
  type RosterRefusal,
} from "~/domain/students/oneroster";
import { type OneRosterOutcome, planOneRoster, refusalOrder } from "~/domain/students/oneroster-plan";
import { rosterParts } from "~/domain/students/roster-parts";
import { listedRows } from "~/domain/students/roster-refusals";
import { MAX_ROWS_IN_PARTS, mergedOutcome, PartBuffers, type PartChunk, PartDealer, partOutcome } from "~/domain/students/roster-shards";
import type { Env } from "~/env";
import { upstream } from "~/lib/errors";
import { NotAZipError, ZipReadError, zipTextStream } from "~/lib/zip-files";
import { bundleKey, chunkKey, layoutKey, outcomeKey, readJson, removeKept } from "~/models/import-files.server";
import {
  deleteJobPartRange,
  findJob,
  jobSucceededStatement,
  setJobProgress,
  stageJobParts,
  unwrittenJobParts,
  writtenJobPartsDeletion,
} from "~/models/jobs.server";
import { applyRosterPart, loadRosterExisting, rosterImportSummary } from "~/models/oneroster.server";
import { enqueueJob } from "~/services/jobs.server";

/**
 * A OneRoster bundle too large for one request, read, planned and written by the queue in parts
 * (ADR 0050). The request keeps the zip in the IMPORTS bucket and queues part 0, which reads it
 * once, a piece at a time, and deals its rows into parts of people (domain/students/roster-shards.ts),
 * each kept as a few JSON chunks beside the zip. A message then plans each part of people as a
 * bundle of its own against what D1 holds (the parts before it written, when applying), keeps
 * what it planned and stages its changes; the messages after it write them a batch each; the last
 * answers the import's outcome, merged from the parts', in the shape the request answers for a
 * small bundle, and removes what the import kept.
 */
type BundleInput = Extract<JobInput, { kind: "roster_bundle" }>;
type Deps = { db: Database; env: Pick<Env, "JOBS" | "IMPORTS">; deletionKey: string };

/** What part 0 leaves for the others: the version, each file's header, the manifest, and how many chunks each part has. */
type Layout = { version: string; headers: Record<string, CsvRow>; manifest: CsvRow[]; chunks: number[]; people: number };

/** The files part 0 reads, in the order it reads them: users before the rows that name them. */
const DEALT_FILES = ["classes.csv", "users.csv", "roles.csv", "enrollments.csv"] as const;
const READ_FILES = new Set<string>(["manifest.csv", ...DEALT_FILES]);

/** Keeps the uploaded zip and queues part 0; answers the job to follow (GET /api/jobs/{id}). */
export async function queueRosterBundle(
  context: AppLoadContext,
  actor: CurrentUser,
  upload: { bytes: Uint8Array; apply: boolean; recreateDeleted: boolean; locale: AnyLocale },
): Promise<string> {
  const input: BundleInput = {
    kind: "roster_bundle",
    apply: upload.apply,
    recreateDeleted: upload.recreateDeleted,
    locale: upload.locale,
    importedBy: { id: actor.id, email: actor.email },
    usersPerPart: context.config.rosterInParts.usersPerPart,
  };
  const { env } = context.cloudflare;
  const job = await enqueueJob(env.JOBS, context.db, input, actor.id, { done: 0, total: 0, of: "people" }, async (jobId) => {
    await env.IMPORTS.put(bundleKey(jobId), upload.bytes);
  });
  if (job.status === "failed") throw upstream(`The import could not be queued: ${job.error ?? "the queue refused it."}`);
  return job.id;
}

/**
 * Runs part `part` of a bundle import: part 0 reads and deals the zip, each later part plans and
 * writes one part of people. A bundle that cannot be read fails the job at once, saying why, and
 * what the import kept is removed.
 */
export async function runRosterBundlePart(deps: Deps, jobId: string, input: BundleInput, part: number): Promise<JobStep> {
  try {
    return await runPart(deps, jobId, input, part);
  } catch (error) {
    if (error instanceof JobFailure && !error.retryable) await removeKept(deps.env.IMPORTS, jobId);
    throw error;
  }
}

/**
 * Which message a part number is: part 0 reads the bundle; part 1 + k * MESSAGES_PER_PART plans
 * part k of the people, and the numbers after it write that plan's batches, one a message, each
 * a staged job part of that number (ADR 0047's staging and marking, so a batch delivered twice
 * writes once). Each message is short: no invocation plans and writes a whole part.
 */
const MESSAGES_PER_PART = 10_000;
/**
 * Where a part's refused rows are staged, 1,000 to a job part, after its batches: kept when the
 * import ends, for GET /api/jobs/{id}/refused. A part has room for 4,999 batches (999,800 changes).
 */
const REFUSED_AFTER = 5_000;
const REFUSED_ROWS_A_PART = 1_000;
const planMessage = (part: number) => 1 + part * MESSAGES_PER_PART;
const messageOf = (message: number) => ({ part: Math.floor((message - 1) / MESSAGES_PER_PART), batch: (message - 1) % MESSAGES_PER_PART });

/** What a part's plan keeps in the bucket: its outcome, and how many batches its changes were staged in. */
type KeptPlan = { outcome: OneRosterOutcome; batches: number };

async function runPart(deps: Deps, jobId: string, input: BundleInput, message: number): Promise<JobStep> {
  const { db, env } = deps;
  if (message === 0) {
    const layout = await dealBundle(deps, jobId, input);
    await setJobProgress(db, jobId, { done: 0, total: layout.people, of: "people" });
    await env.JOBS.send({ jobId, part: planMessage(0) });
    return { finished: false };
  }
  const layout = await readJson<Layout>(env.IMPORTS, layoutKey(jobId));
  if (!layout) throw new JobFailure("The import's bundle is no longer kept: upload it again.", false);
  const { part, batch } = messageOf(message);
  const kept = batch === 0 ? await planPart(deps, jobId, input, layout, part) : await readJson<KeptPlan>(env.IMPORTS, outcomeKey(jobId, part));
  if (!kept) throw new JobFailure("The import's plan is no longer kept: upload it again.", false);
  if (batch > 0) await applyRosterPart(db, { jobId, part: message, last: false, version: layout.version, outcome: kept.outcome }, input.importedBy);
  // People done: the parts before, and this one's share of its batches written.
  const share = kept.batches === 0 ? 1 : batch / kept.batches;
  await setJobProgress(db, jobId, { done: Math.min(layout.people, Math.round((part + share) * input.usersPerPart)), total: layout.people, of: "people" });
  if (batch < kept.batches) {
    await env.JOBS.send({ jobId, part: message + 1 });
    return { finished: false };
  }
  if (part + 1 < layout.chunks.length) {
    await env.JOBS.send({ jobId, part: planMessage(part + 1) });
    return { finished: false };
  }
  return { finished: true, result: await finishImport(deps, jobId, input, layout) };
}

/**
 * The import's answer, merged from its parts', recorded as the job's result in one batch with its
 * audit summary (when applied) and the drop of its written parts; then nothing it kept is left
 * behind. The bucket is emptied only once D1 holds the answer: a last message delivered again
 * after that finds the job succeeded (the runner acknowledges it), never a bundle no longer kept.
 */
async function finishImport(deps: Deps, jobId: string, input: BundleInput, layout: Layout) {
  const { db } = deps;
  const kept = await Promise.all(layout.chunks.map((_, part) => readJson<KeptPlan>(deps.env.IMPORTS, outcomeKey(jobId, part))));
  const outcome = mergedOutcome(
    kept.map((plan) => plan!.outcome),
    input,
  );
  // More refused rows than the answer lists: every one is kept for the download.
  const refusedRows = outcome.refusedTotal > outcome.refused.length ? { refusedRows: `/api/jobs/${jobId}/refused` } : {};
  const result = { ...importAnswerIn(input.locale, outcome), ...refusedRows };
  await db.batch([
    jobSucceededStatement(db, jobId, result),
    writtenJobPartsDeletion(db, jobId),
    ...(input.apply ? [rosterImportSummary(db, { version: layout.version, outcome }, input.importedBy)] : []),
  ]);
  await removeKept(deps.env.IMPORTS, jobId);
  return result;
}

/**
 * Every refused row of a finished bundle import (preview or apply), in the plan's order, its
 * reasons in `locale`: what GET /api/jobs/{id}/refused answers as CSV. Null for a job that is not
 * one, or not finished.
 */
export async function refusedRowsOfBundleImport(
  context: AppLoadContext,
  actor: CurrentUser,
  jobId: string,
  locale: AnyLocale,
): Promise<RosterRefusal[] | null> {
  allowedScope(actor, "import", "district-roster");
  const job = await findJob(context.db, jobId);
  if (!job || job.kind !== "roster_bundle" || job.status !== "succeeded") return null;
  const rows = (await unwrittenJobParts(context.db, jobId)).flatMap((body) => body as RosterRefusal[]);
  return importAnswerIn(locale, { refused: rows.sort(refusalOrder) }).refused;
}

/** Why the bundle cannot be read, as the job's error in the import's language: trying again cannot help. */
function unreadable(locale: BundleInput["locale"], code: string): JobFailure {
  return new JobFailure(renderText(locale, code), false);
}

/**
 * Part 0: the zip read one file at a time, a piece at a time (the limits of a bundle read in parts),
 * its rows dealt into parts and written as chunks as they fill; the event loop is given back after
 * every piece, so students' requests are served while a large file is read.
 */
export async function dealBundle(deps: { env: Pick<Env, "IMPORTS"> }, jobId: string, input: BundleInput): Promise<Layout> {
  const { env } = deps;
  const object = await env.IMPORTS.get(bundleKey(jobId));
  if (!object) throw new JobFailure("The import's bundle is no longer kept: upload it again.", false);
  const bytes = new Uint8Array(await object.arrayBuffer());
  const dealer = new PartDealer(input.usersPerPart);
  const buffers = new PartBuffers();
  const chunks: number[] = [];
  const writeChunk = async (chunk: PartChunk) => {
    const index = chunks[chunk.part] ?? 0;
    chunks[chunk.part] = index + 1;
    await env.IMPORTS.put(chunkKey(jobId, chunk.part, index), JSON.stringify(chunk.rows));
  };
  // Each class row kept as one JSON string (a row's cells as strings of their own would each
  // cost an object), and which classes each later part names as one bit a class.
  const classRows: string[] = [];
  const classIndex = new Map<string, number>();
  const classesNamed = new Map<number, Uint8Array>();
  const headers: Record<string, CsvRow> = {};
  let people = 0;
  try {
    const zip = zipTextStream(bytes, (name) => READ_FILES.has(name), BUNDLE_ZIP_LIMITS_IN_PARTS);
    if (!zip.names.has("manifest.csv")) throw unreadable(input.locale, "roster.noManifest");
    const manifestRows: CsvRow[] = [];
    await readRows(zip.text("manifest.csv"), "manifest.csv", input.locale, (row) => manifestRows.push(row));
    const manifest = readBundleManifest(manifestRows);
    if (!manifest.ok) throw unreadable(input.locale, manifest.message);
    for (const file of DEALT_FILES) {
      const wanted = manifest.files.get(file);
      if (!wanted) continue;
      if (!zip.names.has(file)) throw unreadable(input.locale, fileMissingProblem(file, wanted.mode));
      let cell: ((row: CsvRow, column: string) => string) | null = null;
      await readRows(zip.text(file), file, input.locale, async (row) => {
        if (!cell) {
          const problem = headerProblem(file, row, wanted.columns);
          if (problem) throw unreadable(input.locale, problem);
          headers[file] = row;
          cell = cellsOf(row);
          return;
        }
        const chunk = dealRow(file, row, cell);
        if (chunk) await writeChunk(chunk);
      });
      if (!cell) throw unreadable(input.locale, headerProblem(file, undefined, wanted.columns)!);
    }
    for (const chunk of buffers.drain()) await writeChunk(chunk);
    // Each later part holds the classes its enrollments name, so its plan can find them.
    for (const [part, named] of classesNamed) {
      const rows = classRows.flatMap((row, index) => (named[index >> 3]! & (1 << (index & 7)) ? [JSON.parse(row) as CsvRow] : []));
      await writeChunk({ part, rows: { "classes.csv": rows } });
    }
    const layout: Layout = {
      version: manifest.version,
      headers,
      manifest: manifestRows,
      chunks: Array.from({ length: dealer.count }, (_, part) => chunks[part] ?? 0),
      people,
    };
    await env.IMPORTS.put(layoutKey(jobId), JSON.stringify(layout));
    return layout;
  } catch (error) {
    if (error instanceof NotAZipError) throw unreadable(input.locale, "refusals.oneRosterNotZip");
    if (error instanceof ZipReadError)
      throw new JobFailure(error.problem ? renderText(input.locale, zipReason(error.problem, error.values)) : error.message, false);
    throw error;
  }

  function dealRow(file: string, row: CsvRow, cell: (row: CsvRow, column: string) => string): PartChunk | null {
    switch (file) {
      case "classes.csv": {
        const sourcedId = cell(row, "sourcedId");
        if (sourcedId && !classIndex.has(sourcedId)) classIndex.set(sourcedId, classRows.length);
        classRows.push(JSON.stringify(row));
        // Part 0 plans every class.
        return buffers.add(0, file, row);
      }
      case "users.csv":
        people++;
        return buffers.add(dealer.dealUser({ sourcedId: cell(row, "sourcedId"), identifier: cell(row, "identifier"), email: cell(row, "email") }), file, row);
      case "roles.csv":
        return buffers.add(dealer.partOfUser(cell(row, "userSourcedId")), file, row);
      default: {
        const part = dealer.partOfUser(cell(row, "userSourcedId"));
        const named = classIndex.get(cell(row, "classSourcedId"));
        if (part > 0 && named !== undefined) {
          const bits = classesNamed.get(part) ?? new Uint8Array(Math.ceil(classRows.length / 8));
          bits[named >> 3]! |= 1 << (named & 7);
          classesNamed.set(part, bits);
        }
        return buffers.add(part, file, row);
      }
    }
  }
}

/** Every row of a file's text pieces, handed to `take` in order; the event loop is given back after each piece. */
async function readRows(pieces: Iterable<string>, file: string, locale: BundleInput["locale"], take: (row: CsvRow) => unknown): Promise<void> {
  const reader = new CsvRowStream({ maxRows: MAX_ROWS_IN_PARTS + 1 });
  try {
    for (const piece of pieces) {
      for (const row of reader.push(piece)) await take(row);
      await new Promise((resume) => setTimeout(resume, 0));
    }
    for (const row of reader.end()) await take(row);
  } catch (error) {
    const read = bundleErrorOf(file, error, MAX_ROWS_IN_PARTS);
    if (read !== error && read instanceof Error) throw unreadable(locale, read.message);
    throw error;
  }
}

/**
 * Part `part` of the people: its chunks read back into a bundle, planned against D1 (the parts
 * before it written, when applying), and its changes staged as job parts in batches of
 * ROSTER_CHANGES_PER_PART, numbered after its plan's message. What it planned is kept once the
 * stage is whole, so a second delivery answers the same figures and stages nothing again; a
 * delivery after a stage that stopped half-way drops it and stages the plan again.
 */
async function planPart(deps: Deps, jobId: string, input: BundleInput, layout: Layout, part: number): Promise<KeptPlan> {
  const { db, env } = deps;
  const earlier = await readJson<KeptPlan>(env.IMPORTS, outcomeKey(jobId, part));
  if (earlier) return earlier;
  const tables = new Map<string, CsvRow[]>([["manifest.csv", layout.manifest]]);
  for (const [file, header] of Object.entries(layout.headers)) tables.set(file, [header]);
  for (let chunk = 0; chunk < layout.chunks[part]!; chunk++) {
    const rows = await readJson<Record<string, CsvRow[]>>(env.IMPORTS, chunkKey(jobId, part, chunk));
    if (!rows) throw new JobFailure("The import's bundle is no longer kept: upload it again.", false);
    for (const [file, fileRows] of Object.entries(rows)) tables.get(file)?.push(...fileRows);
  }
  // Rows dealt to an earlier part after it was written arrive in a later chunk: back in file order.
  for (const rows of tables.values()) {
    const [header, ...body] = rows;
    body.sort((a, b) => a.line - b.line);
    rows.splice(0, rows.length, ...(header ? [header] : []), ...body);
  }
  const read = readOneRosterTables(tables);
  if (!read.ok) throw new JobFailure(renderText(input.locale, read.message), false);
  // A later part's classes are created by the first part: it needs no join codes for them.
  const existing = await loadRosterExisting(db, read.bundle, deps.deletionKey, { joinCodes: part === 0 });
  const { changes, outcome } = planOneRoster(read.bundle, existing, { apply: input.apply, recreateDeleted: input.recreateDeleted });
  const batches = input.apply ? rosterParts(changes) : [];
  if (batches.length >= REFUSED_AFTER) throw new JobFailure("A part of this bundle plans more changes than one part may write.", false);
  const own = partOutcome(outcome, part);
  await deleteJobPartRange(db, jobId, { from: planMessage(part) + 1, to: planMessage(part + 1) });
  await stageJobParts(db, jobId, batches, planMessage(part) + 1);
  await stageJobParts(db, jobId, splitIntoParts(own.refused, REFUSED_ROWS_A_PART), planMessage(part) + REFUSED_AFTER);
  const plan: KeptPlan = { outcome: listedRows(own), batches: batches.length };
  await env.IMPORTS.put(outcomeKey(jobId, part), JSON.stringify(plan));
  return plan;
}
