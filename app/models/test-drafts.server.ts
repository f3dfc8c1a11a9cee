import { inArray, sql } from "drizzle-orm";

import type { Database } from "~/db/client.server";
import { competencies, questionCompetencies, questions } from "~/db/schema";
import type { DraftQuestionSave } from "~/domain/assessments/test-config";
import type { ContentLanguage } from "~/domain/questions/content-language";
import { inChunks, insertGroups } from "~/lib/batching";

import { questionValues } from "./questions.server";

const nameKey = (name: string) => name.trim().toLowerCase();

/**
 * The writes that put a generated or imported test's new questions in the bank: each question, its
 * one (primary) competency link, and the competencies named that do not exist yet (matched by
 * description, ignoring case). The caller runs them in the same batch as the test, so a refused
 * save leaves nothing behind.
 */
export async function draftQuestionWrites(
  db: Database,
  drafts: DraftQuestionSave[],
  context: { userId: string | null; subject: string; gradeLevel: string; language: ContentLanguage },
) {
  const names = [...new Map(drafts.map((draft) => [nameKey(draft.competency), draft.competency.trim()])).values()];
  const existing = await inChunks(names.map(nameKey), (group) =>
    db
      .select({ id: competencies.id, key: sql<string>`lower(trim(${competencies.description}))` })
      .from(competencies)
      .where(inArray(sql`lower(trim(${competencies.description}))`, group)),
  );
  const competencyIds = new Map(existing.map((row) => [row.key, row.id]));
  const newCompetencies = names
    .filter((name) => !competencyIds.has(nameKey(name)))
    .map((description) => ({ id: crypto.randomUUID(), description, subject: context.subject, gradeLevel: context.gradeLevel, moduleId: null }));
  for (const competency of newCompetencies) competencyIds.set(nameKey(competency.description), competency.id);

  const questionRows = drafts.map((draft) => {
    const { competency: _competency, ...question } = draft;
    // A question made for a test is in the test's language unless it says otherwise (ADR 0044).
    return { id: crypto.randomUUID(), language: context.language, ...questionValues(question), createdBy: context.userId };
  });
  const links = drafts.map((draft, index) => ({
    id: crypto.randomUUID(),
    questionId: questionRows[index]!.id,
    competencyId: competencyIds.get(nameKey(draft.competency))!,
    isPrimary: true,
  }));
  return {
    questionIds: questionRows.map((row) => row.id),
    statements: [
      ...insertGroups(newCompetencies).map((group) => db.insert(competencies).values(group)),
      // Question rows are wide (rich text, options, rubric): one statement each stays within D1's limits.
      ...questionRows.map((row) => db.insert(questions).values(row)),
      ...insertGroups(links).map((group) => db.insert(questionCompetencies).values(group)),
    ],
  };
}
