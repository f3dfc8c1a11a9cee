import { dayIn } from "~/domain/district/time-zone";
import { gradeLabel } from "~/domain/grade-label";
import { type Catalog, translate } from "~/domain/i18n/catalog";
import type { MessageValues } from "~/domain/i18n/format";
import { type AnyLocale, htmlLang, intlLocale } from "~/domain/i18n/locale";

import { longDate } from "./dates";
import { type MarkedSession, type SubjectGrowth, type TestingWindowDays, type WindowGrowth, type WindowScore } from "./growth";
import { ERROR_BAND_SE } from "./growth-chart";

/**
 * The family report's words: one student, one testing window, each subject they were tested in,
 * in plain language for a parent. Figures are whole scale points; the likely range is the score
 * ± 2 standard errors (about 95%), the same rule the growth page's error band draws. Its words
 * are the `family` messages, in the report's language (ADR 0045): English or Spanish.
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

type FamilyKey = keyof Catalog["family"];

const say = (locale: AnyLocale, key: FamilyKey, values?: MessageValues) => translate(locale, "family", key, values);

export const NON_STANDARD_NOTE = say("en", "nonStandardNote");

/**
 * The report's language: the one asked for on the report (its switch), else the student record's
 * preferred language, else English. Only English and Spanish are offered; the pseudo-locale is for tests.
 */
export function familyReportLocale(asked: string | null, recordLanguage: unknown): AnyLocale {
  if (asked === "en" || asked === "es" || asked === "qps") return asked;
  return recordLanguage === "es" ? "es" : "en";
}

/** The report's header in its language: the student's grade ("Grade 5"; a grade written out is shown as written) and the window's days. */
export function familyReportHeader(
  student: { givenName: string; grade: string | null },
  window: { name: string; startsOn: string; endsOn: string },
  locale: AnyLocale,
) {
  const label = gradeLabel(student.grade);
  const grade = label === null ? say(locale, "noGrade") : label === student.grade?.trim() ? label : say(locale, "grade", { grade: student.grade!.trim() });
  return {
    /** The report body's `lang` attribute: the staff screen around it is English. */
    lang: htmlLang(locale),
    kicker: say(locale, "kicker", { window: window.name }),
    grade,
    windowDays: say(locale, "windowDays", {
      window: window.name,
      from: longDate(window.startsOn, intlLocale(locale)),
      to: longDate(window.endsOn, intlLocale(locale)),
    }),
    empty: say(locale, "empty", { name: student.givenName, window: window.name }),
    noPractice: say(locale, "noPractice", { name: student.givenName }),
    footer: say(locale, "footer", { name: student.givenName }),
  };
}

function scoredSessions(sessions: readonly MarkedSession[]): ScoredSession[] {
  return sessions.filter((session): session is ScoredSession => session.completed && session.scaleScore !== null && session.scaleScoreSe !== null);
}

function growthSentence(
  name: string,
  subject: string,
  entry: WindowGrowth,
  previous: { windowName: string; score: WindowScore } | null,
  locale: AnyLocale,
): string {
  if (!entry.score) return say(locale, "growthNotCompared");
  if (!previous || !entry.growth) return say(locale, "growthFirst", { subject, name });
  const change = Math.round(entry.growth.growth);
  const values = { window: previous.windowName, previous: Math.round(previous.score.scaleScore), name, change: Math.abs(change) };
  if (change === 0) return say(locale, "growthSame", values);
  if (!entry.growth.beyondError) return say(locale, change > 0 ? "growthUpWithinError" : "growthDownWithinError", values);
  return say(locale, change > 0 ? "growthUp" : "growthDown", values);
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
  locale: AnyLocale = "en",
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
  if (session.marks.includes("non_standard")) notes.push(say(locale, "nonStandardNote"));
  if (session.marks.includes("low_effort")) notes.push(say(locale, "lowEffortNote"));
  const mastered = recommendations.filter(([, label]) => label === "Mastered").map(([module]) => module);
  const testedOn = longDate(dayIn(session.startTime, timeZone), intlLocale(locale));
  return {
    subject: subject.subject,
    testTitle: session.testTitle,
    testedOn,
    score,
    likelyLow,
    likelyHigh,
    scoreSentence: say(locale, "scoreSentence", { name, score, low: likelyLow, high: likelyHigh }),
    growthSentence: growthSentence(name, subject.subject, entry, previous?.score ? { windowName: previous.window.name, score: previous.score } : null, locale),
    practise: recommendations.filter(([, label]) => label === "Recommended").map(([module]) => module),
    mastered,
    notes,
  };
}

/** A section's sentences that only put its facts in words: what was measured, and what is already mastered. */
export function familySectionSentences(section: FamilyReportSection, locale: AnyLocale) {
  return {
    measured: say(locale, "measured", { subject: section.subject, test: section.testTitle, date: section.testedOn }),
    masteredSentence: section.mastered.length ? say(locale, "mastered", { modules: section.mastered.join(", ") }) : null,
  };
}
