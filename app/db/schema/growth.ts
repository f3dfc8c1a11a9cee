import { integer, primaryKey, real, sqliteTable, text } from "drizzle-orm/sqlite-core";

/**
 * The growth norms (ADR 0049): the nightly job's local percentiles, so that a class's growth view
 * reads its class and these rows, never the district's sessions. Keyed by window ids without a
 * foreign key: the job drops the rows of a pair whose windows are gone.
 */

/** Each distinct start and growth some district student had in a subject and window pair, with its percentile (null below the minimum band). */
export const growthNorms = sqliteTable(
  "growth_norms",
  {
    fromWindowId: text("from_window_id").notNull(),
    toWindowId: text("to_window_id").notNull(),
    subject: text("subject").notNull(),
    startScore: real("start_score").notNull(),
    growth: real("growth").notNull(),
    percentile: integer("percentile"),
    bandSize: integer("band_size").notNull(),
  },
  (t) => [primaryKey({ columns: [t.fromWindowId, t.toWindowId, t.subject, t.startScore, t.growth] })],
);

/** When a pair's norms were last computed, what they rest on (students by subject) and a digest that spares rewriting unchanged norms. */
export const growthNormRuns = sqliteTable(
  "growth_norm_runs",
  {
    fromWindowId: text("from_window_id").notNull(),
    toWindowId: text("to_window_id").notNull(),
    /** SHA-256 of the pair's entries, hex. */
    digest: text("digest").notNull(),
    /** District students with growth in the pair, by subject. */
    students: text("students", { mode: "json" }).$type<Record<string, number>>().notNull(),
    computedAt: integer("computed_at", { mode: "timestamp_ms" }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.fromWindowId, t.toWindowId] })],
);
