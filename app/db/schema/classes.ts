import { sql } from "drizzle-orm";
import { check, index, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";

import type { Accommodations } from "~/domain/accommodations/accommodations";
import type { TestMode } from "~/domain/adaptive/engine";
import type { ClassAccess } from "~/domain/classes/class";

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
    /** "open": any typed ID may join; "rostered": only the class's roster (ADR 0028). */
    access: text("access").$type<ClassAccess>().notNull().default("open"),
    /** "Send student answers to the AI provider" (ADR 0030): off, the offline grader and tutor only. */
    aiGrading: bool("ai_grading").notNull().default(true),
    /** The class's OneRoster `sourcedId` when a roster import made it: how a later import finds it again. */
    sourceId: text("source_id"),
    ...timestamps,
  },
  (t) => [
    uniqueIndex("cohorts_join_code_unique").on(t.joinCode),
    uniqueIndex("cohorts_source_id_unique")
      .on(t.sourceId)
      .where(sql`${t.sourceId} is not null`),
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
    /** A rostered student's class PIN (six digits, on their badge), which they confirm at join (ADR 0029); null for a typed-in member. */
    pin: text("pin"),
    /** The secret in a rostered student's badge QR code, which signs them in to this class (ADR 0029). */
    badgeToken: text("badge_token"),
    /** This class's accommodations for the student, replacing their record's (ADR 0032); null: the record's apply. */
    accommodations: text("accommodations", { mode: "json" }).$type<Accommodations>(),
    ...timestamps,
  },
  (t) => [
    uniqueIndex("cohort_members_student_unique").on(t.cohortId, t.studentId),
    index("cohort_members_record_idx").on(t.studentRecordId),
    uniqueIndex("cohort_members_badge_unique")
      .on(t.badgeToken)
      .where(sql`${t.badgeToken} is not null`),
  ],
);

/** A class's teachers beyond its creator: from a roster import's teacher enrollments (ADR 0028). */
export const cohortTeachers = sqliteTable(
  "cohort_teachers",
  {
    id: id(),
    cohortId: text("cohort_id")
      .notNull()
      .references(() => cohorts.id, { onDelete: "cascade" }),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    ...timestamps,
  },
  (t) => [uniqueIndex("cohort_teachers_unique").on(t.cohortId, t.userId), index("cohort_teachers_user_idx").on(t.userId)],
);
