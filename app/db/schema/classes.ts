import { sql } from "drizzle-orm";
import { check, index, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";

import type { TestMode } from "~/domain/adaptive/engine";

import { users } from "./accounts";
import { bool, id, timestamps } from "./columns";
import { students } from "./students";
import { tests } from "./tests";

// Classes

export const cohorts = sqliteTable(
  "cohorts",
  {
    id: id(),
    name: text("name").notNull(),
    /** Upper case; 8 characters when generated, up to 50 when typed. */
    joinCode: text("join_code").notNull(),
    testConfigId: text("test_config_id").references(() => tests.id, { onDelete: "set null" }),
    testMode: text("test_mode").$type<TestMode>(),
    isActive: bool("is_active").notNull().default(true),
    createdBy: text("created_by").references(() => users.id, { onDelete: "set null" }),
    ...timestamps,
  },
  (t) => [
    uniqueIndex("cohorts_join_code_unique").on(t.joinCode),
    index("cohorts_test_idx").on(t.testConfigId),
    check("cohorts_test_mode_check", sql`${t.testMode} is null or ${t.testMode} in ('placement', 'diagnostic')`),
  ],
);

export const cohortMembers = sqliteTable(
  "cohort_members",
  {
    id: id(),
    cohortId: text("cohort_id")
      .notNull()
      .references(() => cohorts.id, { onDelete: "cascade" }),
    /** The student ID typed at join, or the record's district ID for a rostered student. */
    studentId: text("student_id").notNull(),
    displayName: text("display_name").notNull(),
    /** The student record this member is, when the class's roster has them (ADR 0027); null for a student who only typed an ID. */
    studentRecordId: text("student_record_id").references(() => students.id, { onDelete: "cascade" }),
    ...timestamps,
  },
  (t) => [uniqueIndex("cohort_members_student_unique").on(t.cohortId, t.studentId), index("cohort_members_record_idx").on(t.studentRecordId)],
);
