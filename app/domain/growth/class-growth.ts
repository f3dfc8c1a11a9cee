import { z } from "zod";

import { median } from "~/domain/analytics/statistics";
import { MAX_ID_LENGTH } from "~/domain/sessions/session-limits";
import { invalid } from "~/lib/errors";

import {
  type Growth,
  growthBetween,
  type GrowthSession,
  round1,
  type SessionMark,
  sessionMarks,
  subjectOf,
  type TestingWindowDays,
  windowOf,
  type WindowScore,
  windowScore,
} from "./growth";

/**
 * A class's growth between two testing windows, and the district-local norms it is read against:
 * the percentile of a student's growth among the district's students in the same subject and
 * window pair who started near the same score. Local norms, never national ones; shown only when
 * enough students make them up, and the screen says how many that is.
 */

/** A band needs this many students (the student included) before its percentile is shown. */
export const LOCAL_NORM_MINIMUM = 30;
/** A student's band: the district's students whose starting score is within this many scale points of theirs. */
export const LOCAL_NORM_BAND = 5;

export const LOCAL_NORMS_NOTE = `Local percentiles compare a student's growth with this district's students who took a test in the same subject in both windows and started within ${LOCAL_NORM_BAND} scale points of them. They are local norms, not national norms, and are shown only when at least ${LOCAL_NORM_MINIMUM} such students took both.`;

/** What the class view says of its percentiles before the nightly job has computed the pair's norms (a new install, a new window). */
export const LOCAL_NORMS_PENDING =
  "Local percentiles are computed each night from the whole district's scores. They appear here after tonight's run, and take in later scores the night after they are taken.";

/** A student's percentile cell when their scores came after the norms were last computed. */
export const NOT_IN_NORMS_YET = "Not in the norms yet";

/** ?from=&to=: two testing windows' ids, both or neither (the last two windows with scores). */
export const classGrowthQuerySchema = z
  .object({
    from: z.string().trim().min(1, "from must be a testing window's id").max(MAX_ID_LENGTH, "from must be a testing window's id").optional(),
    to: z.string().trim().min(1, "to must be a testing window's id").max(MAX_ID_LENGTH, "to must be a testing window's id").optional(),
  })
  .strict();
export type ClassGrowthQuery = z.infer<typeof classGrowthQuerySchema>;

/** Catalog codes (ADR 0045), rendered by the API's error mapping in the request's language. */
export const WINDOW_CHOICE_ERRORS = {
  unknownFrom: "refusals.windowUnknownFrom",
  unknownTo: "refusals.windowUnknownTo",
  onlyOne: "refusals.windowChooseBoth",
  order: "refusals.windowOrder",
} as const;

/** The windows, in date order, in which at least one of these sessions is a window's score. */
export function windowsWithScores<W extends TestingWindowDays>(windows: readonly W[], sessions: readonly GrowthSession[], timeZone: string): W[] {
  const scored = new Set(sessions.filter((session) => sessionMarks(session).length === 0).map((session) => windowOf(windows, session.startTime, timeZone)?.id));
  return windows.filter((window) => scored.has(window.id));
}

/**
 * The pair of windows a class view compares: the ones asked for, or else the last two in which the
 * class has scores (null when it has fewer than two). Unknown ids, only one of the two, or a from
 * that is not before to are refused (400).
 */
export function chooseWindowPair<W extends TestingWindowDays>(
  windows: readonly W[],
  withScores: readonly W[],
  query: ClassGrowthQuery,
): { from: W; to: W } | null {
  if (!query.from && !query.to) return withScores.length >= 2 ? { from: withScores.at(-2)!, to: withScores.at(-1)! } : null;
  if (!query.from || !query.to) throw invalid(WINDOW_CHOICE_ERRORS.onlyOne);
  const from = windows.find((window) => window.id === query.from);
  const to = windows.find((window) => window.id === query.to);
  if (!from) throw invalid(WINDOW_CHOICE_ERRORS.unknownFrom, "from");
  if (!to) throw invalid(WINDOW_CHOICE_ERRORS.unknownTo, "to");
  if (from.startsOn >= to.startsOn) throw invalid(WINDOW_CHOICE_ERRORS.order, "from");
  return { from, to };
}

type PairScores = { start: WindowScore | null; end: WindowScore | null; growth: Growth | null; startMarks: SessionMark[]; endMarks: SessionMark[] };

/** Why a window with sessions has no score: the marks of its sessions, once each. */
const marksOf = (sessions: readonly GrowthSession[]): SessionMark[] => [...new Set(sessions.flatMap(sessionMarks))];

/** One student's scores in the pair's two windows, subject by subject (only subjects with a session in either). */
function pairScores(pair: { from: TestingWindowDays; to: TestingWindowDays }, sessions: readonly GrowthSession[], timeZone: string): Map<string, PairScores> {
  const inWindow = new Map<string, { from: GrowthSession[]; to: GrowthSession[] }>();
  for (const session of sessions) {
    const window = windowOf([pair.from, pair.to], session.startTime, timeZone);
    if (!window) continue;
    const subject = subjectOf(session);
    const entry = inWindow.get(subject) ?? { from: [], to: [] };
    inWindow.set(subject, entry);
    (window.id === pair.from.id ? entry.from : entry.to).push(session);
  }
  const scores = new Map<string, PairScores>();
  for (const [subject, { from, to }] of inWindow) {
    const start = windowScore(from);
    const end = windowScore(to);
    scores.set(subject, {
      start,
      end,
      growth: start && end ? growthBetween(pair.from.id, start, end) : null,
      startMarks: start ? [] : marksOf(from),
      endMarks: end ? [] : marksOf(to),
    });
  }
  return scores;
}

/** One district student's start and growth, the material of the local norms. */
export type NormEntry = { start: number; growth: number };

/** The district's students' starts and growths in the pair, by subject. */
export function districtNorms(
  pair: { from: TestingWindowDays; to: TestingWindowDays },
  sessions: readonly (GrowthSession & { studentRecordId: string })[],
  timeZone: string,
): Map<string, NormEntry[]> {
  const byStudent = new Map<string, GrowthSession[]>();
  for (const session of sessions) byStudent.set(session.studentRecordId, [...(byStudent.get(session.studentRecordId) ?? []), session]);
  const norms = new Map<string, NormEntry[]>();
  for (const studentSessions of byStudent.values()) {
    for (const [subject, scores] of pairScores(pair, studentSessions, timeZone)) {
      if (!scores.start || !scores.growth) continue;
      norms.set(subject, [...(norms.get(subject) ?? []), { start: scores.start.scaleScore, growth: scores.growth.growth }]);
    }
  }
  return norms;
}

/** One distinct start and growth among the district's students, with its percentile and band: a row of the stored norms (ADR 0049). */
export type NormPoint = NormEntry & { percentile: number | null; bandSize: number };
export const normPointKey = (subject: string, start: number, growth: number) => JSON.stringify([subject, start, growth]);

/**
 * A pair's stored norms as a class view reads them (ADR 0049): the points its students have, and
 * how many district students each subject's norms rest on. A point not found is a student whose
 * scores came after the last nightly run (or whose teacher sees other sessions than the district).
 */
export type PairNorms = { points: ReadonlyMap<string, NormPoint>; students: ReadonlyMap<string, number> };

/** The subject, start and growth of each student of the class with growth in the pair: the points the view looks up. */
export function classGrowthPoints(
  pair: { from: TestingWindowDays; to: TestingWindowDays },
  students: readonly ClassStudent[],
  timeZone: string,
): (NormEntry & { subject: string })[] {
  return students.flatMap((student) =>
    [...pairScores(pair, student.sessions, timeZone)].flatMap(([subject, scores]) =>
      scores.start && scores.growth ? [{ subject, start: scores.start.scaleScore, growth: scores.growth.growth }] : [],
    ),
  );
}

/**
 * The percentile rank (1–99) of a growth among the district's students who started within the
 * band of this start, counting ties as half below; null while the band holds fewer than the minimum.
 */
export function localPercentile(norms: readonly NormEntry[], start: number, growth: number): { percentile: number | null; bandSize: number } {
  let below = 0;
  let equal = 0;
  let bandSize = 0;
  for (const entry of norms) {
    if (Math.abs(entry.start - start) > LOCAL_NORM_BAND) continue;
    bandSize += 1;
    if (entry.growth < growth) below += 1;
    else if (entry.growth === growth) equal += 1;
  }
  if (bandSize < LOCAL_NORM_MINIMUM) return { percentile: null, bandSize };
  return { percentile: Math.min(99, Math.max(1, Math.round((100 * (below + equal / 2)) / bandSize))), bandSize };
}

export type ClassStudent = { id: string; name: string; sessions: GrowthSession[] };
/** `bandSize` is null for a student with growth whom the stored norms do not hold yet. */
type LocalStanding = { percentile: number | null; bandSize: number | null };
type ClassGrowthRow = PairScores & { studentId: string; name: string } & LocalStanding;

function localStanding(norms: PairNorms, subject: string, scores: PairScores): LocalStanding {
  if (!scores.start || !scores.growth) return { percentile: null, bandSize: 0 };
  const point = norms.points.get(normPointKey(subject, scores.start.scaleScore, scores.growth.growth));
  return point ? { percentile: point.percentile, bandSize: point.bandSize } : { percentile: null, bandSize: null };
}
export type ClassSubjectGrowth = {
  subject: string;
  rows: ClassGrowthRow[];
  /** Students with a score in both windows. */
  withGrowth: number;
  medianGrowth: number | null;
  grewBeyondError: number;
  fellBeyondError: number;
  /** District students in this subject with scores in both windows: what the local norms rest on. */
  districtStudents: number;
};

/**
 * The class view: for each subject any student has a session in (either window), every student of
 * the class in name order with their start, end and growth, the local percentile where the band
 * is large enough, the median growth and how many grew (or fell) beyond measurement error.
 */
export function classGrowth(
  pair: { from: TestingWindowDays; to: TestingWindowDays },
  students: readonly ClassStudent[],
  norms: PairNorms,
  timeZone: string,
): ClassSubjectGrowth[] {
  const scored = students.map((student) => ({ student, scores: pairScores(pair, student.sessions, timeZone) }));
  const subjects = [...new Set(scored.flatMap(({ scores }) => [...scores.keys()]))].sort((a, b) => a.localeCompare(b));
  return subjects.map((subject) => {
    const rows = scored
      .map(({ student, scores }): ClassGrowthRow => {
        const entry = scores.get(subject) ?? { start: null, end: null, growth: null, startMarks: [], endMarks: [] };
        return { studentId: student.id, name: student.name, ...entry, ...localStanding(norms, subject, entry) };
      })
      .sort((a, b) => a.name.localeCompare(b.name));
    const growths = rows.flatMap((row) => (row.growth ? [row.growth] : []));
    const middle = median(growths.map((growth) => growth.growth));
    return {
      subject,
      rows,
      withGrowth: growths.length,
      medianGrowth: middle === null ? null : round1(middle),
      grewBeyondError: growths.filter((growth) => growth.beyondError && growth.growth > 0).length,
      fellBeyondError: growths.filter((growth) => growth.beyondError && growth.growth < 0).length,
      districtStudents: norms.students.get(subject) ?? 0,
    };
  });
}

/** 1st, 2nd, 3rd, 4th … 11th, 12th, 13th … 21st: a percentile as it is said. */
export function ordinal(value: number): string {
  const tens = value % 100;
  const suffix = tens >= 11 && tens <= 13 ? "th" : (["th", "st", "nd", "rd"][value % 10] ?? "th");
  return `${value}${suffix}`;
}

/** What the class screen says when the windows asked for cannot be compared (it then shows the default pair). */
export const WINDOW_CHOICE_REFUSED =
  "Those windows cannot be compared: choose a From window that comes before the To window. Showing the default windows instead.";

/**
 * The class's students no window scores, and why: those whose sessions in the windows were all
 * left out (each reason counted once a student, a student with two reasons under both), and those
 * with no session in any window. What the screen says instead of only "no student has a score".
 */
type LeftOutStudents = { withSessions: number; byMark: Partial<Record<SessionMark, number>>; withoutSessions: number };

export function leftOutStudents(windows: readonly TestingWindowDays[], students: readonly ClassStudent[], timeZone: string): LeftOutStudents {
  const leftOut: LeftOutStudents = { withSessions: 0, byMark: {}, withoutSessions: 0 };
  for (const student of students) {
    const inWindows = student.sessions.filter((session) => windowOf(windows, session.startTime, timeZone));
    if (inWindows.length === 0) {
      leftOut.withoutSessions += 1;
      continue;
    }
    if (inWindows.some((session) => sessionMarks(session).length === 0)) continue;
    leftOut.withSessions += 1;
    for (const mark of marksOf(inWindows)) leftOut.byMark[mark] = (leftOut.byMark[mark] ?? 0) + 1;
  }
  return leftOut;
}

const students = (count: number) => `${count} ${count === 1 ? "student" : "students"}`;

/** "2 students were left out because no session of theirs counted: 2 of low effort (…), 1 not finished. 1 student has not …" */
export function leftOutNote(leftOut: LeftOutStudents): string {
  const reasons = (Object.entries(leftOut.byMark) as [SessionMark, number][]).map(([mark, count]) => `${count} ${LEFT_OUT_REASONS[mark]}`);
  const parts: string[] = [];
  if (leftOut.withSessions) {
    const were = leftOut.withSessions === 1 ? "was" : "were";
    parts.push(`${students(leftOut.withSessions)} ${were} left out because no session of theirs counted: ${reasons.join(", ")}.`);
  }
  if (leftOut.withoutSessions) {
    parts.push(`${students(leftOut.withoutSessions)} ${leftOut.withoutSessions === 1 ? "has" : "have"} not taken a test in any testing window.`);
  }
  return parts.join(" ");
}

/** Each mark as the reason a student's sessions were left out, after a count of students. */
const LEFT_OUT_REASONS: Record<SessionMark, string> = {
  low_effort: "of low effort (too many rapid guesses)",
  non_standard: "non-standard (an accommodation changed what they measured)",
  in_progress: "not finished",
  no_score: "without a scale score",
};
