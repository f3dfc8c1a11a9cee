import { z } from "zod";

/**
 * The live view of a class testing (ADR 0046): what each session object reports to its class's
 * live object, and the rows a teacher reads, derived at read time from the reports, the class's
 * members and the clock. Idle and offline are never stored: they are the time since the student's
 * last request, so a student whose laptop died turns idle, then offline, with no one reporting it.
 */

const LIVE_STATES = ["not_started", "answering", "on_break", "paused_by_teacher", "idle", "offline", "finished"] as const;
type LiveState = (typeof LIVE_STATES)[number];

/** No request for this long while answering: idle (the teacher may want to look). */
export const IDLE_AFTER_MS = 2 * 60_000;
/** No request for this long while answering: offline (a closed laptop, a lost connection). */
export const OFFLINE_AFTER_MS = 5 * 60_000;
/** A report this old is of a past sitting: the student shows as not started again, and the class object forgets it. */
export const REPORT_KEPT_MS = 12 * 60 * 60_000;

export const isPastSitting = (report: { reportedAt: number }, now: number) => now - report.reportedAt > REPORT_KEPT_MS;

/** What the class object sends a watching page when a student's state changed; the page then reads the view again. */
export const LIVE_CHANGED = "changed";
/** A page's keep-alive on its socket, and the object's answer. */
export const LIVE_PING = "ping";
export const LIVE_PONG = "pong";

const count = z.number().int().nonnegative();

/** One session's state as its object saw it at `reportedAt`; parsed where the class object receives it. */
export const liveReportSchema = z.object({
  sessionId: z.string().min(1).max(200),
  studentId: z.string().min(1).max(200),
  startedAt: z.number(),
  reportedAt: z.number(),
  /** The student's last request; null when the report comes from no request of theirs (the deadline's alarm): the last one known stands. */
  lastSeenAt: z.number().nullable(),
  phase: z.enum(["answering", "on_break", "paused_by_teacher", "finished"]),
  /** The question being answered (1-based), null on a break or once finished. */
  questionNumber: count.nullable(),
  /** The most questions this attempt can ask (ADR 0012). */
  questionsMax: count,
  questionsAnswered: count,
  /** Seconds left at `reportedAt`; the clock runs only while answering. */
  timeRemaining: count,
  accommodations: z.string().max(1000),
  lowEffort: z.boolean(),
  /** The total score (percent) once finished. */
  score: z.number().nullable(),
});
export type LiveReport = z.infer<typeof liveReportSchema>;

/**
 * A student's report after a new one: a later sitting replaces an earlier one; a report from no
 * request of the student's keeps their last request's time. Reports of an earlier sitting that
 * arrive late change nothing.
 */
export function mergeReport(previous: LiveReport | undefined, next: LiveReport): LiveReport {
  if (!previous) return next;
  if (next.sessionId !== previous.sessionId) return next.startedAt >= previous.startedAt ? next : previous;
  if (next.reportedAt < previous.reportedAt) return previous;
  return { ...next, lastSeenAt: next.lastSeenAt ?? previous.lastSeenAt };
}

/**
 * Whether a stored report changes what a watching page shows, beyond the last-seen time its own
 * 30-second read brings: the student's heartbeat (the same place, the clock ticking on) tells no
 * page, so an open page does not read the view for each beat of each student. Every other field,
 * whatever it is, counts; so does being seen after a quiet long enough to show idle, and a clock
 * that moved other than by ticking (more time) or stood still.
 */
export function isNewsToWatchers(previous: LiveReport | undefined, next: LiveReport): boolean {
  if (!previous) return true;
  const rest = ({ lastSeenAt: _seen, reportedAt: _at, timeRemaining: _left, ...fields }: LiveReport) =>
    JSON.stringify(Object.entries(fields).sort(([a], [b]) => a.localeCompare(b)));
  if (rest(previous) !== rest(next)) return true;
  if (next.reportedAt - (previous.lastSeenAt ?? previous.reportedAt) > IDLE_AFTER_MS) return true;
  const ticked = previous.phase === "answering" ? (next.reportedAt - previous.reportedAt) / 1000 : 0;
  return Math.abs(previous.timeRemaining - ticked - next.timeRemaining) > 2;
}

type LiveMember = { studentId: string; studentName: string };

type LiveRow = {
  studentId: string;
  studentName: string;
  sessionId: string | null;
  state: LiveState;
  questionNumber: number | null;
  questionsMax: number | null;
  questionsAnswered: number;
  /** Seconds left now; null before a start. */
  timeRemaining: number | null;
  lastSeenAt: string | null;
  accommodations: string | null;
  lowEffort: boolean;
  score: number | null;
};

/** Answering, by the clock at read time: idle after two minutes without a request, offline after five. A break or a teacher's pause is its own state. */
function stateAt(report: LiveReport, now: number): LiveState {
  if (report.phase !== "answering") return report.phase;
  const quietMs = now - (report.lastSeenAt ?? report.reportedAt);
  if (quietMs > OFFLINE_AFTER_MS) return "offline";
  if (quietMs > IDLE_AFTER_MS) return "idle";
  return "answering";
}

function timeRemainingAt(report: LiveReport, now: number): number {
  if (report.phase !== "answering") return report.timeRemaining;
  return Math.max(0, report.timeRemaining - Math.floor(Math.max(0, now - report.reportedAt) / 1000));
}

function rowOf(member: LiveMember, report: LiveReport | undefined, now: number): LiveRow {
  if (!report) {
    return {
      ...member,
      sessionId: null,
      state: "not_started",
      questionNumber: null,
      questionsMax: null,
      questionsAnswered: 0,
      timeRemaining: null,
      lastSeenAt: null,
      accommodations: null,
      lowEffort: false,
      score: null,
    };
  }
  const state = stateAt(report, now);
  return {
    ...member,
    sessionId: report.sessionId,
    state,
    questionNumber: report.phase === "answering" ? report.questionNumber : null,
    questionsMax: report.questionsMax,
    questionsAnswered: report.questionsAnswered,
    timeRemaining: timeRemainingAt(report, now),
    lastSeenAt: report.lastSeenAt === null ? null : new Date(report.lastSeenAt).toISOString(),
    accommodations: report.accommodations,
    lowEffort: report.lowEffort,
    score: report.phase === "finished" ? report.score : null,
  };
}

/** Who needs the teacher first: the quiet ones, then breaks, then the rest. */
const ATTENTION_ORDER: Record<LiveState, number> = { idle: 0, offline: 1, on_break: 2, paused_by_teacher: 3, answering: 4, not_started: 5, finished: 6 };

/**
 * Every member of the class, with their latest sitting's state now, sorted so who needs attention
 * comes first, then by name. A report of a student no longer a member (taken off the roster while
 * testing) still shows, named by their student ID; a report of a past sitting does not.
 */
export function liveRows(members: readonly LiveMember[], reports: readonly LiveReport[], now: number): LiveRow[] {
  const current = new Map(reports.filter((report) => !isPastSitting(report, now)).map((report) => [report.studentId, report]));
  const everyone = new Map(members.map((member) => [member.studentId, member]));
  for (const studentId of current.keys()) if (!everyone.has(studentId)) everyone.set(studentId, { studentId, studentName: studentId });
  return [...everyone.values()]
    .map((member) => rowOf(member, current.get(member.studentId), now))
    .sort((a, b) => ATTENTION_ORDER[a.state] - ATTENTION_ORDER[b.state] || a.studentName.localeCompare(b.studentName));
}

const SUMMARY_ORDER: readonly LiveState[] = ["answering", "idle", "offline", "on_break", "paused_by_teacher", "not_started", "finished"];
const SUMMARY_WORDS: Record<LiveState, string> = {
  answering: "answering",
  idle: "idle",
  offline: "offline",
  on_break: "on a break",
  paused_by_teacher: "paused by the teacher",
  not_started: "not started",
  finished: "finished",
};

/** "18 answering, 2 idle, 1 on a break, 9 finished": the states with anyone in them. */
export function liveSummary(rows: readonly Pick<LiveRow, "state">[]): string {
  if (rows.length === 0) return "No students in this class yet.";
  return SUMMARY_ORDER.flatMap((state) => {
    const n = rows.filter((row) => row.state === state).length;
    return n ? [`${n} ${SUMMARY_WORDS[state]}`] : [];
  }).join(", ");
}

/** A row's state as the table says it: "Answering question 3 of up to 20", "Finished (85%)". */
export function stateInWords(row: Pick<LiveRow, "state" | "questionNumber" | "questionsMax" | "score">): string {
  switch (row.state) {
    case "answering":
      return row.questionNumber === null ? "Answering" : `Answering question ${row.questionNumber} of up to ${row.questionsMax ?? row.questionNumber}`;
    case "finished":
      return row.score === null ? "Finished" : `Finished (${row.score}%)`;
    case "idle":
      return "Idle for more than 2 minutes";
    case "offline":
      return "Offline";
    case "on_break":
      return "On a break";
    case "paused_by_teacher":
      return "Paused by the teacher";
    case "not_started":
      return "Not started";
    default: {
      const unhandled: never = row.state;
      throw new Error(`Unknown live state ${String(unhandled)}`);
    }
  }
}

/** The state filters a teacher may choose, in the table's order. */
export const LIVE_FILTERS: readonly { state: LiveState; label: string }[] = [
  { state: "idle", label: "Idle" },
  { state: "offline", label: "Offline" },
  { state: "on_break", label: "On a break" },
  { state: "paused_by_teacher", label: "Paused by the teacher" },
  { state: "answering", label: "Answering" },
  { state: "not_started", label: "Not started" },
  { state: "finished", label: "Finished" },
];

/** The live page's filter (?state=); anything else shows everyone. */
export const liveFilterSchema = z.object({ state: z.enum(LIVE_STATES).optional().catch(undefined) });

/** The low-effort flag in words (ADR 0033's rapid guesses), never only a colour. */
export const effortInTable = (lowEffort: boolean) => (lowEffort ? "Low effort: many rapid guesses" : "–");

/** Time left as the table says it: "12:05 left", or "–" before a start. */
export function timeLeftInWords(seconds: number | null): string {
  if (seconds === null) return "–";
  const minutes = Math.floor(seconds / 60);
  return `${minutes}:${String(seconds % 60).padStart(2, "0")} left`;
}

/** When the student was last seen, from the page's clock: "just now", "3 min ago", "2 h ago"; "–" when never. */
export function lastSeenInWords(lastSeenAt: string | null, now: number): string {
  if (lastSeenAt === null) return "–";
  const minutes = Math.floor(Math.max(0, now - Date.parse(lastSeenAt)) / 60_000);
  if (minutes < 1) return "just now";
  if (minutes < 60) return `${minutes} min ago`;
  return `${Math.floor(minutes / 60)} h ago`;
}
