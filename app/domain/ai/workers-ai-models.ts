/**
 * Workers AI models the `AI` binding can grade with (ADR 0035). The default is the instruction
 * model Cloudflare lists first among those that support JSON mode (`response_format` with a JSON
 * schema); any other name in Workers AI's form may be configured with AI_WORKERS_MODEL.
 */
export const DEFAULT_WORKERS_AI_MODEL = "@cf/meta/llama-3.3-70b-instruct-fp8-fast";

/** "@cf/meta/llama-3.3-70b-instruct-fp8-fast", "@hf/nousresearch/hermes-2-pro-mistral-7b": an author and a name. */
const WORKERS_AI_MODEL_NAME = /^@(cf|hf)\/[a-z0-9][\w.-]*\/[a-z0-9][\w.:-]*$/i;

export function isWorkersAiModelName(value: string): boolean {
  return WORKERS_AI_MODEL_NAME.test(value);
}

/**
 * US dollars per million tokens, as Cloudflare's Workers AI pricing page publishes them for the
 * JSON-mode models it prices (billed in neurons at $0.011 per 1,000; the daily free allocation is
 * not subtracted here). A model missing from this table is "not priced", never guessed.
 */
export const WORKERS_AI_RATES: Readonly<Record<string, { input: number; output: number }>> = {
  "@cf/meta/llama-3.3-70b-instruct-fp8-fast": { input: 0.293, output: 2.253 },
  "@cf/meta/llama-3.1-8b-instruct": { input: 0.282, output: 0.827 },
  "@cf/meta/llama-3-8b-instruct": { input: 0.282, output: 0.827 },
  "@cf/deepseek-ai/deepseek-r1-distill-qwen-32b": { input: 0.497, output: 4.881 },
};
