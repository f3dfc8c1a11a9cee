/**
 * The whole product's data model (SPEC.md section 3), for D1 through drizzle.
 * Migrations in migrations/ are generated from this file (`npm run db:generate`) and reviewed.
 *
 * Conventions: text ids (UUIDs, or client-generated for sections), snake_case columns,
 * millisecond timestamps, JSON columns for the maps and lists SPEC.md defines as such.
 */
import { sql } from "drizzle-orm";
import {
  check,
  index,
  integer,
  primaryKey,
  real,
  sqliteTable,
  text,
  uniqueIndex,
} from "drizzle-orm/sqlite-core";

import type { JobStatus } from "~/domain/jobs/job-messages";
import type { Difficulty, QuestionType } from "~/domain/questions/question-types";
import type { Role } from "~/domain/auth/roles";

const id = () =>
  text("id")
    .primaryKey()
    .$defaultFn(() => crypto.randomUUID());

const nowMs = sql`(cast(unixepoch('subsecond') * 1000 as integer))`;

/** createdAt and updatedAt, on every table. */
const timestamps = {
  createdAt: integer("created_at", { mode: "timestamp_ms" }).notNull().default(nowMs),
  updatedAt: integer("updated_at", { mode: "timestamp_ms" })
    .notNull()
    .default(nowMs)
    .$onUpdate(() => new Date()),
};

const bool = (name: string) => integer(name, { mode: "boolean" });

export type QuestionOption = { text: string; isCorrect: boolean; score: number };

// ---------------------------------------------------------------------------------------------
// People and sign-in

export const users = sqliteTable(
  "users",
  {
    id: id(),
    email: text("email").notNull(),
    firstName: text("first_name"),
    lastName: text("last_name"),
    profileImageUrl: text("profile_image_url"),
    /** The stored role; ADMIN_EMAILS can raise it to admin at request time (domain/auth/roles). */
    role: text("role").$type<Role>().notNull().default("student"),
    /** "pbkdf2-sha256$iterations$salt$hash" for local accounts, null for OIDC accounts. */
    passwordHash: text("password_hash"),
    oidcIssuer: text("oidc_issuer"),
    oidcSubject: text("oidc_subject"),
    lastSignInAt: integer("last_sign_in_at", { mode: "timestamp_ms" }),
    ...timestamps,
  },
  (t) => [
    uniqueIndex("users_email_unique").on(t.email),
    uniqueIndex("users_oidc_identity_unique").on(t.oidcIssuer, t.oidcSubject),
    check("users_role_check", sql`${t.role} in ('admin', 'student')`),
  ],
);

/**
 * Failed local sign-ins, keyed by the normalised e-mail whether or not an account exists,
 * so a lockout never reveals which addresses have accounts.
 */
export const signInThrottle = sqliteTable("sign_in_throttle", {
  key: text("key").primaryKey(),
  failures: integer("failures").notNull().default(0),
  lockedUntil: integer("locked_until", { mode: "timestamp_ms" }),
  ...timestamps,
});

// ---------------------------------------------------------------------------------------------
// Competencies, modules, prerequisites, curriculums

export const modules = sqliteTable(
  "modules",
  {
    id: id(),
    name: text("name").notNull(),
    ...timestamps,
  },
  (t) => [uniqueIndex("modules_name_unique").on(t.name)],
);

export const competencies = sqliteTable(
  "competencies",
  {
    id: id(),
    description: text("description").notNull(),
    moduleId: text("module_id").references(() => modules.id, { onDelete: "set null" }),
    gradeLevel: text("grade_level"),
    subject: text("subject"),
    ...timestamps,
  },
  (t) => [index("competencies_module_idx").on(t.moduleId)],
);

export const prerequisites = sqliteTable(
  "prerequisites",
  {
    id: id(),
    competencyId: text("competency_id")
      .notNull()
      .references(() => competencies.id, { onDelete: "cascade" }),
    prerequisiteId: text("prerequisite_id")
      .notNull()
      .references(() => competencies.id, { onDelete: "cascade" }),
    ...timestamps,
  },
  (t) => [
    uniqueIndex("prerequisites_pair_unique").on(t.competencyId, t.prerequisiteId),
    index("prerequisites_prerequisite_idx").on(t.prerequisiteId),
    check("prerequisites_not_self", sql`${t.competencyId} <> ${t.prerequisiteId}`),
  ],
);

export const curriculums = sqliteTable("curriculums", {
  id: id(),
  name: text("name").notNull(),
  description: text("description"),
  gradeLevel: text("grade_level"),
  subject: text("subject"),
  ...timestamps,
});

export const curriculumCompetencies = sqliteTable(
  "curriculum_competencies",
  {
    curriculumId: text("curriculum_id")
      .notNull()
      .references(() => curriculums.id, { onDelete: "cascade" }),
    competencyId: text("competency_id")
      .notNull()
      .references(() => competencies.id, { onDelete: "cascade" }),
    ...timestamps,
  },
  (t) => [
    primaryKey({ columns: [t.curriculumId, t.competencyId] }),
    index("curriculum_competencies_competency_idx").on(t.competencyId),
  ],
);

// ---------------------------------------------------------------------------------------------
// Tests and the question bank

export const tests = sqliteTable(
  "tests",
  {
    id: id(),
    title: text("title").notNull(),
    description: text("description").notNull(),
    gradeLevel: text("grade_level").notNull(),
    subject: text("subject").notNull(),
    placementDuration: integer("placement_duration").notNull().default(15),
    diagnosticDuration: integer("diagnostic_duration").notNull().default(25),
    showFeedback: bool("show_feedback").notNull().default(true),
    aiModel: text("ai_model").notNull().default("gpt-5-2025-08-07"),
    showResultDuringTest: bool("show_result_during_test").notNull().default(true),
    showFeedbackDuringTest: bool("show_feedback_during_test").notNull().default(true),
    showResultAfterTest: bool("show_result_after_test").notNull().default(true),
    showFeedbackAfterTest: bool("show_feedback_after_test").notNull().default(true),
    /** Seconds per question type, e.g. {"free_response": 300}. */
    perQuestionTimerDefaults: text("per_question_timer_defaults", { mode: "json" })
      .$type<Partial<Record<QuestionType, number>>>()
      .notNull()
      .default(sql`'{}'`),
    createdBy: text("created_by").references(() => users.id, { onDelete: "set null" }),
    ...timestamps,
  },
  (t) => [
    index("tests_created_at_idx").on(t.createdAt),
    check(
      "tests_duration_range",
      sql`${t.placementDuration} between 5 and 180 and ${t.diagnosticDuration} between 5 and 180`,
    ),
  ],
);

export const testSections = sqliteTable(
  "test_sections",
  {
    /** Generated by the editor (SPEC.md: "generated client-side unique id"). */
    id: text("id").primaryKey(),
    testId: text("test_id")
      .notNull()
      .references(() => tests.id, { onDelete: "cascade" }),
    title: text("title").notNull(),
    /** Seconds; null means no section default. */
    timeLimit: integer("time_limit"),
    position: integer("position").notNull(),
    ...timestamps,
  },
  (t) => [
    index("test_sections_test_idx").on(t.testId, t.position),
    check("test_sections_time_limit", sql`${t.timeLimit} is null or ${t.timeLimit} >= 0`),
  ],
);

export const questions = sqliteTable(
  "questions",
  {
    id: id(),
    /** Sanitized HTML (SPEC.md section 5's allow-list). */
    text: text("text").notNull(),
    /**
     * The text as shown (tags removed, entities decoded), lower-cased, written with `text`: the bank
     * searches this. Null on rows written before it existed; search then falls back to lower(text).
     */
    searchText: text("search_text"),
    type: text("type").$type<QuestionType>().notNull(),
    difficulty: text("difficulty").$type<Difficulty>().notNull().default("medium"),
    options: text("options", { mode: "json" }).$type<QuestionOption[]>().notNull().default(sql`'[]'`),
    /** A string or a JSON object, stored JSON-encoded either way. */
    rubric: text("rubric", { mode: "json" }).$type<string | Record<string, unknown> | null>(),
    gradingSystemInstruction: text("grading_system_instruction"),
    systemInstruction: text("system_instruction"),
    initialPrompt: text("initial_prompt"),
    timeLimit: integer("time_limit"),
    metadata: text("metadata", { mode: "json" })
      .$type<{ title?: string } & Record<string, unknown>>()
      .notNull()
      .default(sql`'{}'`),
    createdBy: text("created_by").references(() => users.id, { onDelete: "set null" }),
    ...timestamps,
  },
  (t) => [
    // The bank lists newest first (created_at desc, rowid desc), filtered by type and/or difficulty:
    // each index below serves one filter combination in order, so a page reads only its rows.
    index("questions_created_at_idx").on(t.createdAt),
    index("questions_type_difficulty_created_idx").on(t.type, t.difficulty, t.createdAt),
    index("questions_type_created_idx").on(t.type, t.createdAt),
    index("questions_difficulty_created_idx").on(t.difficulty, t.createdAt),
    check(
      "questions_type_check",
      sql`${t.type} in ('multiple_choice', 'multiple_select', 'free_response', 'scenario', 'chat')`,
    ),
    check("questions_difficulty_check", sql`${t.difficulty} in ('easy', 'medium', 'hard')`),
    check("questions_time_limit", sql`${t.timeLimit} is null or ${t.timeLimit} >= 0`),
  ],
);

/** Where a bank question sits in a test: its section, order and time-limit override. */
export const testQuestions = sqliteTable(
  "test_questions",
  {
    id: id(),
    testId: text("test_id")
      .notNull()
      .references(() => tests.id, { onDelete: "cascade" }),
    questionId: text("question_id")
      .notNull()
      .references(() => questions.id, { onDelete: "cascade" }),
    sectionId: text("section_id").references(() => testSections.id, { onDelete: "set null" }),
    position: integer("position").notNull(),
    /** Seconds; overrides the bank question's own limit within this test. */
    timeLimit: integer("time_limit"),
    ...timestamps,
  },
  (t) => [
    uniqueIndex("test_questions_pair_unique").on(t.testId, t.questionId),
    index("test_questions_order_idx").on(t.testId, t.position),
    index("test_questions_question_idx").on(t.questionId),
    index("test_questions_section_idx").on(t.sectionId),
    check("test_questions_time_limit", sql`${t.timeLimit} is null or ${t.timeLimit} >= 0`),
  ],
);

export const questionCompetencies = sqliteTable(
  "question_competencies",
  {
    id: id(),
    questionId: text("question_id")
      .notNull()
      .references(() => questions.id, { onDelete: "cascade" }),
    competencyId: text("competency_id")
      .notNull()
      .references(() => competencies.id, { onDelete: "cascade" }),
    isPrimary: bool("is_primary").notNull().default(false),
    ...timestamps,
  },
  (t) => [
    uniqueIndex("question_competencies_pair_unique").on(t.questionId, t.competencyId),
    index("question_competencies_competency_idx").on(t.competencyId),
  ],
);

// ---------------------------------------------------------------------------------------------
// Classes

export const cohorts = sqliteTable(
  "cohorts",
  {
    id: id(),
    name: text("name").notNull(),
    /** Upper case; 8 characters when generated, up to 50 when typed. */
    joinCode: text("join_code").notNull(),
    testConfigId: text("test_config_id").references(() => tests.id, { onDelete: "set null" }),
    testMode: text("test_mode").$type<"placement" | "diagnostic">(),
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
    studentId: text("student_id").notNull(),
    displayName: text("display_name").notNull(),
    ...timestamps,
  },
  (t) => [uniqueIndex("cohort_members_student_unique").on(t.cohortId, t.studentId)],
);

// ---------------------------------------------------------------------------------------------
// Test sessions (the Durable Object is the live authority; D1 holds the record for lists
// and analytics)

export const testSessionRecords = sqliteTable(
  "sessions",
  {
    id: id(),
    /** Kept when the test is deleted so results stay readable (with the title snapshot). */
    testConfigId: text("test_config_id").references(() => tests.id, { onDelete: "set null" }),
    testTitle: text("test_title").notNull(),
    testSubject: text("test_subject"),
    /** The student's id as typed at join (students have no account). */
    userId: text("user_id").notNull(),
    testMode: text("test_mode").$type<"placement" | "diagnostic">().notNull(),
    cohortId: text("cohort_id").references(() => cohorts.id, { onDelete: "set null" }),
    startTime: integer("start_time", { mode: "timestamp_ms" }).notNull().default(nowMs),
    endTime: integer("end_time", { mode: "timestamp_ms" }),
    completed: bool("completed").notNull().default(false),
    timeRemaining: integer("time_remaining"),
    /** Percent, 0-100. */
    totalScore: real("total_score"),
    scores: text("scores", { mode: "json" }).$type<Record<string, unknown>>().notNull().default(sql`'{}'`),
    competenciesStatus: text("competencies_status", { mode: "json" })
      .$type<Record<string, string>>()
      .notNull()
      .default(sql`'{}'`),
    moduleRecommendations: text("module_recommendations", { mode: "json" })
      .$type<Record<string, string>>()
      .notNull()
      .default(sql`'{}'`),
    /** 200 + 10θ and its standard error (the adaptive engine's scale, ADR 0008). */
    scaleScore: real("scale_score"),
    scaleScoreSe: real("scale_score_se"),
    completionReason: text("completion_reason").$type<"submitted" | "time_up" | "stopping_rule">(),
    questionsAnswered: integer("questions_answered").notNull().default(0),
    /** Lets the student continue on another device (issue 9 §2); shown only to the session's own pass holder. */
    resumeCode: text("resume_code"),
    ...timestamps,
  },
  (t) => [
    index("sessions_test_start_idx").on(t.testConfigId, t.startTime),
    index("sessions_in_progress_idx").on(t.cohortId, t.userId, t.testConfigId, t.completed),
    // Per class, a student ID has at most one session in progress per test (issue 9 §2), even
    // when two starts race (a double-clicked Start Test).
    uniqueIndex("sessions_one_in_progress_unique").on(t.cohortId, t.userId, t.testConfigId).where(sql`${t.completed} = 0`),
    index("sessions_cohort_test_idx").on(t.cohortId, t.testConfigId),
    index("sessions_user_idx").on(t.userId),
    index("sessions_start_idx").on(t.startTime),
    check("sessions_test_mode_check", sql`${t.testMode} in ('placement', 'diagnostic')`),
  ],
);

export const sessionAnswers = sqliteTable(
  "session_answers",
  {
    id: id(),
    sessionId: text("session_id")
      .notNull()
      .references(() => testSessionRecords.id, { onDelete: "cascade" }),
    /** No foreign key: an answer outlives the bank question it answered. */
    questionId: text("question_id").notNull(),
    questionText: text("question_text").notNull(),
    questionType: text("question_type").$type<QuestionType>().notNull(),
    difficulty: text("difficulty").$type<Difficulty>().notNull(),
    answer: text("answer", { mode: "json" }).$type<unknown>(),
    pointsEarned: real("points_earned").notNull().default(0),
    maxPoints: real("max_points").notNull().default(0),
    wasCorrect: bool("was_correct"),
    timeSpentSeconds: integer("time_spent_seconds").notNull().default(0),
    gradingScore: real("grading_score"),
    feedback: text("feedback"),
    strengths: text("strengths", { mode: "json" }).$type<string[]>(),
    improvements: text("improvements", { mode: "json" }).$type<string[]>(),
    answeredAt: integer("answered_at", { mode: "timestamp_ms" }).notNull().default(nowMs),
    ...timestamps,
  },
  (t) => [
    uniqueIndex("session_answers_question_unique").on(t.sessionId, t.questionId),
    index("session_answers_question_idx").on(t.questionId),
  ],
);

export const aiGradingLogs = sqliteTable(
  "ai_grading_logs",
  {
    id: id(),
    /** Null for preview grading in the question editor. */
    sessionId: text("session_id").references(() => testSessionRecords.id, { onDelete: "cascade" }),
    questionId: text("question_id"),
    questionType: text("question_type").$type<QuestionType>().notNull(),
    questionText: text("question_text").notNull(),
    studentAnswer: text("student_answer", { mode: "json" }).$type<unknown>(),
    score: real("score"),
    feedback: text("feedback"),
    keyPoints: text("key_points", { mode: "json" }).$type<string[]>(),
    strengths: text("strengths", { mode: "json" }).$type<string[]>(),
    improvements: text("improvements", { mode: "json" }).$type<string[]>(),
    error: text("error"),
    aiModel: text("ai_model").notNull(),
    gradedAt: integer("graded_at", { mode: "timestamp_ms" }).notNull().default(nowMs),
    promptSent: text("prompt_sent"),
    rawResponse: text("raw_response"),
    rubric: text("rubric", { mode: "json" }).$type<unknown>(),
    promptTokens: integer("prompt_tokens").notNull().default(0),
    completionTokens: integer("completion_tokens").notNull().default(0),
    reasoningTokens: integer("reasoning_tokens").notNull().default(0),
    totalTokens: integer("total_tokens").notNull().default(0),
    inputCost: real("input_cost").notNull().default(0),
    outputCost: real("output_cost").notNull().default(0),
    reasoningCost: real("reasoning_cost").notNull().default(0),
    totalCost: real("total_cost").notNull().default(0),
    /** The injection screen removed part of the answer before grading: a teacher should look. */
    flaggedForReview: bool("flagged_for_review").notNull().default(false),
    reviewReasons: text("review_reasons", { mode: "json" }).$type<string[]>(),
    ...timestamps,
  },
  (t) => [index("ai_grading_logs_session_idx").on(t.sessionId, t.gradedAt)],
);

// ---------------------------------------------------------------------------------------------
// Queued work (AI grading, generation, formatting): state in D1 so screens can show progress

export const jobs = sqliteTable(
  "jobs",
  {
    id: id(),
    kind: text("kind").notNull(),
    status: text("status").$type<JobStatus>().notNull().default("queued"),
    input: text("input", { mode: "json" }).$type<unknown>().notNull(),
    result: text("result", { mode: "json" }).$type<unknown>(),
    error: text("error"),
    attempts: integer("attempts").notNull().default(0),
    createdBy: text("created_by").references(() => users.id, { onDelete: "set null" }),
    startedAt: integer("started_at", { mode: "timestamp_ms" }),
    finishedAt: integer("finished_at", { mode: "timestamp_ms" }),
    ...timestamps,
  },
  (t) => [
    index("jobs_status_idx").on(t.status, t.createdAt),
    index("jobs_kind_idx").on(t.kind, t.createdAt),
    check("jobs_status_check", sql`${t.status} in ('queued', 'running', 'succeeded', 'failed')`),
  ],
);
