import type { TestMode } from "~/domain/adaptive/engine";

/**
 * A mode a student may start, as the Take a Test page shows it (each mode
 * with its minutes), with how many questions it asks ("20 questions", "5 to 20 questions": the
 * engine's own range, ADR 0012), and 'Before You Begin''s line on what to expect. No imports
 * beyond types: the student page's JavaScript uses this module (its budget:
 * tests/integration/budgets.test.ts).
 */
export type ModeChoice = { value: TestMode; title: string; minutes: number; questions: string };

export function expectationLine(mode: ModeChoice): string {
  return `${mode.title}: ${mode.minutes} minutes, ${mode.questions}.`;
}
