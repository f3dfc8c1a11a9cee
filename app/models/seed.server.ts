import type { Database } from "~/db/client.server";
import {
  cohorts,
  competencies,
  curriculumCompetencies,
  curriculums,
  modules,
  prerequisites,
  questionCompetencies,
  questions,
  testQuestions,
  tests,
  testSections,
  users,
} from "~/db/schema";
import { hashPassword } from "~/domain/auth/password";
import { normalizeEmail } from "~/domain/auth/roles";
import { insertGroups } from "~/lib/batching";

import { questionValues } from "./questions.server";
import { DEMO_COMPETENCIES, DEMO_MODULES, DEMO_PREREQUISITES, type DemoCompetencyKey, type DemoSectionKey } from "./seed-content";
import { DEMO_QUESTIONS } from "./seed-questions";
import { hasAnyUser } from "./users.server";

/**
 * Demo data for a local database, so `npm start` shows a working product with no setup:
 * a demo admin and a demo student account, two modules of competencies with prerequisites, a
 * curriculum, a demo test whose bank is worth adapting (models/seed-content.ts) and a demo class.
 * Never run by a deploy: scripts/seed-local.ts reaches only the local database, through
 * wrangler's local platform proxy.
 */
export type DemoAccounts = {
  admin: { email: string; password: string };
  student: { email: string; password: string };
};

export const DEFAULT_DEMO_ACCOUNTS: DemoAccounts = {
  admin: { email: "admin@example.com", password: "demo-admin-password" },
  student: { email: "student@example.com", password: "demo-student-password" },
};

export const DEMO_JOIN_CODE = "DEMOCLASS";

/** Seeds only an empty database; returns false (and changes nothing) otherwise. */
export async function seedDemoData(db: Database, accounts: DemoAccounts = DEFAULT_DEMO_ACCOUNTS): Promise<boolean> {
  if (await hasAnyUser(db)) return false;

  const adminId = crypto.randomUUID();
  const testId = crypto.randomUUID();
  const curriculumId = crypto.randomUUID();
  const moduleIds = idsFor(DEMO_MODULES);
  const competencyIds = idsFor(DEMO_COMPETENCIES);
  const sectionIds: Record<DemoSectionKey, string> = { numbers: crypto.randomUUID(), algebra: crypto.randomUUID() };
  const sectionOf = Object.fromEntries(DEMO_COMPETENCIES.map((competency) => [competency.key, competency.section])) as Record<
    DemoCompetencyKey,
    DemoSectionKey
  >;

  // Every question through questionValues, as every writer does: sanitized text and its search text.
  const demoQuestions = DEMO_QUESTIONS.map((question) => ({
    id: crypto.randomUUID(),
    section: sectionIds[sectionOf[question.competency]],
    competency: competencyIds[question.competency],
    values: questionValues({
      text: question.text,
      type: question.type,
      difficulty: question.difficulty,
      options: question.options ?? [],
      rubric: question.rubric ?? null,
      gradingSystemInstruction: null,
      systemInstruction: question.systemInstruction ?? null,
      initialPrompt: question.initialPrompt ?? null,
      timeLimit: null,
      metadata: question.metadata ?? {},
    }),
  }));
  // The test lists its questions section by section: Number Sense first, then Algebra.
  const sectionOrder: string[] = [sectionIds.numbers, sectionIds.algebra];
  const placed = [...demoQuestions].sort((a, b) => sectionOrder.indexOf(a.section) - sectionOrder.indexOf(b.section));

  await db.batch([
    db.insert(users).values([
      {
        id: adminId,
        email: normalizeEmail(accounts.admin.email),
        firstName: "Demo",
        lastName: "Admin",
        role: "admin",
        passwordHash: await hashPassword(accounts.admin.password),
      },
      {
        email: normalizeEmail(accounts.student.email),
        firstName: "Demo",
        lastName: "Student",
        role: "student",
        passwordHash: await hashPassword(accounts.student.password),
      },
    ]),
    db.insert(modules).values(DEMO_MODULES.map((module) => ({ id: moduleIds[module.key], name: module.name }))),
    db.insert(competencies).values(
      DEMO_COMPETENCIES.map((competency) => ({
        id: competencyIds[competency.key],
        description: competency.description,
        moduleId: moduleIds[competency.module],
        gradeLevel: "6",
        subject: "Mathematics",
      })),
    ),
    db.insert(prerequisites).values(
      DEMO_PREREQUISITES.map((link) => ({
        id: crypto.randomUUID(),
        competencyId: competencyIds[link.competency],
        prerequisiteId: competencyIds[link.prerequisite],
      })),
    ),
    db.insert(curriculums).values({
      id: curriculumId,
      name: "Grade 6 Mathematics",
      description: "Number sense and the first steps in algebra.",
      gradeLevel: "6",
      subject: "Mathematics",
    }),
    db.insert(curriculumCompetencies).values(DEMO_COMPETENCIES.map((competency) => ({ curriculumId, competencyId: competencyIds[competency.key] }))),
    db.insert(tests).values({
      id: testId,
      title: "Grade 6 Math Check-in",
      description: "A short adaptive check of number sense and early algebra.",
      gradeLevel: "6",
      subject: "Mathematics",
      placementDuration: 15,
      diagnosticDuration: 25,
      perQuestionTimerDefaults: { multiple_choice: 60, multiple_select: 90, free_response: 300, scenario: 420, chat: 600 },
      createdBy: adminId,
    }),
    db.insert(testSections).values([
      { id: sectionIds.numbers, testId, title: "Number Sense", position: 0 },
      { id: sectionIds.algebra, testId, title: "Algebra", position: 1, timeLimit: 600 },
    ]),
    // 40 questions are more than one statement's 100 bound parameters: a statement per group.
    ...insertGroups(demoQuestions.map((question) => ({ id: question.id, ...question.values, createdBy: adminId }))).map((group) =>
      db.insert(questions).values(group),
    ),
    ...insertGroups(
      demoQuestions.map((question) => ({ id: crypto.randomUUID(), questionId: question.id, competencyId: question.competency, isPrimary: true })),
    ).map((group) => db.insert(questionCompetencies).values(group)),
    ...insertGroups(
      placed.map((question, position) => ({ id: crypto.randomUUID(), testId, questionId: question.id, sectionId: question.section, position })),
    ).map((group) => db.insert(testQuestions).values(group)),
    db.insert(cohorts).values({
      name: "Demo Class",
      joinCode: DEMO_JOIN_CODE,
      testConfigId: testId,
      testMode: "placement",
      createdBy: adminId,
    }),
  ]);
  return true;
}

/** A fresh id for every keyed item. */
function idsFor<Key extends string>(items: readonly { key: Key }[]): Record<Key, string> {
  return Object.fromEntries(items.map((item) => [item.key, crypto.randomUUID()])) as Record<Key, string>;
}
