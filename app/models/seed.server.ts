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
import { questionSearchText } from "./questions.server";
import { hasAnyUser } from "./users.server";

/**
 * Demo data for a local database, so `npm start` shows a working product with no setup:
 * a demo admin and a demo student account, a few competencies, a demo test and a demo class.
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
  const ids = {
    numberSense: crypto.randomUUID(),
    algebra: crypto.randomUUID(),
    placeValue: crypto.randomUUID(),
    fractions: crypto.randomUUID(),
    variables: crypto.randomUUID(),
    equations: crypto.randomUUID(),
    test: crypto.randomUUID(),
    sectionNumbers: crypto.randomUUID(),
    sectionAlgebra: crypto.randomUUID(),
    curriculum: crypto.randomUUID(),
  };
  const demoQuestions = [
    {
      id: crypto.randomUUID(),
      section: ids.sectionNumbers,
      competency: ids.placeValue,
      type: "multiple_choice" as const,
      difficulty: "easy" as const,
      text: "<p>What is the value of the digit <strong>7</strong> in 4,728?</p>",
      options: [
        { text: "7", isCorrect: false, score: 0 },
        { text: "70", isCorrect: false, score: 0 },
        { text: "700", isCorrect: true, score: 1 },
        { text: "7,000", isCorrect: false, score: 0 },
      ],
    },
    {
      id: crypto.randomUUID(),
      section: ids.sectionNumbers,
      competency: ids.fractions,
      type: "multiple_select" as const,
      difficulty: "medium" as const,
      text: "<p>Select every fraction equal to <strong>1/2</strong>.</p>",
      options: [
        { text: "2/4", isCorrect: true, score: 1 },
        { text: "3/5", isCorrect: false, score: 0 },
        { text: "5/10", isCorrect: true, score: 1 },
        { text: "4/6", isCorrect: false, score: 0 },
      ],
    },
    {
      id: crypto.randomUUID(),
      section: ids.sectionAlgebra,
      competency: ids.equations,
      type: "free_response" as const,
      difficulty: "medium" as const,
      text: "<p>Solve <em>x + 9 = 23</em> and explain each step.</p>",
      rubric: "Full credit: x = 14 with the step of subtracting 9 from both sides explained.",
    },
    {
      id: crypto.randomUUID(),
      section: ids.sectionAlgebra,
      competency: ids.variables,
      type: "scenario" as const,
      difficulty: "hard" as const,
      text: "<p>A phone plan costs $15 a month plus $2 for each gigabyte used. Write an expression for the monthly cost and explain what each part means.</p>",
      rubric: "Expression 15 + 2g (or equivalent), with the fixed fee and the per-gigabyte rate explained.",
      metadata: { title: "Choosing a phone plan" },
    },
  ];

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
    db.insert(modules).values([
      { id: ids.numberSense, name: "Number Sense" },
      { id: ids.algebra, name: "Algebra Foundations" },
    ]),
    db.insert(competencies).values([
      { id: ids.placeValue, description: "Understands place value", moduleId: ids.numberSense, gradeLevel: "6", subject: "Mathematics" },
      { id: ids.fractions, description: "Recognises equivalent fractions", moduleId: ids.numberSense, gradeLevel: "6", subject: "Mathematics" },
      { id: ids.variables, description: "Interprets variables in expressions", moduleId: ids.algebra, gradeLevel: "6", subject: "Mathematics" },
      { id: ids.equations, description: "Solves one-step linear equations", moduleId: ids.algebra, gradeLevel: "6", subject: "Mathematics" },
    ]),
    db.insert(prerequisites).values([{ competencyId: ids.equations, prerequisiteId: ids.variables }]),
    db.insert(curriculums).values({
      id: ids.curriculum,
      name: "Grade 6 Mathematics",
      description: "Number sense and the first steps in algebra.",
      gradeLevel: "6",
      subject: "Mathematics",
    }),
    db.insert(curriculumCompetencies).values(
      [ids.placeValue, ids.fractions, ids.variables, ids.equations].map((competencyId) => ({
        curriculumId: ids.curriculum,
        competencyId,
      })),
    ),
    db.insert(tests).values({
      id: ids.test,
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
      { id: ids.sectionNumbers, testId: ids.test, title: "Number Sense", position: 0 },
      { id: ids.sectionAlgebra, testId: ids.test, title: "Algebra", position: 1, timeLimit: 600 },
    ]),
    db.insert(questions).values(
      demoQuestions.map((question) => ({
        id: question.id,
        text: question.text,
        searchText: questionSearchText(question.text),
        type: question.type,
        difficulty: question.difficulty,
        options: "options" in question ? question.options : [],
        rubric: "rubric" in question ? question.rubric : null,
        metadata: "metadata" in question ? question.metadata : {},
        createdBy: adminId,
      })),
    ),
    db.insert(questionCompetencies).values(
      demoQuestions.map((question) => ({ questionId: question.id, competencyId: question.competency, isPrimary: true })),
    ),
    db.insert(testQuestions).values(
      demoQuestions.map((question, position) => ({
        testId: ids.test,
        questionId: question.id,
        sectionId: question.section,
        position,
      })),
    ),
    db.insert(cohorts).values({
      name: "Demo Class",
      joinCode: DEMO_JOIN_CODE,
      testConfigId: ids.test,
      testMode: "placement",
      createdBy: adminId,
    }),
  ]);
  return true;
}
