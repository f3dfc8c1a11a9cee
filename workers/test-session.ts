import { DurableObject } from "cloudflare:workers";

import type { Env } from "./env";

/**
 * One Durable Object per test session (DESIGN.md decision 3): the authority for a live
 * attempt. It owns the deadline (an alarm completes the session when time runs out) and the
 * answers, keyed by question id so a retried submit is recorded once. Every write is awaited
 * before the method returns, so an acknowledged answer is durable.
 *
 * Later features add the adaptive state and per-question timers here.
 */
export type SessionSnapshot = {
  sessionId: string;
  startedAt: number;
  deadlineAt: number;
  completed: boolean;
  completedReason: "submitted" | "time_up" | null;
  timeRemainingSeconds: number;
  answeredQuestionIds: string[];
};

type StoredSession = Omit<SessionSnapshot, "timeRemainingSeconds" | "answeredQuestionIds">;

const SESSION_KEY = "session";
const answerKey = (questionId: string) => `answer:${questionId}`;

export class TestSession extends DurableObject<Env> {
  /** Starts the session once; calling it again returns the existing session unchanged. */
  async begin(input: { sessionId: string; durationSeconds: number }): Promise<SessionSnapshot> {
    const existing = await this.ctx.storage.get<StoredSession>(SESSION_KEY);
    if (existing) return this.snapshotOf(existing);
    if (!Number.isFinite(input.durationSeconds) || input.durationSeconds <= 0) {
      throw new RangeError("durationSeconds must be a positive number");
    }
    const startedAt = Date.now();
    const session: StoredSession = {
      sessionId: input.sessionId,
      startedAt,
      deadlineAt: startedAt + input.durationSeconds * 1000,
      completed: false,
      completedReason: null,
    };
    await this.ctx.storage.put(SESSION_KEY, session);
    await this.ctx.storage.setAlarm(session.deadlineAt);
    return this.snapshotOf(session);
  }

  /** Null when this session was never begun. */
  async snapshot(): Promise<SessionSnapshot | null> {
    const session = await this.ctx.storage.get<StoredSession>(SESSION_KEY);
    return session ? this.snapshotOf(session) : null;
  }

  /**
   * Stores an answer unless one is already stored for that question.
   * `recorded` is false for a repeat, which callers treat as success (the retry case).
   */
  async recordAnswer(
    questionId: string,
    answer: unknown,
  ): Promise<{ recorded: boolean; snapshot: SessionSnapshot }> {
    const session = await this.ctx.storage.get<StoredSession>(SESSION_KEY);
    if (!session) throw new Error("Session has not begun");
    if (session.completed) throw new Error("Session is already completed");
    const key = answerKey(questionId);
    const already = await this.ctx.storage.get(key);
    if (already === undefined) {
      await this.ctx.storage.put(key, { answer, answeredAt: Date.now() });
    }
    return { recorded: already === undefined, snapshot: await this.snapshotOf(session) };
  }

  async complete(reason: "submitted" | "time_up" = "submitted"): Promise<SessionSnapshot | null> {
    const session = await this.ctx.storage.get<StoredSession>(SESSION_KEY);
    if (!session) return null;
    if (!session.completed) {
      session.completed = true;
      session.completedReason = reason;
      await this.ctx.storage.put(SESSION_KEY, session);
      await this.ctx.storage.deleteAlarm();
    }
    return this.snapshotOf(session);
  }

  /** Removes everything this object stores (used by the health check's throwaway session). */
  async discard(): Promise<void> {
    await this.ctx.storage.deleteAlarm();
    await this.ctx.storage.deleteAll();
  }

  override async alarm(): Promise<void> {
    await this.complete("time_up");
  }

  private async snapshotOf(session: StoredSession): Promise<SessionSnapshot> {
    const answers = await this.ctx.storage.list({ prefix: "answer:" });
    return {
      ...session,
      timeRemainingSeconds: session.completed
        ? 0
        : Math.max(0, Math.round((session.deadlineAt - Date.now()) / 1000)),
      answeredQuestionIds: [...answers.keys()].map((key) => key.slice("answer:".length)),
    };
  }
}
