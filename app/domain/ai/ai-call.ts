import type { TokenUsage } from "./usage-cost";

/** The model name the offline provider's calls are recorded under: no model, no tokens, no cost. */
export const OFFLINE_MODEL = "offline";

/** What one AI call sent and got back, for the grading log. */
export type AiCall = {
  /** The model that answered: the provider's name for it, or "offline". */
  model: string;
  promptSent: string;
  rawResponse: string | null;
  usage: TokenUsage;
};

export type AiOutcome<T> = { call: AiCall } & (
  | { ok: true; value: T }
  /** `retryable`: worth another delivery of the job (timeouts, 429 and 5xx after the SDK's own retries). */
  | { ok: false; error: string; retryable: boolean }
);
