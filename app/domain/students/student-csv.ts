import { z } from "zod";

import { CsvQuoteError, CsvRowLimitError, readCsvRows } from "~/domain/csv-rows";
import { codeWith } from "~/domain/i18n/coded";

import { emailOnEarlierLine, languageFromCell, studentIdOnEarlierLine, type StudentInput, studentInputSchema } from "./student";

/**
 * A simple roster CSV, as a teacher pastes or uploads it: a header row naming the columns (student
 * ID, given name, family name, grade; e-mail and language optional; any order and case, other
 * columns ignored), one student a row. A Language column sets the record's preferred language
 * (ADR 0045; a blank cell clears it); without one, records keep theirs. Each row is checked as the API checks one student; a refused row
 * says its line and why, and the others still count.
 */
const MAX_ROSTER_ROWS = 5_000;

type Column = "studentId" | "givenName" | "familyName" | "grade" | "email" | "language";
const COLUMN_NAMES: Record<string, Column> = {
  "student id": "studentId",
  studentid: "studentId",
  student_id: "studentId",
  "given name": "givenName",
  givenname: "givenName",
  "first name": "givenName",
  "family name": "familyName",
  familyname: "familyName",
  "last name": "familyName",
  grade: "grade",
  email: "email",
  "e-mail": "email",
  language: "language",
  "preferred language": "language",
};
const REQUIRED: Column[] = ["studentId", "givenName", "familyName", "grade"];
const COLUMN_LABELS: Record<Column, string> = {
  studentId: "student ID",
  givenName: "given name",
  familyName: "family name",
  grade: "grade",
  email: "email",
  language: "language",
};

type RosterRow = { line: number; student: StudentInput };
type RefusedLine = { line: number; reason: string };
type ParsedRoster = { ok: true; rows: RosterRow[]; refused: RefusedLine[] } | { ok: false; message: string };

export function parseRosterCsv(raw: string): ParsedRoster {
  let rows;
  try {
    // The header row and MAX_ROSTER_ROWS students: reading stops at the first row past them.
    rows = readCsvRows(raw, { maxRows: MAX_ROSTER_ROWS + 1 });
  } catch (error) {
    if (error instanceof CsvQuoteError) return { ok: false, message: codeWith("roster.csvQuoteNotClosed", { line: error.line }) };
    if (error instanceof CsvRowLimitError) return { ok: false, message: codeWith("roster.csvTooManyStudents", { max: MAX_ROSTER_ROWS }) };
    throw error;
  }
  const [header, ...body] = rows;
  if (!header) return { ok: false, message: "roster.csvEmpty" };
  const columns: Partial<Record<Column, number>> = {};
  header.cells.forEach((name, index) => {
    const column = COLUMN_NAMES[name.trim().toLowerCase()];
    if (column && columns[column] === undefined) columns[column] = index;
  });
  const missing = REQUIRED.filter((column) => columns[column] === undefined);
  if (missing.length) {
    const columns = missing.map((column) => COLUMN_LABELS[column]).join(", ");
    return { ok: false, message: codeWith("roster.csvMissingColumns", { line: header.line, columns }) };
  }

  const parsed: RosterRow[] = [];
  const refused: RefusedLine[] = [];
  const seen = new Map<string, number>();
  const emails = new Map<string, number>();
  for (const row of body) {
    const cell = (column: Column) => (columns[column] === undefined ? undefined : (row.cells[columns[column]!] ?? ""));
    const languageCell = cell("language");
    const language = languageCell === undefined ? undefined : languageFromCell(languageCell);
    if (language && !language.ok) {
      refused.push({ line: row.line, reason: language.reason });
      continue;
    }
    const result = studentInputSchema.safeParse({
      studentId: cell("studentId"),
      givenName: cell("givenName"),
      familyName: cell("familyName"),
      grade: cell("grade"),
      email: cell("email") ?? null,
      ...(language ? { language: language.language } : {}),
    });
    if (!result.success) {
      refused.push({ line: row.line, reason: result.error.issues.map((issue) => issue.message).join("; ") });
      continue;
    }
    const earlier = seen.get(result.data.studentId);
    if (earlier !== undefined) {
      refused.push({ line: row.line, reason: studentIdOnEarlierLine(result.data.studentId, earlier) });
      continue;
    }
    // Two records cannot share an e-mail (the schema lowers its case): refused here, the apply never meets it.
    const sameEmail = result.data.email ? emails.get(result.data.email) : undefined;
    if (sameEmail !== undefined) {
      refused.push({ line: row.line, reason: emailOnEarlierLine(result.data.email!, sameEmail) });
      continue;
    }
    seen.set(result.data.studentId, row.line);
    if (result.data.email) emails.set(result.data.email, row.line);
    parsed.push({ line: row.line, student: result.data });
  }
  return { ok: true, rows: parsed, refused };
}

/** POST /api/students/import's body: the CSV's text (1 MB at most) and, optionally, the class whose roster it is. */
export const rosterImportBodySchema = z
  .object({
    csv: z
      .string({ required_error: "csv: Paste or upload the CSV", invalid_type_error: "csv: Paste or upload the CSV" })
      .max(1_000_000, "csv: The CSV must be at most 1 MB"),
    cohortId: z.string().trim().min(1).max(200).nullish(),
  })
  .strict();

/** Both roster imports' query (the CSV and the OneRoster bundle): `?dryRun=1` (or true) previews, and nothing is written. */
export const rosterImportQuerySchema = z
  .object({ dryRun: z.enum(["0", "1", "true", "false"]).optional() })
  .strict()
  .transform((query) => ({ apply: query.dryRun !== "1" && query.dryRun !== "true" }));
