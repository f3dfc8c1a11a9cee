import { z } from "zod";

import { codeWith } from "~/domain/i18n/coded";
import { pageNumber, screenPage } from "~/domain/paging";
import { storableText } from "~/domain/text-fields";

/**
 * A student as a record (ADR 0027): the district's student ID, names, grade and an optional
 * e-mail that links a signed-in account. One schema for the API's body and the screen's form.
 */
const STUDENT_STATUSES = ["active", "inactive"] as const;
export type StudentStatus = (typeof STUDENT_STATUSES)[number];

/**
 * The language the student pages speak to a student whose browser has not chosen one (ADR 0045):
 * a rostered join sets it on their browser. Null is "not set" (the browser's Accept-Language).
 */
const STUDENT_LANGUAGES = ["en", "es"] as const;
export type StudentLanguage = (typeof STUDENT_LANGUAGES)[number];

/** What a roster CSV's Language cell may say for each language, compared without case or accents. */
const LANGUAGE_NAMES: Record<string, StudentLanguage> = {
  en: "en",
  eng: "en",
  english: "en",
  ingles: "en",
  es: "es",
  spa: "es",
  spanish: "es",
  espanol: "es",
  castellano: "es",
};

/**
 * A roster CSV's Language cell: a code ("es", "es-MX", "spa") or a name ("Spanish", "Español") in
 * any case; blank is "not set". Anything else is the row's refusal, never silently dropped.
 */
export function languageFromCell(cell: string): { ok: true; language: StudentLanguage | null } | { ok: false; reason: string } {
  const value = cell.trim();
  if (!value) return { ok: true, language: null };
  const key = value
    .toLowerCase()
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .split(/[-_]/)[0]!;
  const language = LANGUAGE_NAMES[key];
  return language ? { ok: true, language } : { ok: false, reason: codeWith("roster.unknownLanguage", { value: value.slice(0, 40) }) };
}

/** District IDs are letters, digits and . _ - (what student information systems issue), up to 64; a blank one is the "Enter" message alone. */
const DISTRICT_ID = /^[A-Za-z0-9._-]*$/;
const DISTRICT_ID_MAX = 64;

/** Whether `value` can be a district student ID as it stands (an import falls back to another id when not). */
export function isDistrictStudentId(value: string): boolean {
  return value.length > 0 && value.length <= DISTRICT_ID_MAX && DISTRICT_ID.test(value);
}

const trimmedText = (field: string, max: number) =>
  storableText(
    z
      .string({ required_error: `Enter the student's ${field}`, invalid_type_error: `Enter the student's ${field}` })
      .trim()
      .min(1, `Enter the student's ${field}`)
      .max(max, `The ${field} must be at most ${max} characters`),
    `The ${field}`,
  );

export const studentInputSchema = z
  .object({
    studentId: trimmedText("student ID", DISTRICT_ID_MAX).regex(DISTRICT_ID, "A student ID may hold only letters, digits, dots, dashes and underscores"),
    givenName: trimmedText("given name", 100),
    familyName: trimmedText("family name", 100),
    grade: trimmedText("grade", 20),
    email: z
      .string({ invalid_type_error: "Enter an e-mail address" })
      .trim()
      .toLowerCase()
      .max(254, "The e-mail address must be at most 254 characters")
      .email("Enter a valid e-mail address")
      .nullish()
      .or(z.literal("").transform(() => null))
      .transform((email) => email ?? null),
    status: z.enum(STUDENT_STATUSES, { errorMap: () => ({ message: "status must be active or inactive" }) }).default("active"),
    /** Left out: the record keeps its language (an update, an import without the column); null: not set. */
    language: z.enum(STUDENT_LANGUAGES, { errorMap: () => ({ message: "language must be en or es (or null for not set)" }) }).nullish(),
  })
  .strict();
export type StudentInput = z.infer<typeof studentInputSchema>;

/**
 * A student as a OneRoster bundle gives them: `grades` is optional in OneRoster 1.1 and 1.2, so the
 * grade may be blank (shown as "—", `gradeCell`); everything else as the form checks it.
 */
export const rosterStudentInputSchema = studentInputSchema.extend({
  grade: storableText(z.string().trim().max(20, "The grade must be at most 20 characters"), "The grade"),
});

/**
 * An import's row whose e-mail (in any case: the schema lowers it) an earlier row of the same file
 * has: a code with its values, rendered where the import is answered (ADR 0045).
 */
export function emailOnEarlierLine(email: string, line: number): string {
  return codeWith("roster.emailOnEarlierLine", { email, line });
}

/** An import's row whose student ID an earlier row of the same file has. */
export function studentIdOnEarlierLine(studentId: string, line: number): string {
  return codeWith("roster.studentIdOnEarlierLine", { studentId, line });
}

/** GET /api/students' query: a name or ID to search for, a class, a grade and a page (50 students a page). */
export const studentListQuerySchema = z
  .object({
    q: z.string().trim().max(100, "q must be at most 100 characters").optional(),
    cohortId: z.string().trim().min(1).max(200, "cohortId must be at most 200 characters").optional(),
    grade: z.string().trim().min(1).max(20, "grade must be at most 20 characters").optional(),
    page: pageNumber.default(1),
  })
  .strict();
export type StudentListQuery = z.infer<typeof studentListQuerySchema>;

export const STUDENTS_PER_PAGE = 50;

/** How a student is shown in lists and on a class's member rows: given name, then family name. */
export function studentDisplayName(student: { givenName: string; familyName: string }): string {
  return `${student.givenName} ${student.familyName}`;
}

/** The fields of a stored record an import compares with a row. */
export type StudentRecordFields = {
  givenName: string;
  familyName: string;
  grade: string;
  email: string | null;
  status: StudentStatus;
  language?: StudentLanguage | null;
};

/** Whether a record already holds what the student's input says. */
export const sameStudentRecord = (row: StudentRecordFields, input: StudentInput) =>
  row.givenName === input.givenName &&
  row.familyName === input.familyName &&
  row.grade === input.grade &&
  row.email === input.email &&
  row.status === input.status &&
  (input.language === undefined || (row.language ?? null) === input.language);

/**
 * Student search (ADR 0049) finds a student by the start of their name, given or family name first,
 * or of their student ID or the number in it ("1001" finds S-1001), on indexes of those forms in
 * lower case, so it never reads the whole table. Lower case as SQLite's lower() and LIKE fold it:
 * ASCII letters only, so an accented capital matches only itself, as the search always did.
 */
export const ID_LEAD = "abcdefghijklmnopqrstuvwxyz-_ ./#:";

/** The range of indexed keys that start with a search term: [from, until), literal (no wildcards). */
export function searchPrefixRange(term: string): { from: string; until: string } {
  const from = term.replace(/[A-Z]/g, (letter) => letter.toLowerCase());
  // U+10FFFF sorts after every character SQLite's binary collation can meet after the prefix.
  return { from, until: `${from}\u{10FFFF}` };
}

/**
 * The student list counts its matches up to this many (ADR 0049): past it, the list says "more
 * than 1,000" instead of counting a third of the district on every keystroke.
 */
export const STUDENT_COUNT_CAP = 1000;

/** How many students the list found, as a number for "Showing 50 of … students": "more than 1,000" once past the cap. */
export function studentTotalText(total: number, totalIsAtLeast: boolean): string {
  return totalIsAtLeast ? `more than ${STUDENT_COUNT_CAP.toLocaleString("en-US")}` : String(total);
}

/**
 * The list's total from its count (stopped at STUDENT_COUNT_CAP + 1) and the page's read (up to
 * one row past the page): exact when the count stopped short of the cap, or when the page is the
 * last one (it has rows, and none after it); otherwise a lower bound, `totalIsAtLeast`: the count,
 * or on a deeper page the rows before it and on it plus the one after, so the next page is counted.
 */
export function studentListTotal(counted: number, offset: number, rowsRead: number, pageSize: number): { total: number; totalIsAtLeast: boolean } {
  if (counted <= STUDENT_COUNT_CAP) return { total: counted, totalIsAtLeast: false };
  if (rowsRead > 0 && rowsRead <= pageSize) return { total: offset + rowsRead, totalIsAtLeast: false };
  return { total: Math.max(counted, offset + rowsRead), totalIsAtLeast: true };
}

/** What the Students screen says when its list was not counted to the end. */
export const TOO_MANY_STUDENTS = `More than ${STUDENT_COUNT_CAP.toLocaleString("en-US")} students match: type more of the name or ID to narrow the list.`;

/** A search term as a LIKE pattern that matches it literally anywhere (its % and _ escaped with \\): class names are searched so. */
export function likePattern(term: string): string {
  return `%${term.replace(/[\\%_]/g, (character) => `\\${character}`)}%`;
}

/**
 * What the Students screen's filters show ("" = any). The class is found by searching class names
 * (`classq`): the page lists the classes that match, never every class (ADR 0049).
 */
export type StudentFilterValues = { q: string; classq: string; cohortId: string; grade: string };

/** How many matching classes the Students screen offers under its class search. */
export const CLASS_MATCHES_SHOWN = 10;

/** What the Students screen says under its class search: the classes found (then a link to each), or none. */
export function classMatchesNote(search: string, found: number, more: boolean): string {
  if (found === 0) return `No class name contains “${search}”.`;
  const classes = found === 1 ? "the class whose name contains" : `the ${more ? "first " : ""}${found} classes whose names contain`;
  return `Students on ${classes} “${search}”${more ? " (and more: type more of the name)" : ""}. Only one:`;
}

/**
 * The Students screen's query from its URL (`q`, `cohortId`, `grade`, `page`). Lenient, as every
 * screen is: an over-long value is cut to its limit and a bad page is page 1, so a bookmarked
 * link never fails.
 */
export function readStudentScreenQuery(params: URLSearchParams): { query: StudentListQuery & { className?: string }; values: StudentFilterValues } {
  const values = {
    q: (params.get("q") ?? "").slice(0, 100),
    classq: (params.get("classq") ?? "").slice(0, 100),
    cohortId: (params.get("cohortId") ?? "").trim().slice(0, 200),
    grade: (params.get("grade") ?? "").trim().slice(0, 20),
  };
  return {
    values,
    query: {
      q: values.q.trim() || undefined,
      className: values.classq.trim() || undefined,
      cohortId: values.cohortId || undefined,
      grade: values.grade || undefined,
      page: screenPage(params.get("page")),
    },
  };
}

/** The screen's URL search params, defaults left out. */
export function studentListSearch(values: StudentFilterValues, page = 1): URLSearchParams {
  const params = new URLSearchParams();
  if (values.q.trim()) params.set("q", values.q);
  if (values.classq.trim()) params.set("classq", values.classq);
  if (values.cohortId) params.set("cohortId", values.cohortId);
  if (values.grade) params.set("grade", values.grade);
  if (page > 1) params.set("page", String(page));
  return params;
}
