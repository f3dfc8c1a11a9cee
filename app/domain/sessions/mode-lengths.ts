import { DEFAULT_ENGINE_CONFIG, testLength, type TestMode } from "~/domain/adaptive/engine";
import { LABEL_PRIORS } from "~/domain/adaptive/item-model";
import { questionCountLabel } from "~/domain/adaptive/test-length";
import type { AnyLocale } from "~/domain/i18n/locale";

/**
 * How many questions each mode of a test asks, as its mode card says it ("20 questions", "5 to 20
 * questions"): the engine's own range for the test's questions and competencies (ADR 0012).
 */
export function modeQuestionCounts(questions: readonly { id: string; competencyId: string | null }[], locale: AnyLocale = "en"): Record<TestMode, string> {
  // The range depends on how many questions there are and on their competencies, not on their parameters.
  const bank = { items: questions.map((question) => ({ ...question, params: LABEL_PRIORS.medium })) };
  const label = (mode: TestMode) => questionCountLabel(testLength({ ...DEFAULT_ENGINE_CONFIG, mode }, bank), locale);
  return { placement: label("placement"), diagnostic: label("diagnostic") };
}
