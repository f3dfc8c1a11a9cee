import type { AppLoadContext } from "@remix-run/cloudflare";
import type { BatchItem } from "drizzle-orm/batch";

import type { CurrentUser } from "~/domain/auth/current-user";
import { allowedScope } from "~/domain/auth/policy";
import type { AnyLocale } from "~/domain/i18n/locale";
import { NOT_FOUND, refuseMissing } from "~/domain/shell/not-found";
import { importAnswerIn, zipReason } from "~/domain/students/import-reasons";
import { BUNDLE_ZIP_LIMITS, BUNDLE_ZIP_LIMITS_IN_PARTS, readOneRosterBundle, type RosterRefusal } from "~/domain/students/oneroster";
import { type OneRosterOutcome, planOneRoster } from "~/domain/students/oneroster-plan";
import { ROSTER_STATEMENTS_PER_PART, writtenByTheRequest } from "~/domain/students/roster-parts";
import { listedRows } from "~/domain/students/roster-refusals";
import type { StudentInput } from "~/domain/students/student";
import { parseRosterCsv } from "~/domain/students/student-csv";
import { found, invalid, notFound } from "~/lib/errors";
import { declaredZipBytes, NotAZipError, readZipTexts, ZipReadError } from "~/lib/zip-files";
import { recordAudit } from "~/models/audit-log.server";
import { canSeeClass } from "~/models/class-scope.server";
import { findClass } from "~/models/classes.server";
import { stagedStatement } from "~/models/jobs.server";
import { applyRosterPlan, loadRosterExisting } from "~/models/oneroster.server";
import { findRosterMember, regenerateBadge } from "~/models/roster-members.server";
import * as store from "~/models/students.server";
import { resetPinAttempts } from "~/services/class-admission.server";
import { deleteStudentData } from "~/services/student-data.server";

import { queueRosterBundle } from "./roster-bundle-job.server";
import { queueRosterCsvImport, queueRosterImport } from "./roster-import-job.server";

/**
 * The students and rosters capability's operations (ADR 0038): one function an operation, called
 * by the screen's action and by the /api route alike. Each asks the policy for its own pair and
 * takes the scope from it, so no door passes a scope in or checks a role itself; a refusal is a
 * DomainError by kind (403 NOT_ALLOWED, 404 with the NOT_FOUND text, 400 naming the field, 409),
 * which `resourceRoute` and `handleAction` map to their answers in one place
 * (`describeFailure`, services/http-errors.server.ts).
 */
type Actor = CurrentUser;

/** One student with their classes and sessions, the viewing recorded in the audit log (ADR 0030). */
export async function viewStudent(context: AppLoadContext, actor: Actor, id: string) {
  const scope = allowedScope(actor, "read", "student");
  const student = found(await store.findStudent(context.db, id, scope), NOT_FOUND.student);
  await recordAudit(context.db, actor, { action: "student.viewed", studentRecordId: student.id });
  return student;
}

export async function createStudent(context: AppLoadContext, actor: Actor, input: StudentInput) {
  allowedScope(actor, "write", "student");
  return store.createStudent(context.db, input, actor);
}

export async function updateStudent(context: AppLoadContext, actor: Actor, id: string, input: StudentInput) {
  const scope = allowedScope(actor, "write", "student");
  return found(await store.updateStudent(context.db, id, input, actor, scope), NOT_FOUND.student);
}

/** The student and everything tied to them erased: the district's decision (ADR 0030), so a teacher is refused whoever the student is. */
export async function deleteStudent(context: AppLoadContext, actor: Actor, id: string) {
  allowedScope(actor, "delete", "student");
  return found(await deleteStudentData(context, actor, id), NOT_FOUND.student);
}

type Membership = { cohortId: string; studentId: string };

/** A student record onto a class's roster; `added` is false when they already were on it. */
export async function enrollStudent(context: AppLoadContext, actor: Actor, { cohortId: classId, studentId }: Membership) {
  const scope = allowedScope(actor, "enroll", "roster");
  const { added } = refuseMissing(await store.enrollStudent(context.db, classId, studentId, actor, scope));
  return { cohortId: classId, studentId, added };
}

/** A student off a class's roster (their sessions stay). A class outside the scope is not found as a class, as an unknown one is. */
export async function unenrollStudent(context: AppLoadContext, actor: Actor, { cohortId: classId, studentId }: Membership) {
  const scope = allowedScope(actor, "enroll", "roster");
  found(await findClass(context.db, classId, scope), NOT_FOUND.cohort);
  found(await store.unenrollStudent(context.db, classId, studentId, actor, scope), NOT_FOUND.rosterMember);
  return { removed: true as const };
}

type RosterMemberRef = { cohortId: string; memberId: string };

/** A new badge and PIN for a rostered member (the old badge stops working), their wrong PINs forgotten (ADR 0029). */
export async function renewBadge(context: AppLoadContext, actor: Actor, { cohortId: classId, memberId }: RosterMemberRef) {
  const scope = allowedScope(actor, "enroll", "roster");
  found(await findClass(context.db, classId, scope), NOT_FOUND.cohort);
  found(await regenerateBadge(context.db, classId, memberId, actor, scope), NOT_FOUND.rosterMember);
  await resetPinAttempts(context, memberId);
}

/** A rostered member's wrong PINs forgotten, so they can try again at once; audited on their record. */
export async function resetPinTries(context: AppLoadContext, actor: Actor, { cohortId: classId, memberId }: RosterMemberRef) {
  await resetRosterPinTries(context, actor, classId, { memberId });
}

/** The same, for a student named by their student ID on the class's roster (the live view's rows, ADR 0046). */
export async function resetStudentPinTries(context: AppLoadContext, actor: Actor, { cohortId: classId, studentId }: { cohortId: string; studentId: string }) {
  await resetRosterPinTries(context, actor, classId, { studentId });
  return { cohortId: classId, studentId, reset: true as const };
}

async function resetRosterPinTries(context: AppLoadContext, actor: Actor, classId: string, who: { memberId: string } | { studentId: string }) {
  const scope = allowedScope(actor, "enroll", "roster");
  found(await findClass(context.db, classId, scope), NOT_FOUND.cohort);
  const member = found(await findRosterMember(context.db, classId, who), NOT_FOUND.rosterMember);
  await resetPinAttempts(context, member.id);
  await recordAudit(context.db, actor, { action: "student.pin_tries_reset", studentRecordId: member.studentRecordId, subject: `class:${classId}` });
}

/**
 * A simple roster CSV, previewed or applied, optionally onto a class's roster: each refused line
 * (the file's and the import's) in line order. A teacher imports onto a class they teach; the
 * district's whole roster is a district admin's. A CSV that cannot be read is a 400 that says why.
 * The rows' reasons are written in `locale` (the screen's) before the answer is kept for a queued
 * import's job, so the job's answer reads as the request's would have.
 */
export async function importRosterCsv(
  context: AppLoadContext,
  actor: Actor,
  input: { csv: string; cohortId: string | null; apply: boolean; locale: AnyLocale },
) {
  const scope = allowedScope(actor, "import", "roster");
  const { db } = context;
  if (scope.kind === "teacher" && !input.cohortId) throw invalid("refusals.chooseClassForImport", "cohortId");
  if (input.cohortId && !(await canSeeClass(db, scope, input.cohortId))) throw notFound(NOT_FOUND.cohort);
  const parsed = parseRosterCsv(input.csv);
  if (!parsed.ok) throw invalid(parsed.message, "csv");
  let statements: BatchItem<"sqlite">[] = [];
  const outcome = found(
    await store.importRoster(db, parsed.rows, {
      cohortId: input.cohortId,
      apply: input.apply,
      importedBy: actor,
      scope,
      write: async (planned) => {
        statements = planned;
      },
    }),
    NOT_FOUND.cohort,
  );
  const refused = [...parsed.refused, ...outcome.refused].sort((a, b) => a.line - b.line);
  const answer = importAnswerIn(input.locale, { applied: input.apply, ...outcome, refused });
  if (!input.apply) return answer;
  // Larger than one request should write: the queue writes it in parts (ADR 0047).
  if (statements.length > ROSTER_STATEMENTS_PER_PART)
    return { queued: await queueRosterCsvImport(context, actor, { statements: statements.map(stagedStatement), outcome: answer }) };
  await db.batch(statements as [BatchItem<"sqlite">]);
  return answer;
}

/** The CSV files of a bundle the import reads; the others (orgs, courses, results…) stay compressed. */
const READ_FILES = new Set(["manifest.csv", "classes.csv", "users.csv", "enrollments.csv", "roles.csv"]);

/** An import the queue writes in parts: the job to follow, whose result is the import's outcome (ADR 0047). */
type QueuedImport = { queued: string };

/**
 * An uploaded OneRoster zip (the form field `file`), previewed or applied (ADR 0028), by a district
 * admin only: what D1 holds of its records loaded, the import planned (`planOneRoster`), and the
 * plan written in one D1 batch, or nothing when previewing; a plan of more changes than one part
 * is queued and written in parts (ADR 0047), and the job to follow is answered instead. A bundle
 * whose files are larger than one request should read is kept in the IMPORTS bucket and read,
 * planned and written by the queue in parts, its preview too (ADR 0050). A missing file, a zip
 * that cannot be read or a bundle without what it needs is a 400 that says why, and nothing is
 * written (for a bundle read in parts, the job fails and says why). Students deleted on request
 * are created again only with `recreateDeleted`. Every answer lists the first refused rows and
 * notes and counts them all (`listedRows`), so a queued one fits the job's D1 row; the rows'
 * reasons and notes are written in `locale`, as for the roster CSV.
 */
export async function importOneRoster(
  context: AppLoadContext,
  actor: Actor,
  input: { file: FormDataEntryValue | null | undefined; apply: boolean; recreateDeleted: boolean; locale: AnyLocale },
): Promise<OneRosterOutcome | QueuedImport> {
  const upload = await uploadedBundle(context, actor, input.file);
  if (upload.inParts) return { queued: await queueRosterBundle(context, actor, { bytes: upload.bytes, ...input }) };
  const { version, changes, outcome: planned } = await planUploadedBundle(context, upload.bytes, input);
  const outcome = importAnswerIn(input.locale, listedRows(planned));
  if (!input.apply) return outcome;
  // Larger than one request should write: the queue writes it in parts (ADR 0047).
  if (!writtenByTheRequest(changes)) return { queued: await queueRosterImport(context, actor, { version, changes, outcome }) };
  await applyRosterPlan(context.db, { version, changes, outcome }, actor);
  return outcome;
}

/**
 * Every row the preview of an uploaded bundle refuses, in the plan's order (the answer lists only
 * the first), its reasons in `locale`. Writes nothing. A bundle read in parts is not read again
 * here: a 400 says its job's answer links to every refused row (GET /api/jobs/{id}/refused).
 */
export async function previewOneRosterRefusals(
  context: AppLoadContext,
  actor: Actor,
  input: { file: FormDataEntryValue | null | undefined; recreateDeleted: boolean; locale: AnyLocale },
): Promise<RosterRefusal[]> {
  const upload = await uploadedBundle(context, actor, input.file);
  if (upload.inParts) throw invalid("refusals.refusedRowsOfLargeBundle", "file");
  return importAnswerIn(input.locale, (await planUploadedBundle(context, upload.bytes, { ...input, apply: false })).outcome).refused;
}

/** Zip failures as the 400 that says why. */
function zipRefusal(error: unknown): unknown {
  if (error instanceof NotAZipError) return invalid("refusals.oneRosterNotZip", "file", { reason: "roster.notAZip" });
  if (error instanceof ZipReadError) return invalid(error.problem ? zipReason(error.problem, error.values) : error.message, "file");
  return error;
}

/** The uploaded zip's bytes, by a district admin only, and whether its files are large enough to be read in parts (ADR 0050). */
async function uploadedBundle(context: AppLoadContext, actor: Actor, file: FormDataEntryValue | null | undefined) {
  allowedScope(actor, "import", "district-roster");
  if (!file || typeof file === "string" || file.size === 0) throw invalid("refusals.chooseOneRosterZip", "file");
  const bytes = new Uint8Array(await file.arrayBuffer());
  try {
    const declared = declaredZipBytes(bytes, (name) => READ_FILES.has(name), BUNDLE_ZIP_LIMITS);
    // Past what even the queue reads: refused now rather than after a queued read.
    if (declared > BUNDLE_ZIP_LIMITS_IN_PARTS.maxTotalBytes)
      throw invalid(zipReason("totalTooLarge", { limit: `${BUNDLE_ZIP_LIMITS_IN_PARTS.maxTotalBytes / 1_000_000} MB` }), "file");
    return { bytes, inParts: declared > context.config.rosterInParts.aboveBytes };
  } catch (error) {
    throw zipRefusal(error);
  }
}

/** The bundle read within its caps and planned against what D1 holds; a bundle that cannot be read is a 400 that says why. */
async function planUploadedBundle(context: AppLoadContext, bytes: Uint8Array, input: { apply: boolean; recreateDeleted: boolean }) {
  let texts: Map<string, string>;
  try {
    texts = readZipTexts(bytes, (name) => READ_FILES.has(name), BUNDLE_ZIP_LIMITS);
  } catch (error) {
    throw zipRefusal(error);
  }
  const read = readOneRosterBundle(texts);
  if (!read.ok) throw invalid(read.message, "file");
  const { bundle } = read;
  const existing = await loadRosterExisting(context.db, bundle, context.config.deletionKey);
  return { version: bundle.version, ...planOneRoster(bundle, existing, { apply: input.apply, recreateDeleted: input.recreateDeleted }) };
}
