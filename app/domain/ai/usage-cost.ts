import { isAiModel, MODEL_RATES } from "~/domain/assessments/ai-cost";

import { OFFLINE_MODEL } from "./ai-call";
import { WORKERS_AI_RATES } from "./workers-ai-models";

/** Tokens one AI call used, as the provider reported them (zeros for the offline provider). */
export type TokenUsage = {
  promptTokens: number;
  completionTokens: number;
  /** Part of completionTokens (OpenAI reports reasoning inside the completion). */
  reasoningTokens: number;
  totalTokens: number;
};

export const NO_USAGE: TokenUsage = { promptTokens: 0, completionTokens: 0, reasoningTokens: 0, totalTokens: 0 };

/** the product's AI grading log "cost" fields, in US dollars. */
export type CallCost = {
  inputCost: number;
  outputCost: number;
  reasoningCost: number;
  totalCost: number;
  inputTokens: number;
  outputTokens: number;
  reasoningTokens: number;
};

export function addUsage(a: TokenUsage, b: TokenUsage): TokenUsage {
  return {
    promptTokens: a.promptTokens + b.promptTokens,
    completionTokens: a.completionTokens + b.completionTokens,
    reasoningTokens: a.reasoningTokens + b.reasoningTokens,
    totalTokens: a.totalTokens + b.totalTokens,
  };
}

type Rate = { input: number; output: number };

/** The published rate of the model that answered: the product's models, Workers AI's priced ones, or none. */
function rateOf(model: string): Rate | null {
  if (model === OFFLINE_MODEL) return { input: 0, output: 0 };
  if (isAiModel(model)) return MODEL_RATES[model];
  return WORKERS_AI_RATES[model] ?? null;
}

/**
 * False for a model with no published rate (a district's own server, a Workers AI model missing
 * from the table): its cost is recorded as 0 and must be shown as "not priced", not as free.
 */
export function isPriced(model: string): boolean {
  return rateOf(model) !== null;
}

/**
 * The cost of a call at the published rates for the model that answered. Reasoning tokens are
 * billed at the output rate and are already inside completionTokens, so output here is the visible
 * part only and the two add up to the completion's price without counting reasoning twice. A model
 * without a published rate costs 0 here (see isPriced).
 */
export function costOf(model: string, usage: TokenUsage): CallCost {
  const visibleOutput = Math.max(0, usage.completionTokens - usage.reasoningTokens);
  const rate = rateOf(model) ?? { input: 0, output: 0 };
  const perToken = (dollarsPerMillion: number) => dollarsPerMillion / 1_000_000;
  const inputCost = usage.promptTokens * perToken(rate.input);
  const outputCost = visibleOutput * perToken(rate.output);
  const reasoningCost = usage.reasoningTokens * perToken(rate.output);
  return {
    inputCost,
    outputCost,
    reasoningCost,
    totalCost: inputCost + outputCost + reasoningCost,
    inputTokens: usage.promptTokens,
    outputTokens: visibleOutput,
    reasoningTokens: usage.reasoningTokens,
  };
}
