import { and, asc, desc, eq, sql } from "drizzle-orm";

import type { Database } from "~/db/client.server";
import { gradeOverrides } from "~/db/schema";

type GradeOverrideRow = typeof gradeOverrides.$inferSelect;
type GradeOverrideInsert = Omit<typeof gradeOverrides.$inferInsert, "id" | "createdAt" | "updatedAt">;

/** Records a teacher's grade beside the model's; the row is never changed afterwards. */
export async function insertGradeOverride(db: Database, input: GradeOverrideInsert): Promise<GradeOverrideRow> {
  const [row] = await db.insert(gradeOverrides).values(input).returning();
  if (!row) throw new Error("Writing the grade override returned no row");
  return row;
}

/** A session's overrides, oldest first: the last one of a question is the grade in force. */
export async function listSessionGradeOverrides(db: Database, sessionId: string): Promise<GradeOverrideRow[]> {
  return db
    .select()
    .from(gradeOverrides)
    .where(eq(gradeOverrides.sessionId, sessionId))
    .orderBy(asc(gradeOverrides.createdAt), asc(sql`rowid`));
}

/** The newest override of one answer: the grade in force when a teacher set it. */
export async function lastGradeOverride(db: Database, sessionId: string, questionId: string): Promise<GradeOverrideRow | null> {
  const [row] = await db
    .select()
    .from(gradeOverrides)
    .where(and(eq(gradeOverrides.sessionId, sessionId), eq(gradeOverrides.questionId, questionId)))
    .orderBy(desc(gradeOverrides.createdAt), desc(sql`rowid`))
    .limit(1);
  return row ?? null;
}
