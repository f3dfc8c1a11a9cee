import { sql } from "drizzle-orm";
import { type AnySQLiteColumn, check, index, integer, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";

import type { Accommodations } from "~/domain/accommodations/accommodations";
import { ID_LEAD, type StudentLanguage, type StudentStatus } from "~/domain/students/student";

import { id, nowMs, timestamps } from "./columns";

// Students as records (ADR 0027): the district's student ID, names and grade, kept from one test
// to the next. Class rosters are the classes' members linked to a record (cohort_members).

/**
 * The forms student search looks up by prefix (ADR 0049), each an index of its own: the names in
 * both orders and the student ID in lower case, and the ID from its first digit. The list's query
 * uses these same expressions, so SQLite finds the indexes. "Family Given" leads the index the
 * list is ordered by (`students_list_order_idx`), so a search by family name reads its matches
 * in the list's order and stops after one page.
 */
export const studentSearchKeys = (t: { givenName: AnySQLiteColumn; familyName: AnySQLiteColumn; districtStudentId: AnySQLiteColumn }) => ({
  givenFamily: sql`lower(${t.givenName} || ' ' || ${t.familyName})`,
  familyGiven: sql`lower(${t.familyName} || ' ' || ${t.givenName})`,
  studentId: sql`lower(${t.districtStudentId})`,
  studentIdNumber: sql`ltrim(lower(${t.districtStudentId}), ${sql.raw(`'${ID_LEAD}'`)})`,
});

export const students = sqliteTable(
  "students",
  {
    id: id(),
    /** The district's student ID: one record each, matched case-sensitively as the district issues it. */
    districtStudentId: text("district_student_id").notNull(),
    givenName: text("given_name").notNull(),
    familyName: text("family_name").notNull(),
    grade: text("grade").notNull(),
    /** Lower case; links a signed-in account to the record. */
    email: text("email"),
    status: text("status").$type<StudentStatus>().notNull().default("active"),
    /** The student's OneRoster `sourcedId` when a roster import brought them: how enrollments in later (delta) bundles find them. */
    sourceId: text("source_id"),
    /** The testing accommodations of the student's IEP or 504 plan (ADR 0032); null for none. */
    accommodations: text("accommodations", { mode: "json" }).$type<Accommodations>(),
    /**
     * The staff account that made the record by hand or by a roster CSV (null for OneRoster's and
     * older records): a teacher may put a record they made, on no roster yet, onto their class (ADR 0029).
     */
    createdBy: text("created_by"),
    /** The language the student pages speak to this student when their browser has not chosen one (ADR 0045); null for not set. */
    language: text("language").$type<StudentLanguage>(),
    ...timestamps,
  },
  (t) => [
    uniqueIndex("students_district_id_unique").on(t.districtStudentId),
    uniqueIndex("students_email_unique")
      .on(t.email)
      .where(sql`${t.email} is not null`),
    uniqueIndex("students_source_id_unique")
      .on(t.sourceId)
      .where(sql`${t.sourceId} is not null`),
    index("students_grade_idx").on(t.grade),
    // The Students list's order (family name, then given name, ASCII case folded; then the ID), which is also the "Family Given" search form's index.
    index("students_list_order_idx").on(studentSearchKeys(t).familyGiven, t.districtStudentId),
    index("students_search_given_family_idx").on(studentSearchKeys(t).givenFamily),
    index("students_search_id_idx").on(studentSearchKeys(t).studentId),
    index("students_search_id_number_idx").on(studentSearchKeys(t).studentIdNumber),
    check("students_status_check", sql`${t.status} in ('active', 'inactive')`),
  ],
);

/**
 * Students deleted on request (ADR 0030), kept only as keyed hashes (HMAC-SHA-256) of their
 * OneRoster sourcedId and district student ID, and the moment of the deletion: no name, no other
 * data. A later import that would create them again finds them here and asks first (ADR 0028).
 */
export const deletedStudents = sqliteTable(
  "deleted_students",
  {
    id: id(),
    /** Null when the record never came from a OneRoster bundle. */
    sourceIdHash: text("source_id_hash"),
    districtIdHash: text("district_id_hash").notNull(),
    deletedAt: integer("deleted_at", { mode: "timestamp_ms" }).notNull().default(nowMs),
  },
  (t) => [index("deleted_students_source_idx").on(t.sourceIdHash), index("deleted_students_district_idx").on(t.districtIdHash)],
);
