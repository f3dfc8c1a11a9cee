import OpenAI from "openai";
import { zodResponseFormat } from "openai/helpers/zod";

import { type AiConfig, providerModelFor } from "~/domain/ai/ai-config";
import { addUsage, NO_USAGE, type TokenUsage } from "~/domain/ai/usage-cost";

import { type AiOutcome, type AiProvider, parseReply, renderPrompt, structuredProvider, type StructuredTask } from "./provider.server";

type OpenAiConfig = Extract<AiConfig, { provider: "openai" }>;

/** A reply that does not parse gets one more try; the SDK retries transport failures itself. */
const PARSE_ATTEMPTS = 2;

function usageOf(completion: OpenAI.Chat.Completions.ChatCompletion): TokenUsage {
  const usage = completion.usage;
  if (!usage) return NO_USAGE;
  return {
    promptTokens: usage.prompt_tokens,
    completionTokens: usage.completion_tokens,
    reasoningTokens: usage.completion_tokens_details?.reasoning_tokens ?? 0,
    totalTokens: usage.total_tokens,
  };
}

/** 429, 5xx, timeouts and dropped connections may pass; a 400 or 401 will not, however often it is tried. */
function isRetryable(error: unknown): boolean {
  if (error instanceof OpenAI.APIConnectionError) return true;
  if (error instanceof OpenAI.APIError)
    return error.status === undefined || error.status === 408 || error.status === 409 || error.status === 429 || error.status >= 500;
  return false;
}

function describeProviderError(error: unknown): string {
  if (error instanceof OpenAI.APIConnectionTimeoutError) return "The AI provider did not answer in time.";
  if (error instanceof OpenAI.APIConnectionError) return "The AI provider could not be reached.";
  if (error instanceof OpenAI.APIError) return `The AI provider refused the request (${error.status ?? "no status"}): ${error.message}`.slice(0, 500);
  return error instanceof Error ? error.message : String(error);
}

export function createOpenAiProvider(config: OpenAiConfig): AiProvider {
  const client = new OpenAI({
    apiKey: config.apiKey,
    baseURL: config.baseURL,
    timeout: config.timeoutMs,
    maxRetries: config.maxRetries,
  });

  async function run<T>(task: StructuredTask<T>, specModel: string): Promise<AiOutcome<T>> {
    const model = providerModelFor(config, specModel);
    const promptSent = renderPrompt(task.messages);
    let usage = NO_USAGE;
    let rawResponse: string | null = null;
    let lastError = "";
    for (let attempt = 1; attempt <= PARSE_ATTEMPTS; attempt++) {
      try {
        const completion = await client.chat.completions.create({
          model,
          messages: task.messages,
          response_format: zodResponseFormat(task.schema, task.name),
        });
        usage = addUsage(usage, usageOf(completion));
        rawResponse = completion.choices[0]?.message?.content ?? null;
        const parsed = parseReply(task, rawResponse);
        if (parsed.ok) return { ok: true, value: parsed.value, call: { model: completion.model || model, promptSent, rawResponse, usage } };
        lastError = parsed.error;
      } catch (error) {
        return { ok: false, error: describeProviderError(error), retryable: isRetryable(error), call: { model, promptSent, rawResponse, usage } };
      }
    }
    return { ok: false, error: lastError, retryable: false, call: { model, promptSent, rawResponse, usage } };
  }

  return structuredProvider("openai", run);
}
