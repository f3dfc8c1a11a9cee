import { windowRange } from "~/domain/growth/growth";

/**
 * Which testing window Cohort Analytics reads, and each student once in it. Once a class has
 * tested in several windows, reading all its sessions counts a student once a sitting: the page
 * would list the same student twice among those who need help. So the report reads one window
 * (the current one unless another is asked for) and each student's latest completed session in it.
 */
export type AnalyticsWindow = { id: string; name: string; startsOn: string; endsOn: string };

/** `?windowId=all`: every session of the class, still one per student. */
export const ALL_WINDOWS = "all";

/**
 * The window asked for; without one, the window that holds `nowMs` (its days in the district's `timeZone`), else the latest that started
 * before it (a class between windows reads the one just past), else none (no window has begun:
 * every session). `undefined` when the id names no window (404); null means every session.
 */
export function chooseAnalyticsWindow<W extends AnalyticsWindow>(
  windows: readonly W[],
  windowId: string | null,
  nowMs: number,
  timeZone: string,
): W | null | undefined {
  if (windowId === ALL_WINDOWS) return null;
  if (windowId) return windows.find((window) => window.id === windowId);
  const started = windows.filter((window) => windowRange(window, timeZone).fromMs <= nowMs).sort((a, b) => b.startsOn.localeCompare(a.startsOn));
  return started[0] ?? null;
}

type StudentSession = { sessionId: string; studentId: string; completed: boolean; startTime: number };

/**
 * Each student once: their latest completed session, else (they have not finished one) their latest
 * session. Kept in the order given.
 */
export function onePerStudent<S extends StudentSession>(sessions: readonly S[]): S[] {
  const chosen = new Map<string, S>();
  for (const session of sessions) {
    const held = chosen.get(session.studentId);
    if (!held || isLater(session, held)) chosen.set(session.studentId, session);
  }
  const kept = new Set([...chosen.values()].map((session) => session.sessionId));
  return sessions.filter((session) => kept.has(session.sessionId));
}

/** A completed session beats one in progress; between two alike, the later start (then the larger id, so ties are stable). */
function isLater(candidate: StudentSession, held: StudentSession): boolean {
  if (candidate.completed !== held.completed) return candidate.completed;
  if (candidate.startTime !== held.startTime) return candidate.startTime > held.startTime;
  return candidate.sessionId > held.sessionId;
}
