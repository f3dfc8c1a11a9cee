import type { Database } from "~/db/client.server";
import type { AiConfig } from "~/domain/ai/ai-config";
import type { ChatRequest } from "~/domain/ai/chat-request";
import { gradingQuestionSchema } from "~/domain/ai/grading-request";
import { DEFAULT_AI_MODEL } from "~/domain/assessments/ai-cost";
import { questionTypeOf } from "~/domain/questions/types";
import { NOT_FOUND } from "~/domain/shell/not-found";
import type { Env } from "~/env";
import { found, invalid, upstream } from "~/lib/errors";
import { findQuestionInTest, findSessionForChat } from "~/models/sessions.server";
import { refusalError, testSessionStub } from "~/services/session-object.server";

import { logAiCall } from "./call-log.server";
import { aiProviderFor } from "./index.server";

/**
 * One turn of a chat question (POST /api/chat): the conversation so far comes from the session's
 * Durable Object, the tutor answers with the question's system instruction and opening prompt,
 * and the exchange is stored only once the reply exists. Chat is answered directly, not queued:
 * the student is waiting for the reply.
 */
export async function sendChatMessage(deps: { env: Pick<Env, "TEST_SESSION" | "AI">; db: Database; ai: AiConfig }, input: ChatRequest): Promise<string> {
  const session = found(await findSessionForChat(deps.db, input.sessionId), NOT_FOUND.session);
  const row = found(session.testConfigId ? await findQuestionInTest(deps.db, session.testConfigId, input.questionId) : undefined, NOT_FOUND.question);
  if (questionTypeOf(row.type).answer.form !== "conversation") throw invalid("refusals.onlyChatConversation");
  const question = gradingQuestionSchema.parse(row);

  const stub = testSessionStub(deps.env, input.sessionId);
  const transcript = await stub.chatTranscript(input.questionId);
  if (!transcript.ok) throw refusalError(transcript);
  const history = [...transcript.messages, { role: "user" as const, content: input.message }];

  // A class that keeps its students' answers from the AI provider talks to the offline tutor (ADR 0030).
  const provider = aiProviderFor(session.aiGrading === false ? { ...deps.ai, provider: "offline" } : deps.ai, deps.env);
  const outcome = await provider.chat(question, history, session.aiModel ?? DEFAULT_AI_MODEL);
  logAiCall("chat", outcome);
  if (!outcome.ok) throw upstream(outcome.error);
  const stored = await stub.appendChatExchange({ questionId: input.questionId, message: input.message, reply: outcome.value.reply });
  if (!stored.ok) throw refusalError(stored);
  return outcome.value.reply;
}
