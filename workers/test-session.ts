import { DurableObject } from "cloudflare:workers";
import type { z } from "zod";

import type { Env } from "~/env";
import {
  beginSessionSchema,
  chatExchangeSchema,
  MAX_CHAT_TURNS,
  submitAnswerSchema,
  type ChatExchangeInput,
  type ChatMessage,
  type ChatTranscriptResult,
  type BeginResult,
  type BeginSessionInput,
  type CompleteResult,
  type CompletionReason,
  type InvalidInput,
  type RecordAnswerResult,
  type RecordedAnswer,
  type SnapshotResult,
  type SubmitAnswerInput,
  type TestSessionRpc,
} from "~/domain/sessions/session-contract";
import {
  completeSession,
  isCompleted,
  isPastDeadline,
  startSession,
  toSnapshot,
  withAnsweredQuestion,
  type SessionState,
} from "~/domain/sessions/session-state";

const STATE_KEY = "session";
const answerKey = (questionId: string) => `answer:${questionId}`;
const chatKey = (questionId: string) => `chat:${questionId}`;
const studentTurnsIn = (messages: ChatMessage[]) => messages.filter((message) => message.role === "user").length;

const invalidInput = (error: z.ZodError): InvalidInput => ({
  ok: false,
  reason: "invalid_input",
  message: error.issues.map((issue) => `${issue.path.join(".") || "input"}: ${issue.message}`).join("; "),
});

/**
 * One Durable Object per test session (DESIGN.md decision 3), the authority for a live attempt:
 * it owns the deadline (an alarm completes the session) and the answers, one per question id.
 * Inputs are parsed here because RPC callers are other modules and nothing malformed may be
 * stored. Each write is awaited before a method returns, so an acknowledged answer is durable;
 * the runtime's input gate keeps a read-then-write below from interleaving with another call.
 * The rules live in app/domain/sessions; this class loads, applies and stores.
 */
export class TestSession extends DurableObject<Env> implements TestSessionRpc {
  async begin(input: BeginSessionInput): Promise<BeginResult> {
    const parsed = beginSessionSchema.safeParse(input);
    if (!parsed.success) return invalidInput(parsed.error);
    const existing = await this.loadState();
    if (existing) return { ok: true, outcome: "already_started", snapshot: toSnapshot(existing, Date.now()) };

    const state = startSession(parsed.data, Date.now());
    // Together or not at all: a session stored without its alarm would never time out.
    await this.ctx.storage.transaction(async (txn) => {
      await txn.put(STATE_KEY, state);
      await txn.setAlarm(state.deadlineAt);
    });
    return { ok: true, outcome: "started", snapshot: toSnapshot(state, state.startedAt) };
  }

  async snapshot(): Promise<SnapshotResult> {
    const state = await this.loadState();
    if (!state) return { ok: false, reason: "not_begun" };
    return { ok: true, snapshot: toSnapshot(state, Date.now()) };
  }

  async recordAnswer(input: SubmitAnswerInput): Promise<RecordAnswerResult> {
    const parsed = submitAnswerSchema.safeParse(input);
    if (!parsed.success) return invalidInput(parsed.error);
    const state = await this.loadState();
    if (!state) return { ok: false, reason: "not_begun" };
    const now = Date.now();
    const { questionId } = parsed.data;
    // A retry of a stored answer is a repeat even once the session is over: it was acknowledged.
    const stored = await this.ctx.storage.get<RecordedAnswer>(answerKey(questionId));
    if (stored) return { ok: true, outcome: "repeat", answer: stored, snapshot: toSnapshot(state, now) };
    if (isCompleted(state) || isPastDeadline(state, now)) {
      // Past the deadline the alarm may simply not have run yet; the answer is late either way.
      const completed = await this.completeAndSave(state, now, "time_up");
      return { ok: false, reason: "completed", snapshot: toSnapshot(completed, now) };
    }

    const answer: RecordedAnswer = { ...parsed.data, answeredAt: now };
    const next = withAnsweredQuestion(state, questionId);
    // One multi-key put is atomic: the answer and the session's list of answers agree.
    await this.ctx.storage.put({ [STATE_KEY]: next, [answerKey(questionId)]: answer });
    return { ok: true, outcome: "recorded", answer, snapshot: toSnapshot(next, now) };
  }

  async complete(): Promise<CompleteResult> {
    const state = await this.loadState();
    if (!state) return { ok: false, reason: "not_begun" };
    const now = Date.now();
    if (isCompleted(state)) return { ok: true, outcome: "already_completed", snapshot: toSnapshot(state, now) };
    const completed = await this.completeAndSave(state, now);
    return { ok: true, outcome: "completed", snapshot: toSnapshot(completed, now) };
  }

  async chatTranscript(questionId: string): Promise<ChatTranscriptResult> {
    if (!(await this.loadState())) return { ok: false, reason: "not_begun" };
    const messages = (await this.ctx.storage.get<ChatMessage[]>(chatKey(String(questionId)))) ?? [];
    return { ok: true, messages, studentTurns: studentTurnsIn(messages) };
  }

  async appendChatExchange(input: ChatExchangeInput): Promise<ChatTranscriptResult> {
    const parsed = chatExchangeSchema.safeParse(input);
    if (!parsed.success) return invalidInput(parsed.error);
    const state = await this.loadState();
    if (!state) return { ok: false, reason: "not_begun" };
    const now = Date.now();
    if (isCompleted(state) || isPastDeadline(state, now)) return { ok: false, reason: "completed", snapshot: toSnapshot(state, now) };
    const { questionId, message, reply } = parsed.data;
    if (await this.ctx.storage.get(answerKey(questionId))) return { ok: false, reason: "chat_closed", message: "This question has already been answered." };
    const messages = (await this.ctx.storage.get<ChatMessage[]>(chatKey(questionId))) ?? [];
    if (studentTurnsIn(messages) >= MAX_CHAT_TURNS) {
      return { ok: false, reason: "chat_closed", message: `This conversation has reached its limit of ${MAX_CHAT_TURNS} messages. Submit your answer when you are ready.` };
    }
    const next: ChatMessage[] = [...messages, { role: "user", content: message }, { role: "assistant", content: reply }];
    await this.ctx.storage.put(chatKey(questionId), next);
    return { ok: true, messages: next, studentTurns: studentTurnsIn(next) };
  }

  async discard(): Promise<void> {
    await this.ctx.storage.deleteAlarm();
    await this.ctx.storage.deleteAll();
  }

  /** The runtime calls this at or after the deadline (alarms never fire early), so time is up. */
  override async alarm(): Promise<void> {
    const state = await this.loadState();
    if (state) await this.completeAndSave(state, Date.now(), "time_up");
  }

  private loadState(): Promise<SessionState | undefined> {
    return this.ctx.storage.get<SessionState>(STATE_KEY);
  }

  /** A no-op for a completed session, so the first completion's time and reason stand. */
  private async completeAndSave(state: SessionState, now: number, reason?: CompletionReason): Promise<SessionState> {
    const completed = completeSession(state, now, reason);
    if (completed !== state) {
      await this.ctx.storage.put(STATE_KEY, completed);
      await this.ctx.storage.deleteAlarm();
    }
    return completed;
  }
}
