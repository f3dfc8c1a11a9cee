import { sql } from "drizzle-orm";
import { check, index, integer, primaryKey, real, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";

import type { Accommodations } from "~/domain/accommodations/accommodations";
import type { TestMode } from "~/domain/adaptive/engine";
import type { CalibrationUse } from "~/domain/adaptive/live-calibration";
import type { Difficulty, QuestionType } from "~/domain/questions/question-types";

import { cohorts } from "./classes";
import { bool, id, nowMs, timestamps } from "./columns";
import { students } from "./students";
import { tests } from "./tests";

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
    testMode: text("test_mode").$type<TestMode>().notNull(),
    cohortId: text("cohort_id").references(() => cohorts.id, { onDelete: "set null" }),
    startTime: integer("start_time", { mode: "timestamp_ms" }).notNull().default(nowMs),
    endTime: integer("end_time", { mode: "timestamp_ms" }),
    completed: bool("completed").notNull().default(false),
    timeRemaining: integer("time_remaining"),
    /** Percent, 0-100. */
    totalScore: real("total_score"),
    scores: text("scores", { mode: "json" })
      .$type<Record<string, unknown>>()
      .notNull()
      .default(sql`'{}'`),
    competenciesStatus: text("competencies_status", { mode: "json" })
      .$type<Record<string, string>>()
      .notNull()
      .default(sql`'{}'`),
    moduleRecommendations: text("module_recommendations", { mode: "json" })
      .$type<Record<string, string>>()
      .notNull()
      .default(sql`'{}'`),
    /** The adaptive engine's ability estimate θ and its standard error (ADR 0008): the source readers derive the scale from (`domain/adaptive/scale.ts`). */
    theta: real("theta"),
    thetaSe: real("theta_se"),
    /** 200 + 10θ and its standard error, to a tenth of a point, written beside θ; the app reads θ. */
    scaleScore: real("scale_score"),
    scaleScoreSe: real("scale_score_se"),
    completionReason: text("completion_reason").$type<"submitted" | "time_up" | "stopping_rule" | "ended_by_teacher">(),
    questionsAnswered: integer("questions_answered").notNull().default(0),
    /** Lets the student continue on another device; shown only to the session's own pass holder. */
    resumeCode: text("resume_code"),
    /** The student record, when the typed ID is on the class's roster (ADR 0027); null for a quick check-in's typed ID. */
    studentRecordId: text("student_record_id").references(() => students.id, { onDelete: "set null" }),
    /** The accommodations the session ran with (ADR 0032); null for none. */
    accommodations: text("accommodations", { mode: "json" }).$type<Accommodations>(),
    /** An accommodation changed what was measured: left out of item calibration and class norms (ADR 0032). */
    nonStandard: bool("non_standard").notNull().default(false),
    /** Share of answers given with effort, not as rapid guesses (ADR 0033); null before any answer. */
    effort: real("effort"),
    /** What item calibration made of this session, and when (ADR 0033); null until then. */
    calibrationUse: text("calibration_use").$type<CalibrationUse>(),
    calibratedAt: integer("calibrated_at", { mode: "timestamp_ms" }),
    /** Its scores hold the grader's words (hasAiFeedback): 'Review AI Grading' shows. D1's `scores` keep each entry's score only (ADR 0048, amended 2026-11-27 (3)). */
    hasAiFeedback: bool("has_ai_feedback").notNull().default(false),
    /** When its object archived it to R2 (ADR 0048); null while its object holds it, and for archives kept in `session_archives`. */
    archivedAt: integer("archived_at", { mode: "timestamp_ms" }),
    ...timestamps,
  },
  (t) => [
    index("sessions_student_record_idx").on(t.studentRecordId, t.startTime),
    index("sessions_test_start_idx").on(t.testConfigId, t.startTime),
    index("sessions_in_progress_idx").on(t.cohortId, t.userId, t.testConfigId, t.completed),
    // Per class, a student ID has at most one session in progress per test, even
    // when two starts race (a double-clicked Start Test).
    uniqueIndex("sessions_one_in_progress_unique")
      .on(t.cohortId, t.userId, t.testConfigId)
      .where(sql`${t.completed} = 0`),
    index("sessions_cohort_test_idx").on(t.cohortId, t.testConfigId),
    index("sessions_user_idx").on(t.userId),
    index("sessions_start_idx").on(t.startTime),
    // The calibrator's sweep: completed sessions it has not seen yet.
    index("sessions_calibration_pending_idx").on(t.completed, t.calibratedAt, t.endTime),
    // Test Sessions filtered by status, newest first.
    index("sessions_completed_start_idx").on(t.completed, t.startTime),
    index("sessions_test_completed_start_idx").on(t.testConfigId, t.completed, t.startTime),
    check("sessions_test_mode_check", sql`${t.testMode} in ('placement', 'diagnostic')`),
  ],
);

/**
 * A text that answers and grading logs name rather than copy (ADR 0048, amended 2026-11-27 (2)):
 * a question's text as a session showed it, or a rubric as a grader read it, stored once under its
 * key (`lib/text-key.ts`, a hash of the text), so an edited question leaves the old text here for
 * the answers that showed it. Never updated: a key names one text. WITHOUT ROWID (migration 0030).
 */
export const questionTexts = sqliteTable("question_texts", {
  id: text("id").primaryKey(),
  text: text("text").notNull(),
});

/**
 * A session's answers, one row a (session, question): the primary key, in a WITHOUT ROWID table
 * (migration 0030; drizzle cannot say so), is the table itself, so an answer is one row written
 * (ADR 0048, amended 2026-11-27 (2)). Readers go by session, or by session and question.
 */
export const sessionAnswers = sqliteTable(
  "session_answers",
  {
    sessionId: text("session_id")
      .notNull()
      .references(() => testSessionRecords.id, { onDelete: "cascade" }),
    /** No foreign key: an answer outlives the bank question it answered. */
    questionId: text("question_id").notNull(),
    /** The question's text as the session showed it: here for answers written before migration 0030 (and demo data's), else null and named by `questionTextId`. */
    questionText: text("question_text"),
    /** The key of the question's text in `question_texts`; read both through `answerQuestionText`. */
    questionTextId: text("question_text_id"),
    questionType: text("question_type").$type<QuestionType>().notNull(),
    difficulty: text("difficulty").$type<Difficulty>().notNull(),
    answer: text("answer", { mode: "json" }).$type<unknown>(),
    pointsEarned: real("points_earned").notNull().default(0),
    maxPoints: real("max_points").notNull().default(0),
    wasCorrect: bool("was_correct"),
    /** The page's own count of the answer's time, for display (ADR 0032). */
    timeSpentSeconds: integer("time_spent_seconds").notNull().default(0),
    /** The server's measure: from serving the question to receiving the answer, breaks left out (ADR 0032); null before migration 0019. */
    measuredSeconds: integer("measured_seconds"),
    /** Answered faster than the question's rapid-guess threshold (ADR 0033): kept out of calibration. */
    rapidGuess: bool("rapid_guess").notNull().default(false),
    gradingScore: real("grading_score"),
    feedback: text("feedback"),
    strengths: text("strengths", { mode: "json" }).$type<string[]>(),
    improvements: text("improvements", { mode: "json" }).$type<string[]>(),
    answeredAt: integer("answered_at", { mode: "timestamp_ms" }).notNull().default(nowMs),
    ...timestamps,
  },
  (t) => [primaryKey({ columns: [t.sessionId, t.questionId] })],
);

export const aiGradingLogs = sqliteTable(
  "ai_grading_logs",
  {
    id: id(),
    /** Null for preview grading in the question editor. */
    sessionId: text("session_id").references(() => testSessionRecords.id, { onDelete: "cascade" }),
    questionId: text("question_id"),
    questionType: text("question_type").$type<QuestionType>().notNull(),
    /** The question's text, or "" when `questionTextId` names it in `question_texts` (logs written since migration 0030); read through `gradingLogTexts`. */
    questionText: text("question_text").notNull(),
    questionTextId: text("question_text_id"),
    studentAnswer: text("student_answer", { mode: "json" }).$type<unknown>(),
    score: real("score"),
    feedback: text("feedback"),
    keyPoints: text("key_points", { mode: "json" }).$type<string[]>(),
    strengths: text("strengths", { mode: "json" }).$type<string[]>(),
    improvements: text("improvements", { mode: "json" }).$type<string[]>(),
    error: text("error"),
    aiModel: text("ai_model").notNull(),
    gradedAt: integer("graded_at", { mode: "timestamp_ms" }).notNull().default(nowMs),
    /** The prompt sent, or only the student's part of it with `promptPrefixId` naming the part before in `question_texts` (since migration 0033); read through `gradingLogTexts`. */
    promptSent: text("prompt_sent"),
    promptPrefixId: text("prompt_prefix_id"),
    rawResponse: text("raw_response"),
    /** The rubric the grader read (JSON), or null with `rubricId` naming its JSON in `question_texts` (since migration 0030). */
    rubric: text("rubric", { mode: "json" }).$type<unknown>(),
    rubricId: text("rubric_id"),
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
    /** 0–1, the grader's own (app/domain/ai/confidence.ts); null for a failed call and for logs older than migration 0017. */
    confidence: real("confidence"),
    ...timestamps,
  },
  (t) => [
    // A session's logs, and an answer's (the newest is the one an override is recorded against and
    // the one the agreement figures compare with the override): migration 0030.
    index("ai_grading_logs_session_question_idx").on(t.sessionId, t.questionId, t.gradedAt),
  ],
);

/**
 * A teacher's override of an open answer's grade, kept beside the model's grade
 * rather than over it: who, when, why, and the score it replaced. The newest row for a session's
 * question is the grade in force; older rows are the history.
 */
export const gradeOverrides = sqliteTable(
  "grade_overrides",
  {
    id: id(),
    sessionId: text("session_id")
      .notNull()
      .references(() => testSessionRecords.id, { onDelete: "cascade" }),
    questionId: text("question_id").notNull(),
    /** The grading log the teacher was reading, if any (an offline grade may have none). */
    gradingLogId: text("grading_log_id").references(() => aiGradingLogs.id, { onDelete: "set null" }),
    /** 0–100, the grade before this override (the model's, or an earlier override's). */
    previousScore: real("previous_score"),
    score: real("score").notNull(),
    reason: text("reason").notNull(),
    /** The teacher's account id, and their name as shown then (kept if the account goes). */
    overriddenBy: text("overridden_by").notNull(),
    overriddenByName: text("overridden_by_name").notNull(),
    ...timestamps,
  },
  (t) => [
    index("grade_overrides_session_question_idx").on(t.sessionId, t.questionId, t.createdAt),
    index("grade_overrides_question_idx").on(t.questionId, t.sessionId, t.createdAt),
    check("grade_overrides_score_check", sql`${t.score} >= 0 and ${t.score} <= 100`),
  ],
);

/**
 * A finished session's whole attempt, handed over by its Durable Object when it empties its storage
 * (domain/sessions/session-archive.ts): gzipped JSON as base64. Archives now go to R2 (ADR 0048);
 * the ones written here before are still read back, only by that object, and go with their session.
 */
export const sessionArchives = sqliteTable("session_archives", {
  sessionId: text("session_id")
    .primaryKey()
    .references(() => testSessionRecords.id, { onDelete: "cascade" }),
  data: text("data").notNull(),
  archivedAt: integer("archived_at", { mode: "timestamp_ms" }).notNull().default(nowMs),
});

/**
 * Session objects still to be emptied (ADR 0030): an erasure removes a session's D1 rows and
 * lists it here in the same batch, then empties its Durable Object and drops it from the list. What
 * a failure or a crash leaves between the two is emptied by the next erasure or the nightly run.
 * No foreign key: the session's row is already gone.
 */
export const sessionDiscards = sqliteTable("session_discards", {
  sessionId: text("session_id").primaryKey(),
  queuedAt: integer("queued_at", { mode: "timestamp_ms" }).notNull().default(nowMs),
});
