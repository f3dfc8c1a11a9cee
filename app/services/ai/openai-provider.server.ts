import OpenAI from "openai";
import { zodResponseFormat } from "openai/helpers/zod";

import { type AiConfig, providerModelFor } from "~/domain/ai/ai-config";
import { chatPrompt, formattingPrompt, generationPrompt, gradingPrompt } from "~/domain/ai/prompts";
import { chatReplySchema, formattedTestSchema, generatedTestSchema, gradingResultSchema } from "~/domain/ai/schemas";
import { addUsage, NO_USAGE, type TokenUsage } from "~/domain/ai/usage-cost";

import { type AiOutcome, type AiProvider, renderPrompt, type StructuredTask } from "./provider.server";

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

function parseReply<T>(task: StructuredTask<T>, content: string | null | undefined): { ok: true; value: T } | { ok: false; error: string } {
  if (!content) return { ok: false, error: "The AI provider sent an empty reply." };
  let json: unknown;
  try {
    json = JSON.parse(content);
  } catch {
    return { ok: false, error: "The AI provider's reply was not JSON." };
  }
  const parsed = task.schema.safeParse(json);
  if (parsed.success) return { ok: true, value: parsed.data };
  const issue = parsed.error.issues[0];
  return { ok: false, error: `The AI provider's reply did not match the ${task.name} format (${issue?.path.join(".") || "reply"}: ${issue?.message}).` };
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

  return {
    kind: "openai",
    grade: (question, answer, model) => run({ name: "grading_result", schema: gradingResultSchema, messages: gradingPrompt(question, answer) }, model),
    generate: (input, model) => run({ name: "generated_test", schema: generatedTestSchema, messages: generationPrompt(input) }, model),
    format: (rawContent, model) => run({ name: "formatted_test", schema: formattedTestSchema, messages: formattingPrompt(rawContent) }, model),
    chat: (question, history, model) => run({ name: "chat_reply", schema: chatReplySchema, messages: chatPrompt(question, history) }, model),
  };
}
