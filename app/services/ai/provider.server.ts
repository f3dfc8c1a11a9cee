import type { ZodType } from "zod";

import type { AiOutcome } from "~/domain/ai/ai-call";
import type { GradingQuestion, StudentAnswer } from "~/domain/ai/grading-request";
import type { GenerationPromptInput, PromptMessage } from "~/domain/ai/prompts";
import type { ChatReply, FormattedTest, GeneratedTest, GradingResult } from "~/domain/ai/schemas";

export type { AiCall, AiOutcome } from "~/domain/ai/ai-call";

/**
 * One provider module: every AI task goes through an AiProvider, either the
 * OpenAI-compatible one or the offline one, and both answer with the same outcome shape so the
 * callers (jobs, chat) log and store the same way whichever answered.
 */
export interface AiProvider {
  readonly kind: "offline" | "openai";
  grade(question: GradingQuestion, answer: StudentAnswer, model: string): Promise<AiOutcome<GradingResult>>;
  generate(input: GenerationPromptInput, model: string): Promise<AiOutcome<GeneratedTest>>;
  /** Free text only: GIFT, Aiken and CSV are parsed exactly before any provider is asked. */
  format(rawContent: string, model: string): Promise<AiOutcome<FormattedTest>>;
  chat(question: GradingQuestion, history: { role: "user" | "assistant"; content: string }[], model: string): Promise<AiOutcome<ChatReply>>;
}

/** A task's structured output: its zod schema (sent as the JSON schema, and parsing the reply) and its name. */
export type StructuredTask<T> = { name: string; schema: ZodType<T>; messages: PromptMessage[] };

/** How a prompt is recorded in the grading log: readable, one block per message. */
export function renderPrompt(messages: PromptMessage[]): string {
  return messages.map((message) => `[${message.role}]\n${message.content}`).join("\n\n");
}
