import { and, asc, eq, inArray, or, type SQL, sql } from "drizzle-orm";

import type { Database } from "~/db/client.server";
import { cohortMembers, cohorts, students, studentSearchKeys } from "~/db/schema";
import type { Scope } from "~/domain/auth/policy";
import { likePattern, searchPrefixRange, STUDENT_COUNT_CAP, type StudentListQuery, studentListTotal, STUDENTS_PER_PAGE } from "~/domain/students/student";

import { inTaughtClasses, taughtStudents } from "./class-scope.server";
import { studentView } from "./students.server";

/**
 * The Students screen's and GET /api/students' list of the district's students: found by a
 * search term through the prefix indexes, by class, by grade and status, read one page at a time
 * in the order an index gives and counted up to STUDENT_COUNT_CAP (ADR 0049). Writes to student
 * records are in students.server.ts.
 */
type StudentRow = typeof students.$inferSelect;

/** A range of keys that start with the search term, on an indexed form (ADR 0049); `unindexed` keeps SQLite from looking it up there. */
const inPrefixRange = (key: SQL, range: { from: string; until: string }, unindexed = false) => {
  const operand = unindexed ? sql`+${key}` : key;
  return sql`(${operand} >= ${range.from} and ${operand} < ${range.until})`;
};

/**
 * A page of students, found by the start of a name or ID, in a class and a grade, in the list's
 * order (family name, then given name, ASCII case folded; then the student ID): searched, ordered
 * and paged in SQL on indexes (ADR 0049). The count stops past STUDENT_COUNT_CAP (`totalIsAtLeast`).
 */
export async function listStudents(db: Database, query: StudentListQuery & { className?: string }, scope: Scope) {
  const filters: SQL[] = [];
  const taught = taughtStudents(students.id, scope);
  if (taught) filters.push(taught);
  if (query.grade) filters.push(eq(students.grade, query.grade));
  if (query.className) {
    // On the rosters of the classes in the scope whose name contains the text (the Students screen's class search).
    const named = db
      .select({ id: cohorts.id })
      .from(cohorts)
      .where(and(inTaughtClasses(cohorts.id, scope), sql`${cohorts.name} like ${likePattern(query.className)} escape '\\'`));
    filters.push(
      inArray(
        students.id,
        db
          .select({ id: sql`${cohortMembers.studentRecordId}` })
          .from(cohortMembers)
          .where(inArray(cohortMembers.cohortId, named)),
      ),
    );
  }
  if (query.cohortId) {
    // The roster first (its cohort_id index), then its students by id: a correlated `exists` read every student.
    filters.push(
      inArray(
        students.id,
        db
          .select({ id: sql`${cohortMembers.studentRecordId}` })
          .from(cohortMembers)
          .where(eq(cohortMembers.cohortId, query.cohortId)),
      ),
    );
  }
  const keys = studentSearchKeys(students);
  const range = query.q ? searchPrefixRange(query.q) : null;
  // The search's forms other than "Family Given", whose index is the list's order.
  const otherForms = (unindexed = false) =>
    or(...[keys.givenFamily, keys.studentId, keys.studentIdNumber].map((key) => inPrefixRange(key, range!, unindexed)))!;
  const where = and(...filters, ...(range ? [or(inPrefixRange(keys.familyGiven, range), otherForms())!] : []));

  // Counted up to one past the cap, with the search's forms other than "Family Given" apart: whether
  // they are many decides how a broad search's page is read. When they are, so is the whole search,
  // and its own count (each match's row read, to count a student found twice once) is skipped.
  const capped = (condition: SQL | undefined) =>
    sql`(select count(*) from (select 1 from ${students} where ${condition ?? sql`1`} limit ${STUDENT_COUNT_CAP + 1}))`;
  const [counts] = await db.all<{ counted: number; otherForms: number }>(
    range
      ? sql`with other_forms as materialized (select ${capped(and(...filters, otherForms()))} as n)
          select case when n > ${STUDENT_COUNT_CAP} then n else ${capped(where)} end as counted, n as otherForms from other_forms`
      : sql`select ${capped(where)} as counted, 0 as otherForms`,
  );
  const { counted, otherForms: otherFormsCounted } = counts!;

  const offset = (query.page - 1) * STUDENTS_PER_PAGE;
  // One row past the page tells whether another page follows, when the count stopped at the cap.
  const pageRows = STUDENTS_PER_PAGE + 1;
  const order = [keys.familyGiven, students.districtStudentId];
  let rows: StudentRow[];
  if (!range || counted <= STUDENT_COUNT_CAP) {
    // Without a search the list's index gives the order (unfiltered, SQLite reads one page of it); a
    // search matching at most the cap's students looks each form up on its index and sorts those.
    rows = await db
      .select()
      .from(students)
      .where(where)
      .orderBy(...order)
      .limit(pageRows)
      .offset(offset);
  } else {
    // A broad search: its "Family Given" matches in the list's order (a range of the list's index),
    // merged with the other forms' matches in that order. Those are sorted when they are few; when
    // many, found by reading the list's index in order (their own indexes give no such order), which
    // stops after the page as many match. SQLite merges the two (UNION) and stops after the page.
    const keyColumns = { sortKey: sql<string>`${keys.familyGiven}`.as("sort_key"), studentId: students.districtStudentId };
    const page = db
      .select(keyColumns)
      .from(students)
      .where(and(...filters, inPrefixRange(keys.familyGiven, range)))
      .union(
        db
          .select(keyColumns)
          .from(students)
          .where(and(...filters, otherForms(otherFormsCounted > STUDENT_COUNT_CAP))),
      )
      .orderBy(sql`"sort_key"`, students.districtStudentId)
      .limit(pageRows)
      .offset(offset)
      .as("page");
    const found = await db
      .select({ student: students })
      .from(page)
      .innerJoin(students, eq(students.districtStudentId, page.studentId))
      .orderBy(sql`"page"."sort_key"`, page.studentId);
    rows = found.map((row) => row.student);
  }
  return {
    students: rows.slice(0, STUDENTS_PER_PAGE).map(studentView),
    ...studentListTotal(counted, offset, rows.length, STUDENTS_PER_PAGE),
    page: query.page,
    pageSize: STUDENTS_PER_PAGE,
  };
}

/** The grades students are in, for the Students screen's filter (a blank one, from a OneRoster record without `grades`, is no grade to pick). */
export async function listGrades(db: Database): Promise<string[]> {
  const rows = await db.selectDistinct({ grade: students.grade }).from(students).orderBy(asc(students.grade));
  return rows.map((row) => row.grade).filter(Boolean);
}
