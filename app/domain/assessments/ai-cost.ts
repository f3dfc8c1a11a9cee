import { isOpenQuestionType, type QuestionType } from "~/domain/questions/question-types";

/** The models a test can use, their rates and the estimate. */
export const AI_MODELS = ["gpt-4o-2024-08-06", "gpt-5-2025-08-07", "gpt-4o-mini-2024-07-18"] as const;
type AiModel = (typeof AI_MODELS)[number];
export const DEFAULT_AI_MODEL: AiModel = "gpt-5-2025-08-07";

/** US dollars per million tokens. */
export const MODEL_RATES: Record<AiModel, { input: number; output: number }> = {
  "gpt-5-2025-08-07": { input: 1.25, output: 10 },
  "gpt-4o-2024-08-06": { input: 2.5, output: 10 },
  "gpt-4o-mini-2024-07-18": { input: 0.15, output: 0.6 },
};

const INPUT_TOKENS_PER_QUESTION = 800;
const OUTPUT_TOKENS_PER_QUESTION = 400;

export function isAiModel(value: string): value is AiModel {
  return (AI_MODELS as readonly string[]).includes(value);
}

/** Dollars one student's attempt costs; an unknown model costs 0 (it has no published rate). */
export function estimateCostPerStudent(questionTypes: readonly QuestionType[], model: string): number {
  if (!isAiModel(model)) return 0;
  const graded = questionTypes.filter(isOpenQuestionType).length;
  const rate = MODEL_RATES[model];
  return (graded * (INPUT_TOKENS_PER_QUESTION * rate.input + OUTPUT_TOKENS_PER_QUESTION * rate.output)) / 1_000_000;
}

/** 0 → "$0.00"; under 0.001 → 6 decimals; under 0.01 → 4; under 1 → 3; otherwise 2. */
export function formatCost(dollars: number): string {
  if (dollars === 0) return "$0.00";
  const decimals = dollars < 0.001 ? 6 : dollars < 0.01 ? 4 : dollars < 1 ? 3 : 2;
  return `$${dollars.toFixed(decimals)}`;
}
