import type { ZodType } from "zod";

import type { AiOutcome } from "~/domain/ai/ai-call";
import { type GradingQuestion, rubricText, type StudentAnswer } from "~/domain/ai/grading-request";
import { chatPrompt, formattingPrompt, generationPrompt, type GenerationPromptInput, gradingPrompt, type PromptMessage } from "~/domain/ai/prompts";
import { withoutRubricQuotes } from "~/domain/ai/rubric-quotes";
import {
  type ChatReply,
  chatReplySchema,
  type FormattedTest,
  formattedTestSchema,
  type GeneratedTest,
  generatedTestSchema,
  type GradingResult,
  gradingResultSchema,
} from "~/domain/ai/schemas";

export type { AiCall, AiOutcome } from "~/domain/ai/ai-call";

/**
 * One provider module: every AI task goes through an AiProvider, the OpenAI-compatible one, the
 * Workers AI binding's or the offline one, and all answer with the same outcome shape so the
 * callers (jobs, chat) log and store the same way whichever answered.
 */
export interface AiProvider {
  readonly kind: "offline" | "openai" | "workers-ai";
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

/** A reply read against its task's schema: the value, or a sentence saying what was wrong (both providers ask once more). */
export function parseReply<T>(task: StructuredTask<T>, content: string | null | undefined): { ok: true; value: T } | { ok: false; error: string } {
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

/**
 * A model-backed provider from its one structured call: every task sends the same prompts
 * (app/domain/ai/prompts.ts, where student text is screened and delimited) and the same schemas,
 * whichever service answers.
 */
export function structuredProvider(kind: "openai" | "workers-ai", run: <T>(task: StructuredTask<T>, model: string) => Promise<AiOutcome<T>>): AiProvider {
  return {
    kind,
    grade: async (question, answer, model) => {
      const outcome = await run({ name: "grading_result", schema: gradingResultSchema, messages: gradingPrompt(question, answer) }, model);
      return outcome.ok ? { ...outcome, value: withoutRubricQuotes(outcome.value, rubricText(question.rubric)) } : outcome;
    },
    generate: (input, model) => run({ name: "generated_test", schema: generatedTestSchema, messages: generationPrompt(input) }, model),
    format: (rawContent, model) => run({ name: "formatted_test", schema: formattedTestSchema, messages: formattingPrompt(rawContent) }, model),
    chat: (question, history, model) => run({ name: "chat_reply", schema: chatReplySchema, messages: chatPrompt(question, history) }, model),
  };
}
