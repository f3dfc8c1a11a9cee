import type { Database } from "~/db/client.server";
import type { Scope } from "~/domain/auth/policy";
import { BUNDLE_ZIP_LIMITS, readOneRosterBundle } from "~/domain/students/oneroster";
import { parseRosterCsv } from "~/domain/students/student-csv";
import { invalid } from "~/lib/errors";
import { NotAZipError, readZipTexts, ZipReadError } from "~/lib/zip-files";
import { canSeeClass } from "~/models/class-scope.server";
import { importOneRoster, type OneRosterOutcome } from "~/models/oneroster.server";
import { importRoster } from "~/models/students.server";

type Importer = { id: string; email: string };

/** The CSV files of a bundle the import reads; the others (orgs, courses, results…) stay compressed. */
const READ_FILES = new Set(["manifest.csv", "classes.csv", "users.csv", "enrollments.csv", "roles.csv"]);

/**
 * A uploaded OneRoster zip (the form field `file`), previewed or applied (ADR 0028). A missing
 * file, a zip that cannot be read or a bundle without what it needs is a 400 that says why, and
 * nothing is written.
 */
export async function importOneRosterUpload(
  db: Database,
  file: FormDataEntryValue | null | undefined,
  options: { apply: boolean; importedBy: Importer },
): Promise<OneRosterOutcome> {
  if (!file || typeof file === "string" || file.size === 0) throw invalid("Choose the OneRoster zip to import.", "file");
  let texts: Map<string, string>;
  try {
    texts = readZipTexts(new Uint8Array(await file.arrayBuffer()), (name) => READ_FILES.has(name), BUNDLE_ZIP_LIMITS);
  } catch (error) {
    if (error instanceof NotAZipError) throw invalid(`${error.message} Upload the OneRoster CSV bundle as a .zip file.`, "file");
    if (error instanceof ZipReadError) throw invalid(error.message, "file");
    throw error;
  }
  const read = readOneRosterBundle(texts);
  if (!read.ok) throw invalid(read.message, "file");
  return importOneRoster(db, read.bundle, options);
}

/**
 * A simple roster CSV, previewed or applied, optionally onto a class's roster: each refused line
 * (the file's and the import's) in line order. Null for an unknown class; a CSV that cannot be
 * read is a 400 that says why.
 */
export async function importRosterCsv(db: Database, csv: string, options: { cohortId: string | null; apply: boolean; importedBy: Importer; scope: Scope }) {
  // A teacher imports students onto a class they teach; the district's whole roster is an admin's.
  const { scope } = options;
  if (scope.kind === "teacher" && !options.cohortId) throw invalid("Choose one of your classes to add these students to.", "cohortId");
  if (options.cohortId && !(await canSeeClass(db, scope, options.cohortId))) return null;
  const parsed = parseRosterCsv(csv);
  if (!parsed.ok) throw invalid(parsed.message, "csv");
  const outcome = await importRoster(db, parsed.rows, options);
  if (!outcome) return null;
  return { applied: options.apply, ...outcome, refused: [...parsed.refused, ...outcome.refused].sort((a, b) => a.line - b.line) };
}
