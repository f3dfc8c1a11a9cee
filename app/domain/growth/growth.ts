import { LOW_EFFORT_THRESHOLD } from "~/domain/adaptive/effort";
import { windowAt, windowSpan } from "~/domain/district/time-zone";
import type { ContentLanguage } from "~/domain/questions/content-language";
/**
 * Growth between testing windows, for one student: which window each session belongs to, which
 * session is the window's score, and how far the score moved between windows with the error of
 * that move. Scale scores (200 + 10θ, and 10·SE) of one subject share the district's item scale
 * (ADR 0008), so their difference is growth; another subject's scores are another scale.
 */

/** A testing window: whole days in the district's time zone, both ends included (ADR 0041). */
export type TestingWindowDays = { id: string; name: string; startsOn: string; endsOn: string };

/** What the growth rules read of a session. */
export type GrowthSession = {
  id: string;
  testTitle: string;
  /** The test's subject; null when the session kept none. */
  subject: string | null;
  startTime: number;
  completed: boolean;
  scaleScore: number | null;
  scaleScoreSe: number | null;
  nonStandard: boolean;
  /** Share of answers that were not rapid guesses; null before any answer (or before it was measured). */
  effort: number | null;
  /** The test's language (ADR 0044): its items are calibrated on their own, and the screens say "Taken in Spanish". Absent: English. */
  language?: ContentLanguage;
};

/** A change larger than this many standard errors of the difference is beyond measurement error (95%). */
const BEYOND_ERROR_Z = 1.96;
/** The rule in words, beside every growth figure. */
export const BEYOND_ERROR_RULE = `Growth is beyond measurement error when it is more than ${BEYOND_ERROR_Z} standard errors of the difference (95%).`;
/** What a session without a subject is grouped under. */
const NO_SUBJECT = "No subject";

/**
 * Why a session is not a window's score: an accommodation changed what it measured (ADR 0032), too
 * many answers were rapid guesses, it is not finished, or it has no scale score.
 */
export type SessionMark = "non_standard" | "low_effort" | "in_progress" | "no_score";

export const MARK_LABELS: Record<SessionMark, string> = {
  non_standard: "Non-standard",
  low_effort: "Low effort",
  in_progress: "Not finished",
  no_score: "No scale score",
};

/** A window as milliseconds: from its first day's midnight in `timeZone` up to, not including, the midnight after its last. */
export function windowRange(window: Pick<TestingWindowDays, "startsOn" | "endsOn">, timeZone: string): { fromMs: number; untilMs: number } {
  return windowSpan(window, timeZone);
}

/** The window a session started in (its day in `timeZone`), or null when it started in none (windows never overlap). */
export function windowOf<W extends TestingWindowDays>(windows: readonly W[], startTime: number, timeZone: string): W | null {
  return windowAt(windows, startTime, timeZone);
}

export function sessionMarks(session: GrowthSession): SessionMark[] {
  const marks: SessionMark[] = [];
  if (!session.completed) marks.push("in_progress");
  else if (session.scaleScore === null || session.scaleScoreSe === null) marks.push("no_score");
  if (session.nonStandard) marks.push("non_standard");
  if (session.effort !== null && session.effort < LOW_EFFORT_THRESHOLD) marks.push("low_effort");
  return marks;
}

export const subjectOf = (session: Pick<GrowthSession, "subject">) => session.subject?.trim() || NO_SUBJECT;

export type WindowScore = { sessionId: string; scaleScore: number; se: number };

/** The window's score: the latest completed standard, effortful session with a scale score; null when there is none. */
export function windowScore(sessions: readonly GrowthSession[]): WindowScore | null {
  let latest: GrowthSession | null = null;
  for (const session of sessions) {
    if (sessionMarks(session).length === 0 && (!latest || session.startTime > latest.startTime)) latest = session;
  }
  return latest ? { sessionId: latest.id, scaleScore: latest.scaleScore!, se: latest.scaleScoreSe! } : null;
}

export type Growth = {
  fromWindowId: string;
  growth: number;
  /** √(se₁² + se₂²): the two measurements' errors are independent. */
  seDifference: number;
  beyondError: boolean;
};

export const round1 = (value: number) => Math.round(value * 10) / 10;

/** The change from one score to a later one; figures to a tenth, the beyond-error test on the exact ones. */
export function growthBetween(fromWindowId: string, from: WindowScore, to: WindowScore): Growth {
  const growth = to.scaleScore - from.scaleScore;
  const seDifference = Math.sqrt(from.se ** 2 + to.se ** 2);
  return { fromWindowId, growth: round1(growth), seDifference: round1(seDifference), beyondError: Math.abs(growth) > BEYOND_ERROR_Z * seDifference };
}

export type MarkedSession = GrowthSession & { marks: SessionMark[] };
export type WindowGrowth<W extends TestingWindowDays = TestingWindowDays> = {
  window: W;
  /** Every session of the subject that started in the window, oldest first, with what keeps it from counting. */
  sessions: MarkedSession[];
  score: WindowScore | null;
  /** From the latest earlier window with a score; null when this window has none or no earlier one does. */
  growth: Growth | null;
};
export type SubjectGrowth<W extends TestingWindowDays = TestingWindowDays> = { subject: string; windows: WindowGrowth<W>[] };

/**
 * A student's growth, subject by subject (alphabetical), each with every window in date order (an
 * empty one too, so a gap shows). Growth is measured between consecutive windows that have a score,
 * so a missed window does not hide the growth around it. Sessions that started outside every
 * window are answered apart.
 */
export function studentGrowth<W extends TestingWindowDays>(
  windows: readonly W[],
  sessions: readonly GrowthSession[],
  timeZone: string,
): { subjects: SubjectGrowth<W>[]; outsideWindows: MarkedSession[] } {
  const ordered = [...windows].sort((a, b) => a.startsOn.localeCompare(b.startsOn));
  const bySubject = new Map<string, Map<string, MarkedSession[]>>();
  const outsideWindows: MarkedSession[] = [];
  for (const session of [...sessions].sort((a, b) => a.startTime - b.startTime)) {
    const marked = { ...session, marks: sessionMarks(session) };
    const window = windowOf(ordered, session.startTime, timeZone);
    if (!window) {
      outsideWindows.push(marked);
      continue;
    }
    const subject = subjectOf(session);
    const inSubject = bySubject.get(subject) ?? new Map<string, MarkedSession[]>();
    bySubject.set(subject, inSubject);
    inSubject.set(window.id, [...(inSubject.get(window.id) ?? []), marked]);
  }
  const subjects = [...bySubject.keys()].sort((a, b) => a.localeCompare(b));
  return {
    outsideWindows,
    subjects: subjects.map((subject) => {
      let previous: { windowId: string; score: WindowScore } | null = null;
      return {
        subject,
        windows: ordered.map((window) => {
          const inWindow = bySubject.get(subject)!.get(window.id) ?? [];
          const score = windowScore(inWindow);
          const growth = score && previous ? growthBetween(previous.windowId, previous.score, score) : null;
          if (score) previous = { windowId: window.id, score };
          return { window, sessions: inWindow, score, growth };
        }),
      };
    }),
  };
}

/** "205.3 ± 3.1": a score with its standard error, to a tenth. */
export const scoreWithSe = (score: { scaleScore: number; se: number }) => `${score.scaleScore.toFixed(1)} ± ${score.se.toFixed(1)}`;

/** "+4.2", "−3.0" (a minus sign, not a hyphen), "0.0". */
export function signedGrowth(growth: number): string {
  const text = Math.abs(growth).toFixed(1);
  return growth > 0 ? `+${text}` : growth < 0 ? `−${text}` : text;
}
