import { sql } from "drizzle-orm";
import { check, index, integer, real, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";

import { id, timestamps } from "./columns";
import { questions } from "./tests";

/**
 * What the district's answers taught about each question (ADR 0033): its 2PL parameters on the
 * district's scale, how many answers they rest on, how often adaptive tests served it, and its
 * typical answer time. Written in one serialized place only (the item calibrator object); a
 * question without a row, or with too few answers, is measured with its label's prior.
 */
export const questionCalibrations = sqliteTable(
  "question_calibrations",
  {
    questionId: text("question_id")
      .primaryKey()
      .references(() => questions.id, { onDelete: "cascade" }),
    /** Discrimination. */
    a: real("a").notNull(),
    /** Difficulty, on the scale θ (scale score = 200 + 10θ). */
    b: real("b").notNull(),
    /** Answers from standard, effortful sessions these parameters learned from. */
    responses: integer("responses").notNull().default(0),
    /** Completed sessions whose test offered this question to the adaptive engine. */
    offered: integer("offered").notNull().default(0),
    /** Of those, the sessions that served it: served / offered is its exposure rate. */
    served: integer("served").notNull().default(0),
    /** A typical answer time in seconds (a running median); sets the rapid-guess threshold. */
    typicalSeconds: real("typical_seconds"),
    /** Correlation of the item's score with the students' ability (can be negative, unlike a). */
    abilityCorrelation: real("ability_correlation"),
    /** "online" after session updates, "recalibration" after the scheduled EM run. */
    source: text("source").$type<"online" | "recalibration">().notNull().default("online"),
    ...timestamps,
  },
  (t) => [check("question_calibrations_source_check", sql`${t.source} in ('online', 'recalibration')`)],
);

/** One scheduled recalibration: what it read and how it linked the new scale to the old (ADR 0033). */
export const calibrationRuns = sqliteTable(
  "calibration_runs",
  {
    id: id(),
    /** "linked": mean/sigma on anchors; "base_scale": the first run sets the scale; "skipped": too little data. */
    outcome: text("outcome").$type<"linked" | "base_scale" | "skipped">().notNull(),
    sessions: integer("sessions").notNull().default(0),
    answers: integer("answers").notNull().default(0),
    itemsUpdated: integer("items_updated").notNull().default(0),
    anchors: integer("anchors").notNull().default(0),
    /** b_old ≈ slope · b_new + intercept; a_old = a_new / slope. */
    linkSlope: real("link_slope"),
    linkIntercept: real("link_intercept"),
    note: text("note"),
    ...timestamps,
  },
  (t) => [
    index("calibration_runs_created_idx").on(t.createdAt),
    check("calibration_runs_outcome_check", sql`${t.outcome} in ('linked', 'base_scale', 'skipped')`),
  ],
);

/**
 * A named testing window (Fall, Winter, Spring) a district admin sets; a session belongs to the
 * window its start falls in (dates are whole days in the district's time zone, ADR 0041, both ends included). Windows never overlap.
 */
export const testingWindows = sqliteTable(
  "testing_windows",
  {
    id: id(),
    name: text("name").notNull(),
    /** YYYY-MM-DD. */
    startsOn: text("starts_on").notNull(),
    /** YYYY-MM-DD, included. */
    endsOn: text("ends_on").notNull(),
    createdBy: text("created_by"),
    ...timestamps,
  },
  (t) => [
    uniqueIndex("testing_windows_name_unique").on(t.name),
    index("testing_windows_starts_idx").on(t.startsOn),
    check("testing_windows_range_check", sql`${t.startsOn} <= ${t.endsOn}`),
  ],
);
