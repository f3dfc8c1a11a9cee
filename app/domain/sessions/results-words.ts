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

/**
 * What the cards both results pages share say about this session: their labels, the overall
 * score's band (80 or more is strong, 60 or more good), how many answers are still being graded,
 * each skill's and module's status, and each answer's points, mark, time and grading score. Only
 * the words the page shows are sent: an answer awaiting its teacher has no mark, not even in the
 * page's data (answer-rules.ts), and the teacher's page carries none of the student's words.
 */
export function resultsCards(data: ResultsPageData, locale: AnyLocale) {
  const word = (keys: Record<string, ResultsKey>, value: string) => (Object.hasOwn(keys, value) ? say(locale, keys[value]!) : value);
  return {
    labels: {
      overallScore: say(locale, "overallScore"),
      skills: say(locale, "skills"),
      moduleRecommendations: say(locale, "moduleRecommendations"),
      noAnswers: data.answers.length === 0 ? say(locale, "noAnswers") : null,
    },
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
      mark: answer.awaitingTeacher ? null : say(locale, answer.provisional ? "grading" : answer.wasCorrect ? "correct" : "incorrect"),
      timeSpent: say(locale, "timeSpent", { time: formatTimeSpent(answer.timeSpentSeconds, locale) }),
      gradingScore: answer.gradingScore === null ? null : around(say(locale, "gradingScore", { score: SCORE_SLOT }), Math.round(answer.gradingScore)),
      late: answer.late ? say(locale, "late") : null,
      barLabel: say(locale, "questionPoints", { number: index + 1 }),
    })),
  };
}

/** Where a figure goes in a rendered sentence, so the page can set the figure apart ("Grading score: 88/100"). */
const SCORE_SLOT = "\u0000";

const around = (sentence: string, score: number) => {
  const [before = "", after = ""] = sentence.split(SCORE_SLOT);
  return { before, score, after };
};
export type ResultsCards = ReturnType<typeof resultsCards>;

/**
 * The student's page's own words: its labels, its title, the test's kind, how it ended, the scale
 * score, answers awaiting the teacher. All of it is known to the server, so the page's loader
 * writes it and the page's JavaScript carries no English (ADR 0045).
 */
export function studentResultsWords(data: ResultsPageData, locale: AnyLocale) {
  return {
    heading: say(locale, "heading"),
    yourAnswers: say(locale, "yourAnswers"),
    reviewedByTeacher: say(locale, "reviewedByTeacher"),
    awaitingTeacher: say(locale, "awaitingTeacher"),
    nextSteps: say(locale, "nextSteps"),
    returnHome: say(locale, "returnHome"),
    reviewAiGrading: say(locale, "reviewAiGrading"),
    retake: say(locale, "retake"),
    pageTitle: say(locale, "pageTitle", { test: data.testTitle }),
    mode: say(locale, MODE_KEYS[data.mode]),
    ended: data.completedReason === "time_up" ? say(locale, "finishedTimeUp") : null,
    scale: studentScaleSentence(data.scaleScore, data.scaleScoreSE, locale),
    awaiting: data.awaitingTeacher > 0 ? awaitingTeacherNote(data.awaitingTeacher, locale) : null,
  };
}
