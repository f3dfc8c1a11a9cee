import type { TestMode } from "~/domain/classes/cohort";

/**
 * A mode a student may start, as the Take a Test page shows it (SPEC.md "Take a test": each mode
 * with its minutes), and 'Before You Begin''s line on what to expect. No imports beyond types:
 * the student page's JavaScript uses this module (its budget: tests/integration/budgets.test.ts).
 */
export type ModeChoice = { value: TestMode; title: string; minutes: number; maxQuestions: number };

export function expectationLine(mode: ModeChoice): string {
  const questions = mode.maxQuestions === 1 ? "1 question" : `up to ${mode.maxQuestions} questions`;
  return `${mode.title}: ${mode.minutes} minutes, ${questions}.`;
}
