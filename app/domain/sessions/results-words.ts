import type { TestMode } from "~/domain/adaptive/engine";
import { type Catalog, translate } from "~/domain/i18n/catalog";
import type { MessageValues } from "~/domain/i18n/format";
import type { AnyLocale } from "~/domain/i18n/locale";

import { scaleScoreRange } from "./results-page";
import type { ResultsPageData } from "./results-page-data";
import { formatTimeSpent } from "./time-spent";

/**
 * The results pages' sentences with figures in them, written by their loaders in the reader's
 * language (ADR 0045): the student's page in the request's, the teacher's in English. The page's
 * own labels come from the `results` messages its loader sends.
 */
type ResultsKey = keyof Catalog["results"];

const say = (locale: AnyLocale, key: ResultsKey, values?: MessageValues) => translate(locale, "results", key, values);

const COMPETENCY_KEYS: Record<string, ResultsKey> = {
  mastered: "competencyMastered",
  not_mastered: "competencyWorking",
  not_assessed: "competencyNotAssessed",
};
const MODE_KEYS: Record<TestMode, ResultsKey> = { placement: "modePlacement", diagnostic: "modeDiagnostic" };
const MODULE_KEYS: Record<string, ResultsKey> = { Mastered: "moduleMastered", Recommended: "moduleRecommended" };

/** The student's words: the number and where it most likely lies, without statistics. */
export function studentScaleSentence(scaleScore: number, standardError: number, locale: AnyLocale = "en"): string {
  const { score, low, high } = scaleScoreRange(scaleScore, standardError);
  return say(locale, "scaleScore", { score, low, high });
}

/** The student's results: how many answers wait for their teacher (`grading: "review"`), in words. */
export function awaitingTeacherNote(count: number, locale: AnyLocale = "en"): string {
  return say(locale, "awaitingCount", { count });
}

/** The cards' own labels: sent with them, so the teacher's page carries none of the student's words. */
const CARD_LABELS = ["overallScore", "skills", "moduleRecommendations", "noAnswers", "grading", "correct", "incorrect", "late"] as const satisfies ResultsKey[];

/**
 * What the cards both results pages share say about this session: the overall score's band (80 or
 * more is strong, 60 or more good), how many answers are still being graded, each skill's and
 * module's status, and each answer's points, time and grading score.
 */
export function resultsCards(data: ResultsPageData, locale: AnyLocale) {
  const word = (keys: Record<string, ResultsKey>, value: string) => (Object.hasOwn(keys, value) ? say(locale, keys[value]!) : value);
  const labels = Object.fromEntries(CARD_LABELS.map((key) => [key, say(locale, key)])) as Record<(typeof CARD_LABELS)[number], string>;
  return {
    labels,
    percent: say(locale, "percent", { percent: Math.round(data.totalScore) }),
    band: say(locale, data.totalScore >= 80 ? "bandStrong" : data.totalScore >= 60 ? "bandGood" : "bandPractice"),
    gradingPending: data.gradingPending > 0 ? say(locale, "gradingPending", { count: data.gradingPending }) : null,
    skills: data.competencies.map(([name, status]) => ({ name, status, word: word(COMPETENCY_KEYS, status) })),
    modules: data.modules.map(([name, label]) => ({ name, mastered: label === "Mastered", word: word(MODULE_KEYS, label) })),
    /** In the order of `data.answers`. */
    answers: data.answers.map((answer, index) => ({
      points: answer.awaitingTeacher
        ? say(locale, "worth", { max: answer.maxPoints })
        : say(locale, "pointsOf", { earned: Math.round((answer.pointsEarned ?? 0) * 10) / 10, max: answer.maxPoints }),
      timeSpent: say(locale, "timeSpent", { time: formatTimeSpent(answer.timeSpentSeconds, locale) }),
      gradingScore: answer.gradingScore === null ? null : say(locale, "gradingScore", { score: Math.round(answer.gradingScore) }),
      barLabel: say(locale, "questionPoints", { number: index + 1 }),
    })),
  };
}
export type ResultsCards = ReturnType<typeof resultsCards>;

/** The student's page's own sentences: its title, the test's kind, how it ended, the scale score, answers awaiting the teacher. */
export function studentResultsWords(data: ResultsPageData, locale: AnyLocale) {
  return {
    pageTitle: say(locale, "pageTitle", { test: data.testTitle }),
    mode: say(locale, MODE_KEYS[data.mode]),
    ended: data.completedReason === "time_up" ? say(locale, "finishedTimeUp") : null,
    scale: studentScaleSentence(data.scaleScore, data.scaleScoreSE, locale),
    awaiting: data.awaitingTeacher > 0 ? awaitingTeacherNote(data.awaitingTeacher, locale) : null,
  };
}
