import type { AttemptState } from "./attempt";
import type { SessionBlueprint } from "./blueprint";
import type { ChatMessage } from "./session-contract";
import { isCompleted } from "./session-state";

/**
 * When a session's Durable Object hands its storage to its archive (an R2 object, ADR 0048) and
 * empties itself (ADR 0010). Storage on the platform is billed and never expires; a finished
 * session's object only serves its results.
 * Once the session is complete, every answer is in D1 and no model grade is still coming, the
 * object waits out the results window, writes its whole attempt as one archive and deletes its
 * storage. A later call (a results page, a teacher's override) reads the archive back: in memory
 * for a read, into storage again before a change.
 */

/** A week: the results are read in the days after the test; later reads cost one R2 read. */
export const DEFAULT_ARCHIVE_AFTER_HOURS = 168;

/** `SESSION_ARCHIVE_AFTER_HOURS` in milliseconds: 0 archives as soon as the session settles; anything unreadable, the default. */
export function archiveDelayMs(setting: string | undefined): number {
  const hours = setting?.trim() ? Number(setting) : Number.NaN;
  return (Number.isFinite(hours) && hours >= 0 ? hours : DEFAULT_ARCHIVE_AFTER_HOURS) * 3_600_000;
}

/** When the object may archive itself, or null while it still has work: in progress, unwritten answers, a grade to come. */
export function archiveDueAt(state: AttemptState, hasPendingWrites: boolean, delayMs: number): number | null {
  const { completedAt } = state.session;
  if (!isCompleted(state.session) || completedAt === null || hasPendingWrites) return null;
  if (Object.values(state.answers).some((answer) => answer.grading === "provisional")) return null;
  return completedAt + delayMs;
}

/** After a failed archive write, the next try: soon enough to free the storage, far enough not to hammer R2 and D1. */
export const ARCHIVE_RETRY_MS = 60 * 60 * 1000;

type SessionArchive = { version: 1; state: AttemptState; blueprint: SessionBlueprint; chats: Record<string, ChatMessage[]> };

export function sessionArchive(state: AttemptState, blueprint: SessionBlueprint, chats: Record<string, ChatMessage[]>): SessionArchive {
  return { version: 1, state, blueprint, chats };
}

/** An archive read back, or null when it is not one this code wrote (it is then left alone, never half-read). */
export function readSessionArchive(value: unknown): SessionArchive | null {
  if (typeof value !== "object" || value === null) return null;
  const archive = value as Partial<SessionArchive>;
  if (archive.version !== 1 || typeof archive.state?.session !== "object" || typeof archive.blueprint?.sessionId !== "string") return null;
  return { version: 1, state: archive.state, blueprint: archive.blueprint, chats: archive.chats ?? {} };
}
