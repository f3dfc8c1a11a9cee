import type { ExtendedTime } from "~/domain/accommodations/accommodations";
import type { TestMode } from "~/domain/adaptive/engine";
import { translate } from "~/domain/i18n/catalog";
import type { AnyLocale } from "~/domain/i18n/locale";

import { type ModeChoice, withStudentTime } from "./mode-expectation";
import { modeQuestionCounts } from "./mode-lengths";

/**
 * The modes a student may start (each with its minutes, and the student's own time with extended time), with how many
 * questions each asks for this test's questions and competencies. A class that fixes a mode
 * offers only that one (ADR 0014); otherwise, and for a signed-in user, both.
 */
export function modeChoices(
  test: { placementDuration: number; diagnosticDuration: number },
  questions: readonly { id: string; competencyId: string | null }[],
  fixedMode: TestMode | null,
  extendedTime: ExtendedTime = 1,
  locale: AnyLocale = "en",
): ModeChoice[] {
  const questionCounts = modeQuestionCounts(questions, locale);
  const all = [
    { value: "placement" as const, title: translate(locale, "start", "placementTitle"), minutes: test.placementDuration, questions: questionCounts.placement },
    {
      value: "diagnostic" as const,
      title: translate(locale, "start", "diagnosticTitle"),
      minutes: test.diagnosticDuration,
      questions: questionCounts.diagnostic,
    },
  ];
  return (fixedMode ? all.filter((mode) => mode.value === fixedMode) : all).map((mode) => withStudentTime(mode, extendedTime, locale));
}
