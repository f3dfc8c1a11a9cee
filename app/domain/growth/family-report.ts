import { LOW_EFFORT_WARNING } from "~/domain/adaptive/effort";
import { dayIn } from "~/domain/district/time-zone";

import { longDate } from "./dates";
import { type MarkedSession, type SubjectGrowth, type TestingWindowDays, type WindowGrowth, type WindowScore } from "./growth";
import { ERROR_BAND_SE } from "./growth-chart";

/**
 * The family report's words: one student, one testing window, each subject they were tested in,
 * in plain language for a parent. Figures are whole scale points; the likely range is the score
 * ± 2 standard errors (about 95%), the same rule the growth page's error band draws.
 */

/** A session the report can describe: finished, with a scale score. */
type ScoredSession = MarkedSession & { scaleScore: number; scaleScoreSe: number };

type FamilyReportSection = {
  subject: string;
  testTitle: string;
  /** The session's day, "March 5, 2026" (UTC, as windows are). */
  testedOn: string;
  score: number;
  likelyLow: number;
  likelyHigh: number;
  /** The sentence that says the score and its range. */
  scoreSentence: string;
  growthSentence: string;
  /** Topics to practise next (the session's "Recommended" modules), and those already mastered. */
  practise: string[];
  mastered: string[];
  notes: string[];
};

export const SCALE_SCORE_EXPLAINED =
  "The test adapts to each answer: questions get harder after right answers and easier after wrong ones. That lets it place every student on one scale. A scale score is that place. It does not depend on which questions were asked, so scores in the same subject can be compared from one testing window to the next. A higher score means the student answered harder questions correctly.";

export const NON_STANDARD_NOTE =
  "This test was taken with an accommodation that changed what some questions measure (for example, reading questions read aloud). The score describes this test, but it is not used to measure growth or compared with other students.";

const points = (value: number) => `${value} ${value === 1 ? "point" : "points"}`;

function scoredSessions(sessions: readonly MarkedSession[]): ScoredSession[] {
  return sessions.filter((session): session is ScoredSession => session.completed && session.scaleScore !== null && session.scaleScoreSe !== null);
}

function growthSentence(name: string, subject: string, entry: WindowGrowth, previous: { windowName: string; score: WindowScore } | null): string {
  if (!entry.score) return "Because of the note below, this score is not compared with earlier ones, so there is no growth to report from it.";
  if (!previous || !entry.growth) return `No earlier testing window has a ${subject} score for ${name}, so there is no growth to report yet.`;
  const change = Math.round(entry.growth.growth);
  const since = `Since ${previous.windowName} (score ${Math.round(previous.score.scaleScore)}), ${name}'s score`;
  if (change === 0) return `${since} stayed about the same.`;
  const moved = `${since} went ${change > 0 ? "up" : "down"} ${points(Math.abs(change))}.`;
  if (!entry.growth.beyondError) return `${moved} That change is within the test's measurement error, so it may not be a real change.`;
  return change > 0
    ? `${moved} That is more than the test's measurement error, so it is likely real growth.`
    : `${moved} That is more than the test's measurement error, so it is likely a real drop; ${name}'s teacher can say more about it.`;
}

/**
 * The report's section for one subject in one window, or null when the student has no finished,
 * scored test of that subject in the window. The window's score (its latest standard, effortful
 * session) is described when there is one; otherwise the latest scored session, with the note that
 * says why it is not counted.
 */
export function familyReportSection<W extends TestingWindowDays>(
  name: string,
  subject: SubjectGrowth<W>,
  windowId: string,
  moduleRecommendations: ReadonlyMap<string, Record<string, string>>,
  timeZone: string,
): FamilyReportSection | null {
  const index = subject.windows.findIndex((entry) => entry.window.id === windowId);
  const entry = subject.windows[index];
  if (!entry) return null;
  const candidates = scoredSessions(entry.sessions);
  const session = candidates.find((candidate) => candidate.id === entry.score?.sessionId) ?? candidates.at(-1);
  if (!session) return null;
  const previous =
    subject.windows
      .slice(0, index)
      .reverse()
      .find((earlier) => earlier.score) ?? null;
  const score = Math.round(session.scaleScore);
  const likelyLow = Math.round(session.scaleScore - ERROR_BAND_SE * session.scaleScoreSe);
  const likelyHigh = Math.round(session.scaleScore + ERROR_BAND_SE * session.scaleScoreSe);
  const recommendations = Object.entries(moduleRecommendations.get(session.id) ?? {});
  const notes: string[] = [];
  if (session.marks.includes("non_standard")) notes.push(NON_STANDARD_NOTE);
  if (session.marks.includes("low_effort")) notes.push(`Many answers were given faster than anyone could read the question. ${LOW_EFFORT_WARNING}`);
  return {
    subject: subject.subject,
    testTitle: session.testTitle,
    testedOn: longDate(dayIn(session.startTime, timeZone)),
    score,
    likelyLow,
    likelyHigh,
    scoreSentence: `${name}'s scale score is ${score}. No test is exact: the score is likely between ${likelyLow} and ${likelyHigh}.`,
    growthSentence: growthSentence(name, subject.subject, entry, previous?.score ? { windowName: previous.window.name, score: previous.score } : null),
    practise: recommendations.filter(([, label]) => label === "Recommended").map(([module]) => module),
    mastered: recommendations.filter(([, label]) => label === "Mastered").map(([module]) => module),
    notes,
  };
}
