import { asc, count, eq, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/sqlite-core";

import type { Database } from "~/db/client.server";
import { competencies, modules, prerequisites, questionCompetencies } from "~/db/schema";
import type { CompetencyInput } from "~/domain/curriculum/curriculum";
import { isDuplicate, SELF_PREREQUISITE, wouldCreateCycle } from "~/domain/curriculum/prerequisites";
import { conflict, invalid } from "~/lib/errors";

export async function listCompetencies(db: Database) {
  const rows = await db
    .select({
      id: competencies.id,
      description: competencies.description,
      moduleId: competencies.moduleId,
      moduleName: modules.name,
      gradeLevel: competencies.gradeLevel,
      subject: competencies.subject,
      questionCount: sql<number>`(select count(*) from ${questionCompetencies} where ${questionCompetencies.competencyId} = ${competencies.id})`,
      createdAt: competencies.createdAt,
      updatedAt: competencies.updatedAt,
    })
    .from(competencies)
    .leftJoin(modules, eq(modules.id, competencies.moduleId))
    .orderBy(asc(competencies.description));
  return rows.map((row) => ({
    ...row,
    name: row.description,
    questionCount: Number(row.questionCount),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  }));
}

async function findCompetencyView(db: Database, id: string) {
  return (await listCompetencies(db)).find((competency) => competency.id === id);
}

async function assertModule(db: Database, moduleId: string | null) {
  if (moduleId && !(await db.query.modules.findFirst({ where: eq(modules.id, moduleId) }))) {
    throw invalid("refusals.unknownModule");
  }
}

/** `field` names the request field that carries the name, so a form can show the refusal beside it. */
async function assertModuleNameFree(db: Database, name: string, field: string) {
  const existing = await db.query.modules.findFirst({ where: sql`lower(${modules.name}) = lower(${name})` });
  if (existing) throw conflict("refusals.moduleNameTaken", field, { name: existing.name });
}

/**
 * Creates (id null) or updates a competency, with a new module when `newModuleName` is given.
 * The module and the competency are written in one D1 batch, so a refused competency never
 * leaves a new module behind; null for an unknown id, before anything is written.
 */
export async function saveCompetency(db: Database, id: string | null, { newModuleName, ...input }: CompetencyInput & { newModuleName?: string }) {
  if (id !== null && !(await db.query.competencies.findFirst({ where: eq(competencies.id, id), columns: { id: true } }))) return null;
  let moduleId = input.moduleId;
  const newModuleId = crypto.randomUUID();
  if (newModuleName) {
    await assertModuleNameFree(db, newModuleName, "newModuleName");
    moduleId = newModuleId;
  } else {
    await assertModule(db, moduleId);
  }
  const competencyId = id ?? crypto.randomUUID();
  const values = { ...input, moduleId };
  const write =
    id === null ? db.insert(competencies).values({ ...values, id: competencyId }) : db.update(competencies).set(values).where(eq(competencies.id, id));
  if (newModuleName) await db.batch([db.insert(modules).values({ id: newModuleId, name: newModuleName }), write]);
  else await write;
  return (await findCompetencyView(db, competencyId))!;
}

/** Removes the competency and (by cascade) its question links, prerequisites and memberships; never questions. */
export async function deleteCompetency(db: Database, id: string) {
  const [links] = await db.select({ total: count() }).from(questionCompetencies).where(eq(questionCompetencies.competencyId, id));
  const deleted = await db.delete(competencies).where(eq(competencies.id, id)).returning({ id: competencies.id });
  return deleted.length ? { deleted: true as const, unlinkedQuestions: links?.total ?? 0 } : undefined;
}

export async function listModules(db: Database) {
  return db.select({ id: modules.id, name: modules.name }).from(modules).orderBy(asc(modules.name));
}

export async function createModule(db: Database, name: string) {
  await assertModuleNameFree(db, name, "name");
  const [row] = await db.insert(modules).values({ name }).returning({ id: modules.id, name: modules.name });
  return row!;
}

const prerequisiteCompetency = alias(competencies, "prerequisite_competency");

export async function listPrerequisites(db: Database) {
  return db
    .select({
      id: prerequisites.id,
      competencyId: prerequisites.competencyId,
      prerequisiteId: prerequisites.prerequisiteId,
      competencyDescription: competencies.description,
      prerequisiteDescription: prerequisiteCompetency.description,
    })
    .from(prerequisites)
    .innerJoin(competencies, eq(competencies.id, prerequisites.competencyId))
    .innerJoin(prerequisiteCompetency, eq(prerequisiteCompetency.id, prerequisites.prerequisiteId))
    .orderBy(asc(competencies.description), asc(prerequisiteCompetency.description));
}

/**
 * Makes `prerequisiteId` a prerequisite of `competencyId`. Which of the two does not exist comes
 * back as `missing` (named as NOT_FOUND names it), for the caller to answer; a self-reference, a
 * duplicate and a cycle are refused here.
 */
export async function addPrerequisite(db: Database, competencyId: string, prerequisiteId: string) {
  if (competencyId === prerequisiteId) throw invalid(SELF_PREREQUISITE.message, "prerequisiteId");
  const [competency, prerequisite] = await Promise.all([
    db.query.competencies.findFirst({ where: eq(competencies.id, competencyId) }),
    db.query.competencies.findFirst({ where: eq(competencies.id, prerequisiteId) }),
  ]);
  if (!competency) return { missing: "competency" as const };
  if (!prerequisite) return { missing: "prerequisiteCompetency" as const };
  const edges = await db.select({ competencyId: prerequisites.competencyId, prerequisiteId: prerequisites.prerequisiteId }).from(prerequisites);
  if (isDuplicate(edges, competencyId, prerequisiteId)) throw conflict("refusals.prerequisiteExists", "prerequisiteId");
  if (wouldCreateCycle(edges, competencyId, prerequisiteId)) {
    throw conflict("refusals.prerequisiteCycle", "prerequisiteId", { prerequisite: prerequisite.description, competency: competency.description });
  }
  const [row] = await db.insert(prerequisites).values({ competencyId, prerequisiteId }).returning();
  return { id: row!.id, competencyId, prerequisiteId, competencyDescription: competency.description, prerequisiteDescription: prerequisite.description };
}

export async function deletePrerequisite(db: Database, id: string): Promise<boolean> {
  return (await db.delete(prerequisites).where(eq(prerequisites.id, id)).returning({ id: prerequisites.id })).length > 0;
}
