import type { TestMode } from "~/domain/classes/cohort";
import { DEFAULT_DIAGNOSTIC_RULE } from "~/domain/adaptive/diagnostic";
import { DEFAULT_PLACEMENT_RULE } from "~/domain/adaptive/stopping";
import type { ModeChoice } from "./mode-expectation";

/**
 * The modes a student may start (SPEC.md "Take a test": each with its minutes), with the most
 * questions each can ask, for 'Before You Begin'. A class that fixes a mode offers only that one
 * (ADR 0014); otherwise, and for a signed-in user, both.
 */
export function modeChoices(test: { placementDuration: number; diagnosticDuration: number; questionCount: number }, fixedMode: TestMode | null): ModeChoice[] {
  const all: ModeChoice[] = [
    { value: "placement", title: "Placement Test", minutes: test.placementDuration, maxQuestions: Math.min(DEFAULT_PLACEMENT_RULE.maxItems, test.questionCount) },
    { value: "diagnostic", title: "Diagnostic Test", minutes: test.diagnosticDuration, maxQuestions: Math.min(DEFAULT_DIAGNOSTIC_RULE.maxItems, test.questionCount) },
  ];
  return fixedMode ? all.filter((mode) => mode.value === fixedMode) : all;
}
