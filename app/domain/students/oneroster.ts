import { z } from "zod";

import { CsvQuoteError, type CsvRow, CsvRowLimitError, readCsvRows } from "~/domain/csv-rows";
import { codeWith } from "~/domain/i18n/coded";
import { isStorableText } from "~/domain/text-fields";
import type { ZipLimits } from "~/lib/zip-files";

import { emailOnEarlierLine, isDistrictStudentId, rosterStudentInputSchema, type StudentInput } from "./student";

/**
 * A OneRoster CSV bundle (versions 1.1 and 1.2) read into what the product keeps (ADR 0028):
 * classes, students, teachers and their enrollments. It follows `manifest.csv` (a file marked
 * "absent" or left blank is not read, one marked "bulk" or "delta" must be there), matches columns
 * by header name whatever their order or case (and under the misspellings real exports carry), and
 * ignores columns and files it does not need. A row it cannot use is refused with its file and
 * line; the rest still count. Every user and class row is remembered by sourcedId, so a refused
 * enrollment can name the row that caused it.
 */

/**
 * The import's "Re-create them" tick (the form's checkbox and the API's multipart field
 * `recreateDeleted`): students deleted on request are created again only when it is set.
 */
export const recreateDeletedField = z
  .enum(["0", "1", "true", "false", "on"], { errorMap: () => ({ message: "recreateDeleted must be true or false" }) })
  .optional()
  .transform((value) => value === "1" || value === "true" || value === "on");

type OneRosterVersion = "1.1" | "1.2";
export type RosterRefusal = { file: string; line: number; reason: string };
/** A row taken, but not as written (an identifier that cannot be a student ID), with why. */
export type RosterNote = { file: string; line: number; note: string };
/** A users.csv or classes.csv row as read: its line and what it is (a role, "tobedeleted", or refused). */
type RowSeen = { file: string; line: number; what: string; refused: boolean };
/** Where a row came from, for the refusals the import's apply step adds. */
type Source = { file: string; line: number };

type RosterClass = Source & { sourcedId: string; title: string; removed: boolean };
type RosterStudent = Source & { sourcedId: string; student: StudentInput };
type RosterTeacher = Source & { sourcedId: string; email: string; givenName: string; familyName: string };
type RosterEnrollment = Source & { sourcedId: string; classSourcedId: string; userSourcedId: string; role: "student" | "teacher"; removed: boolean };

export type OneRosterBundle = {
  version: OneRosterVersion;
  classes: RosterClass[];
  students: RosterStudent[];
  teachers: RosterTeacher[];
  enrollments: RosterEnrollment[];
  /** Rows that cannot be used, each with its file, line and why. */
  refused: RosterRefusal[];
  /** Rows taken with a change the preview should say. */
  notes: RosterNote[];
  /** Every users.csv and classes.csv row by sourcedId, whatever became of it. */
  seen: { users: ReadonlyMap<string, RowSeen>; classes: ReadonlyMap<string, RowSeen> };
};

type ReadBundle = { ok: true; bundle: OneRosterBundle } | { ok: false; message: string };

/** A row by lower-cased column name, with its line. */
type TableRow = { line: number; cell: (column: string) => string };

const MAX_ROWS_PER_FILE = 50_000;

/**
 * What the bundle's zip may hold (ADR 0028), checked as it inflates. A file at the row limit
 * (users.csv, a few hundred bytes a row) stays under 20 MB; CSV deflates about 5 to 20 to 1,
 * a zip bomb about 1,000 to 1; a bundle is a dozen files or so. The total keeps the texts (up to
 * two bytes a character in memory) well inside a Worker's 128 MB (`npm run bench:uploads`).
 */
export const BUNDLE_ZIP_LIMITS: ZipLimits = { maxMembers: 100, maxMemberBytes: 20_000_000, maxTotalBytes: 30_000_000, maxRatio: 100 };
/**
 * What a bundle read in parts (ADR 0050) may hold: its files are read a piece at a time and never
 * held whole, so the sizes are bounded by the time to read them (about 80 MB of CSV for 100,000
 * students), not by memory; the ratio still stops a zip bomb.
 */
export const BUNDLE_ZIP_LIMITS_IN_PARTS: ZipLimits = { maxMembers: 100, maxMemberBytes: 600_000_000, maxTotalBytes: 800_000_000, maxRatio: 100 };
const TITLE_MAX = 200;

/**
 * Header names real exports misspell, read as the spelling the standard gives: Moodle's OneRoster
 * plugin's 1.2 fixtures write `prefferedGivenName` and a roles.csv with `dataLastModified`.
 */
const HEADER_SPELLINGS: Record<string, string> = {
  prefferedgivenname: "preferredgivenname",
  prefferedmiddlename: "preferredmiddlename",
  prefferedfamilyname: "preferredfamilyname",
  datalastmodified: "datelastmodified",
};

class BundleError extends Error {}

/** A file's text as rows (its header first), within MAX_ROWS_PER_FILE; a quote never closed or too many rows is a BundleError. */
function rowsOf(file: string, text: string): CsvRow[] {
  try {
    // The header row and MAX_ROWS_PER_FILE more: reading stops at the first row past them.
    return readCsvRows(text, { maxRows: MAX_ROWS_PER_FILE + 1 });
  } catch (error) {
    throw bundleErrorOf(file, error, MAX_ROWS_PER_FILE);
  }
}

/** A CSV reader's error as what the preview says of the file; anything else unchanged. */
export function bundleErrorOf(file: string, error: unknown, maxRows: number): unknown {
  if (error instanceof CsvQuoteError) return new BundleError(codeWith("roster.fileQuoteNotClosed", { file, line: error.line }));
  if (error instanceof CsvRowLimitError) return new BundleError(codeWith("roster.fileTooManyRows", { file, max: maxRows }));
  return error;
}

/** The header's column positions by lower-cased name (misspellings read as the standard's); a missing required column is a BundleError. */
function columnsOf(file: string, header: CsvRow | undefined, required: readonly string[]): Map<string, number> {
  if (!header) throw new BundleError(codeWith("roster.fileEmpty", { file }));
  const index = new Map<string, number>();
  header.cells.forEach((name, position) => {
    const key = name
      .trim()
      .replace(/^\uFEFF/, "")
      .toLowerCase();
    if (!index.has(key)) index.set(key, position);
  });
  for (const [misspelled, standard] of Object.entries(HEADER_SPELLINGS)) {
    const position = index.get(misspelled);
    if (position !== undefined && !index.has(standard)) index.set(standard, position);
  }
  const missing = required.filter((column) => !index.has(column.toLowerCase()));
  if (missing.length) throw new BundleError(codeWith("roster.fileMissingColumns", { file, line: header.line, columns: missing.join(", ") }));
  return index;
}

/** A row's cell by column name (any case, trimmed; "" when the header has no such column), for the header given. */
export function cellsOf(header: CsvRow): (row: CsvRow, column: string) => string {
  const index = columnsOf("", header, []);
  return (row, column) => {
    const position = index.get(column.toLowerCase());
    return position === undefined ? "" : (row.cells[position] ?? "").trim();
  };
}

function readTable(file: string, rows: readonly CsvRow[], required: readonly string[]): TableRow[] {
  const [header, ...body] = rows;
  const index = columnsOf(file, header, required);
  return body.map((row) => ({
    line: row.line,
    cell: (column) => {
      const position = index.get(column.toLowerCase());
      return position === undefined ? "" : (row.cells[position] ?? "").trim();
    },
  }));
}

type FileMode = "absent" | "bulk" | "delta";

function readManifest(manifest: readonly CsvRow[]): { version: OneRosterVersion; modes: Map<string, FileMode> } {
  const rows = readTable("manifest.csv", manifest, ["propertyName", "value"]);
  const properties = new Map(rows.map((row) => [row.cell("propertyName"), row.cell("value")]));
  const version = properties.get("oneroster.version");
  if (version !== "1.1" && version !== "1.2") {
    throw new BundleError(version ? codeWith("roster.unknownVersion", { version }) : "roster.noVersion");
  }
  const modes = new Map<string, FileMode>();
  for (const [property, value] of properties) {
    if (!property.startsWith("file.")) continue;
    // A blank value (1.2 exports write `file.scoreScales,`) says the file is not there: absent.
    const mode = value.toLowerCase() || "absent";
    if (mode !== "absent" && mode !== "bulk" && mode !== "delta") {
      throw new BundleError(codeWith("roster.unknownFileMode", { property, value }));
    }
    modes.set(`${property.slice("file.".length).toLowerCase()}.csv`, mode);
  }
  return { version, modes };
}

/** The latest row for each sourcedId (by dateLastModified, then by line): a delta bundle may list a record twice. */
function latestBySourcedId(rows: TableRow[]): TableRow[] {
  const latest = new Map<string, TableRow>();
  const modified = (row: TableRow) => Date.parse(row.cell("dateLastModified")) || 0;
  for (const row of rows) {
    const sourcedId = row.cell("sourcedId");
    const earlier = latest.get(sourcedId);
    if (!earlier || modified(row) >= modified(earlier)) latest.set(sourcedId, row);
  }
  return [...latest.values()].sort((a, b) => a.line - b.line);
}

/** "active" or blank (a bulk file), or a removal: "tobedeleted" (and 1.1's "inactive"); anything else is refused. */
function readStatus(row: TableRow): "active" | "removed" | null {
  const status = row.cell("status").toLowerCase();
  if (status === "" || status === "active") return "active";
  if (status === "tobedeleted" || status === "inactive") return "removed";
  return null;
}

/** A row whose status is none the import reads: its reason, with the status as written. */
const unknownStatus = (row: TableRow) => codeWith("roster.unknownStatus", { status: row.cell("status") });

type Role = "student" | "teacher" | "other";
const readRole = (value: string): Role => {
  const role = value.trim().toLowerCase();
  return role === "student" || role === "teacher" ? role : "other";
};

/** The preview's note for a student whose identifier could not be their student ID. */
export function identifierFallbackNote(identifier: string, sourcedId: string): string {
  return codeWith("roster.identifierFallback", { identifier, sourcedId });
}

function firstGrade(grades: string): string {
  return grades.split(",")[0]?.trim() ?? "";
}

/** Reads the bundle's files (by file name, folders already stripped) into what an import applies, or why it cannot be read at all. */
export function readOneRosterBundle(files: ReadonlyMap<string, string>): ReadBundle {
  return readingBundle(() => readBundle((file) => (files.has(file) ? rowsOf(file, files.get(file)!) : undefined)));
}

/**
 * `readOneRosterBundle` for files already read into rows (each file's header row first, every row
 * with its line in the file): a bundle read in parts (ADR 0050) hands each part its own rows.
 */
export function readOneRosterTables(tables: ReadonlyMap<string, readonly CsvRow[]>): ReadBundle {
  return readingBundle(() => readBundle((file) => tables.get(file)));
}

function readingBundle(read: () => OneRosterBundle): ReadBundle {
  try {
    return { ok: true, bundle: read() };
  } catch (error) {
    if (error instanceof BundleError) return { ok: false, message: error.message };
    throw error;
  }
}

/** The files of a bundle the import reads, each with the columns it needs: the manifest first, then in the order they are read. */
const FILE_COLUMNS = {
  "manifest.csv": ["propertyName", "value"],
  "classes.csv": ["sourcedId", "title"],
  "roles.csv": ["sourcedId", "userSourcedId", "role"],
  "enrollments.csv": ["sourcedId", "classSourcedId", "userSourcedId", "role"],
} as const;
const usersColumns = (version: OneRosterVersion) =>
  version === "1.1" ? ["sourcedId", "role", "givenName", "familyName"] : ["sourcedId", "givenName", "familyName"];

/** What a bundle's manifest asks the import to read: its version and, for each file there is, the columns it must have; or why it cannot. */
type BundleManifest =
  { ok: true; version: OneRosterVersion; files: Map<string, { columns: readonly string[]; mode: string }> } | { ok: false; message: string };

/** The manifest's rows read (ADR 0050): which of the files the import reads are there, and the columns each must have. */
export function readBundleManifest(manifest: readonly CsvRow[]): BundleManifest {
  try {
    const { version, modes } = readManifest(manifest);
    const files = new Map<string, { columns: readonly string[]; mode: string }>();
    const wanted: [string, readonly string[]][] = [
      ["classes.csv", FILE_COLUMNS["classes.csv"]],
      ["users.csv", usersColumns(version)],
      ["enrollments.csv", FILE_COLUMNS["enrollments.csv"]],
      ...(version === "1.2" ? ([["roles.csv", FILE_COLUMNS["roles.csv"]]] as [string, readonly string[]][]) : []),
    ];
    for (const [file, columns] of wanted) {
      const mode = modes.get(file) ?? "absent";
      if (mode !== "absent") files.set(file, { columns, mode });
    }
    return { ok: true, version, files };
  } catch (error) {
    if (error instanceof BundleError) return { ok: false, message: error.message };
    throw error;
  }
}

/** Why a file's header cannot be read for the columns it needs, or null when it can. */
export function headerProblem(file: string, header: CsvRow | undefined, required: readonly string[]): string | null {
  try {
    columnsOf(file, header, required);
    return null;
  } catch (error) {
    if (error instanceof BundleError) return error.message;
    throw error;
  }
}

/** Why a file marked in the manifest is not in the zip. */
export const fileMissingProblem = (file: string, mode: string) => codeWith("roster.fileMissing", { file, mode });

function readBundle(rowsOfFile: (file: string) => readonly CsvRow[] | undefined): OneRosterBundle {
  const manifest = rowsOfFile("manifest.csv");
  if (manifest === undefined) throw new BundleError("roster.noManifest");
  const { version, modes } = readManifest(manifest);
  const table = (file: string, required: readonly string[]): TableRow[] | null => {
    const mode = modes.get(file) ?? "absent";
    if (mode === "absent") return null;
    const rows = rowsOfFile(file);
    if (rows === undefined) throw new BundleError(fileMissingProblem(file, mode));
    return latestBySourcedId(readTable(file, rows, required));
  };

  const refused: RosterRefusal[] = [];
  const notes: RosterNote[] = [];
  const seenUsers = new Map<string, RowSeen>();
  const seenClasses = new Map<string, RowSeen>();
  const refuse = (file: string, row: TableRow, reason: string) => {
    refused.push({ file, line: row.line, reason });
    const seen = (file === "users.csv" ? seenUsers : seenClasses).get(row.cell("sourcedId"));
    if (seen?.line === row.line) seen.refused = true;
  };

  const classes: RosterClass[] = [];
  for (const row of table("classes.csv", FILE_COLUMNS["classes.csv"]) ?? []) {
    const status = readStatus(row);
    const title = row.cell("title");
    if (row.cell("sourcedId"))
      seenClasses.set(row.cell("sourcedId"), { file: "classes.csv", line: row.line, what: row.cell("status").toLowerCase(), refused: false });
    if (!row.cell("sourcedId")) refuse("classes.csv", row, "roster.classNoSourcedId");
    else if (!status) refuse("classes.csv", row, unknownStatus(row));
    else if (!title && status === "active") refuse("classes.csv", row, "roster.classNoTitle");
    else if (title.length > TITLE_MAX) refuse("classes.csv", row, codeWith("roster.classTitleTooLong", { max: TITLE_MAX }));
    else if (!isStorableText(title)) refuse("classes.csv", row, "roster.classTitleUnstorable");
    else classes.push({ file: "classes.csv", line: row.line, sourcedId: row.cell("sourcedId"), title, removed: status === "removed" });
  }

  // 1.1 carries each user's role in users.csv; 1.2 in roles.csv (the primary role wins).
  const rolesOf = new Map<string, string>();
  if (version === "1.2") {
    for (const row of table("roles.csv", FILE_COLUMNS["roles.csv"]) ?? []) {
      if (readStatus(row) !== "active") continue;
      const userSourcedId = row.cell("userSourcedId");
      if (!rolesOf.has(userSourcedId) || row.cell("roleType").toLowerCase() === "primary") rolesOf.set(userSourcedId, row.cell("role"));
    }
  }

  const enrollmentRows = table("enrollments.csv", FILE_COLUMNS["enrollments.csv"]) ?? [];
  const enrolledAs = new Map<string, string>();
  for (const row of enrollmentRows) if (!enrolledAs.has(row.cell("userSourcedId"))) enrolledAs.set(row.cell("userSourcedId"), row.cell("role"));

  const students: RosterStudent[] = [];
  const teachers: RosterTeacher[] = [];
  // Two students (or two teachers) cannot share an e-mail (both are kept lower case): the later row
  // is refused here, so the preview shows what the apply would otherwise fail on.
  const studentEmails = new Map<string, number>();
  const teacherEmails = new Map<string, number>();
  for (const row of table("users.csv", usersColumns(version)) ?? []) {
    const sourcedId = row.cell("sourcedId");
    const status = readStatus(row);
    if (!sourcedId) {
      refuse("users.csv", row, "roster.userNoSourcedId");
      continue;
    }
    const roleName = version === "1.1" ? row.cell("role") : (rolesOf.get(sourcedId) ?? enrolledAs.get(sourcedId) ?? "");
    seenUsers.set(sourcedId, { file: "users.csv", line: row.line, what: roleName.toLowerCase(), refused: false });
    if (!status) {
      refuse("users.csv", row, unknownStatus(row));
      continue;
    }
    const role = readRole(roleName);
    // Administrators, aides, guardians and the like are not the product's students or teachers.
    if (role === "other") continue;
    const source = { file: "users.csv", line: row.line, sourcedId };
    if (role === "teacher") {
      const email = row.cell("email").toLowerCase();
      if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email) || !isStorableText(email)) refuse("users.csv", row, "roster.teacherNeedsEmail");
      else if (!isStorableText(row.cell("givenName")) || !isStorableText(row.cell("familyName"))) refuse("users.csv", row, "roster.teacherNameUnstorable");
      else if (teacherEmails.has(email)) refuse("users.csv", row, emailOnEarlierLine(email, teacherEmails.get(email)!));
      else {
        teacherEmails.set(email, row.line);
        teachers.push({ ...source, email, givenName: row.cell("givenName"), familyName: row.cell("familyName") });
      }
      continue;
    }
    const enabled = row.cell("enabledUser").toLowerCase() !== "false";
    // An identifier that cannot be a student ID (a space, an @, too long) gives way to the sourcedId, said in the preview.
    const identifier = row.cell("identifier");
    const fallBack = identifier !== "" && !isDistrictStudentId(identifier) && isDistrictStudentId(sourcedId);
    const parsed = rosterStudentInputSchema.safeParse({
      studentId: fallBack ? sourcedId : identifier || sourcedId,
      givenName: row.cell("preferredGivenName") || row.cell("givenName"),
      familyName: row.cell("familyName"),
      grade: firstGrade(row.cell("grades")),
      email: row.cell("email") || null,
      status: status === "active" && enabled ? "active" : "inactive",
    });
    const email = parsed.success ? parsed.data.email : null;
    if (!parsed.success) refuse("users.csv", row, parsed.error.issues.map((issue) => issue.message).join("; "));
    else if (email && studentEmails.has(email)) refuse("users.csv", row, emailOnEarlierLine(email, studentEmails.get(email)!));
    else {
      if (email) studentEmails.set(email, row.line);
      students.push({ ...source, student: parsed.data });
      if (fallBack) notes.push({ file: "users.csv", line: row.line, note: identifierFallbackNote(identifier, sourcedId) });
    }
  }

  const enrollments: RosterEnrollment[] = [];
  for (const row of enrollmentRows) {
    const status = readStatus(row);
    const role = readRole(row.cell("role"));
    if (!status) refuse("enrollments.csv", row, unknownStatus(row));
    else if (!row.cell("classSourcedId") || !row.cell("userSourcedId")) refuse("enrollments.csv", row, "roster.enrollmentNeedsIds");
    else if (role !== "other") {
      enrollments.push({
        file: "enrollments.csv",
        line: row.line,
        sourcedId: row.cell("sourcedId"),
        classSourcedId: row.cell("classSourcedId"),
        userSourcedId: row.cell("userSourcedId"),
        role,
        removed: status === "removed",
      });
    }
  }
  return { version, classes, students, teachers, enrollments, refused, notes, seen: { users: seenUsers, classes: seenClasses } };
}
