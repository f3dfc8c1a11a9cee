import { zodResponseFormat } from "openai/helpers/zod";

import type { AiConfig } from "~/domain/ai/ai-config";
import { addUsage, NO_USAGE, type TokenUsage } from "~/domain/ai/usage-cost";

import { type AiOutcome, type AiProvider, parseReply, renderPrompt, structuredProvider, type StructuredTask } from "./provider.server";

type WorkersAiConfig = Extract<AiConfig, { provider: "workers-ai" }>;

/** The one method of the `AI` binding this provider calls (app/env.ts types the whole binding). */
export type WorkersAiBinding = {
  run(model: string, inputs: Record<string, unknown>, options?: { signal?: AbortSignal }): Promise<unknown>;
};

/** A reply that does not parse (or that Workers AI says could not meet the schema) gets one more try. */
const PARSE_ATTEMPTS = 2;
/** Backoff before retry n (0-based): 200, 400, 800 ms... */
const RETRY_BASE_MS = 200;
/**
 * Workers AI's text models stop at 256 generated tokens unless asked for more, which cuts a
 * grading reply or a generated test off mid-JSON; the reply is billed by the tokens it uses.
 */
const MAX_TOKENS = 4096;
/** Workers AI's codes that another try may pass: out of capacity (3040), its own timeout (3007). */
const TRANSIENT_CODES = new Set([3040, 3007]);
const JSON_MODE_UNMET = /JSON Mode couldn't be met/i;
/** Failures without a code that are the service's, not the request's. */
const TRANSIENT_WORDS = /capacity|temporarily|internal (server )?error|unavailable|overloaded|network|connection/i;

class ModelTimeout extends Error {
  override name = "ModelTimeout";
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

/** Workers AI's four-digit error code in a thrown error's message ("3040: Capacity temporarily exceeded"), if any. */
function errorCode(error: unknown): number | null {
  const match = /\b([35]\d{3})\b/.exec(messageOf(error));
  return match ? Number(match[1]) : null;
}

/** Capacity, timeouts and the service's internal failures may pass; a bad model name, a used-up allocation or a refused request will not. */
function isTransient(error: unknown): boolean {
  if (error instanceof ModelTimeout) return true;
  const code = errorCode(error);
  if (code !== null) return TRANSIENT_CODES.has(code);
  return (error instanceof Error && error.name === "AiInternalError") || TRANSIENT_WORDS.test(messageOf(error));
}

function describeError(error: unknown): string {
  if (error instanceof ModelTimeout) return "Workers AI did not answer in time.";
  return `Workers AI refused the request: ${messageOf(error)}`.slice(0, 500);
}

/** The binding answers `{ response, usage }`; in JSON mode `response` may already be the parsed object. */
function replyText(output: unknown): string | null {
  if (typeof output === "string") return output;
  const response = (output as { response?: unknown } | null)?.response;
  if (typeof response === "string") return response;
  return response !== null && typeof response === "object" ? JSON.stringify(response) : null;
}

function usageOf(output: unknown): TokenUsage {
  const usage = (output as { usage?: { prompt_tokens?: number; completion_tokens?: number; total_tokens?: number } } | null)?.usage;
  if (!usage) return NO_USAGE;
  const promptTokens = usage.prompt_tokens ?? 0;
  const completionTokens = usage.completion_tokens ?? 0;
  return { promptTokens, completionTokens, reasoningTokens: 0, totalTokens: usage.total_tokens ?? promptTokens + completionTokens };
}

/** One model call, given up after AI_TIMEOUT_MS and retried with backoff while the failure may pass (AI_MAX_RETRIES). */
async function runWithRetries(binding: WorkersAiBinding, config: WorkersAiConfig, inputs: Record<string, unknown>): Promise<unknown> {
  for (let retry = 0; ; retry++) {
    const controller = new AbortController();
    let timer: ReturnType<typeof setTimeout> | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => {
        controller.abort();
        reject(new ModelTimeout());
      }, config.timeoutMs);
    });
    try {
      return await Promise.race([binding.run(config.model, inputs, { signal: controller.signal }), timeout]);
    } catch (error) {
      if (retry >= config.maxRetries || JSON_MODE_UNMET.test(messageOf(error)) || !isTransient(error)) throw error;
      await sleep(RETRY_BASE_MS * 2 ** retry);
    } finally {
      clearTimeout(timer);
    }
  }
}

/**
 * The provider for the Workers AI binding (ADR 0035): no key, the configured model for every
 * task whatever model the test names, JSON mode with the task's schema, and the retries the
 * OpenAI SDK gives the other provider done here, as the binding has none of its own.
 */
export function createWorkersAiProvider(config: WorkersAiConfig, binding: WorkersAiBinding): AiProvider {
  async function run<T>(task: StructuredTask<T>): Promise<AiOutcome<T>> {
    const { model } = config;
    const promptSent = renderPrompt(task.messages);
    // Workers AI takes the JSON schema itself as `json_schema`, not OpenAI's {name, strict, schema}.
    const schema = zodResponseFormat(task.schema, task.name).json_schema.schema;
    const inputs = { messages: task.messages, response_format: { type: "json_schema", json_schema: schema }, max_tokens: MAX_TOKENS };
    let usage = NO_USAGE;
    let rawResponse: string | null = null;
    let lastError = "";
    for (let attempt = 1; attempt <= PARSE_ATTEMPTS; attempt++) {
      let output: unknown;
      try {
        output = await runWithRetries(binding, config, inputs);
      } catch (error) {
        if (JSON_MODE_UNMET.test(messageOf(error))) {
          lastError = `Workers AI could not answer in the ${task.name} format.`;
          continue;
        }
        return { ok: false, error: describeError(error), retryable: isTransient(error), call: { model, promptSent, rawResponse, usage } };
      }
      usage = addUsage(usage, usageOf(output));
      rawResponse = replyText(output);
      const parsed = parseReply(task, rawResponse);
      if (parsed.ok) return { ok: true, value: parsed.value, call: { model, promptSent, rawResponse, usage } };
      lastError = parsed.error;
    }
    return { ok: false, error: lastError, retryable: false, call: { model, promptSent, rawResponse, usage } };
  }

  return structuredProvider("workers-ai", run);
}
