import { and, asc, eq, sql } from "drizzle-orm";

import type { Database } from "~/db/client.server";
import { competencies, curriculumCompetencies, curriculums } from "~/db/schema";
import type { CurriculumInput } from "~/domain/curriculum/curriculum";

export async function listCurriculums(db: Database) {
  const [rows, members] = await Promise.all([
    db.select().from(curriculums).orderBy(asc(curriculums.name)),
    db.select({ curriculumId: curriculumCompetencies.curriculumId, competencyId: curriculumCompetencies.competencyId }).from(curriculumCompetencies),
  ]);
  return rows.map((row) => ({
    id: row.id,
    name: row.name,
    description: row.description,
    gradeLevel: row.gradeLevel,
    subject: row.subject,
    competencyIds: members.filter((member) => member.curriculumId === row.id).map((member) => member.competencyId),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  }));
}

async function findCurriculum(db: Database, id: string) {
  return (await listCurriculums(db)).find((curriculum) => curriculum.id === id);
}

export async function curriculumExists(db: Database, id: string): Promise<boolean> {
  return !!(await db.query.curriculums.findFirst({ where: eq(curriculums.id, id), columns: { id: true } }));
}

export async function createCurriculum(db: Database, input: CurriculumInput) {
  const [row] = await db.insert(curriculums).values(input).returning({ id: curriculums.id });
  return (await findCurriculum(db, row!.id))!;
}

export async function updateCurriculum(db: Database, id: string, input: CurriculumInput) {
  const updated = await db.update(curriculums).set(input).where(eq(curriculums.id, id)).returning({ id: curriculums.id });
  return updated.length ? findCurriculum(db, id) : undefined;
}

export async function deleteCurriculum(db: Database, id: string): Promise<boolean> {
  return (await db.delete(curriculums).where(eq(curriculums.id, id)).returning({ id: curriculums.id })).length > 0;
}

export async function curriculumCompetencyList(db: Database, curriculumId: string) {
  return db
    .select({ competencyId: curriculumCompetencies.competencyId, description: competencies.description })
    .from(curriculumCompetencies)
    .innerJoin(competencies, eq(competencies.id, curriculumCompetencies.competencyId))
    .where(eq(curriculumCompetencies.curriculumId, curriculumId))
    .orderBy(asc(competencies.description));
}

/** Adds a member; `created` is false when it already was one. Undefined for an unknown competency. */
export async function addCurriculumCompetency(db: Database, curriculumId: string, competencyId: string) {
  if (!(await db.query.competencies.findFirst({ where: eq(competencies.id, competencyId), columns: { id: true } }))) return undefined;
  const inserted = await db.insert(curriculumCompetencies).values({ curriculumId, competencyId }).onConflictDoNothing().returning();
  return { created: inserted.length > 0, curriculumId, competencyId };
}

export async function removeCurriculumCompetency(db: Database, curriculumId: string, competencyId: string): Promise<boolean> {
  const removed = await db
    .delete(curriculumCompetencies)
    .where(and(eq(curriculumCompetencies.curriculumId, curriculumId), eq(curriculumCompetencies.competencyId, competencyId)))
    .returning();
  return removed.length > 0;
}

/**
 * Select all: every competency becomes a member, in one INSERT ... SELECT so the statement has
 * one bound value however many competencies there are (D1 caps bound values per statement).
 */
export async function addAllCompetencies(db: Database, curriculumId: string) {
  if (!(await curriculumExists(db, curriculumId))) return undefined;
  await db.run(sql`
    insert into ${curriculumCompetencies} (curriculum_id, competency_id)
    select ${curriculumId}, ${competencies.id} from ${competencies} where true
    on conflict do nothing`);
  return true;
}

/** Deselect all: the curriculum keeps no competency. */
export async function removeAllCompetencies(db: Database, curriculumId: string) {
  if (!(await curriculumExists(db, curriculumId))) return undefined;
  await db.delete(curriculumCompetencies).where(eq(curriculumCompetencies.curriculumId, curriculumId));
  return true;
}
