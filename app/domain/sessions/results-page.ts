import { earlyEndNote } from "./early-end-note";
import type { CompletionReason, SessionView } from "./session-contract";
import { wasEndedEarly } from "./session-state";
import type { TestMode } from "~/domain/adaptive/engine";

/**
 * What both results pages show (SPEC.md section 2 "Results", ADR 0016): the student's page at
 * /results/{id} and the teacher's at /admin/results/{id}, from what the session's object answers.
 * The wording of the scale score differs by reader: plain words for the student, the figures
 * (standard error, 95% range) for the teacher.
 */

/** Question text for the results list: no HTML, cut at 100 characters (SPEC.md section 9). */
export function plainExcerpt(html: string, limit = 100): string {
  const text = html
    .replace(/<[^>]*>/g, " ")
    .replace(/&nbsp;/g, " ")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&quot;/g, '"')
    .replace(/&#39;|&#x27;/g, "'")
    .replace(/&amp;/g, "&")
    .replace(/\s+/g, " ")
    .trim();
  return text.length > limit ? `${text.slice(0, limit).trimEnd()}…` : text;
}

/** The results of a session, in the order its questions were answered. */
export function resultsPageData(view: SessionView) {
  const { results } = view;
  const answers = view.snapshot.answeredQuestionIds.flatMap((id) => {
    const answer = results.answers[id];
    if (!answer) return [];
    return [
      {
        id,
        text: plainExcerpt(answer.questionText),
        type: answer.questionType,
        pointsEarned: answer.pointsEarned,
        maxPoints: answer.maxPoints,
        wasCorrect: answer.wasCorrect,
        timeSpentSeconds: answer.timeSpentSeconds,
        gradingScore: answer.gradingScore,
        feedback: answer.feedback,
        provisional: answer.grading === "provisional",
        reviewedByTeacher: answer.grading === "teacher",
        late: answer.late,
      },
    ];
  });
  return {
    sessionId: view.snapshot.sessionId,
    testId: view.testId,
    testTitle: view.testTitle,
    mode: view.mode,
    completed: view.snapshot.completed,
    completedReason: view.snapshot.completedReason,
    /** The student ended it before the engine's stop: its score counts the rest as 0 (ADR 0012). */
    endedEarly: view.snapshot.completed && wasEndedEarly(view.snapshot.completedReason),
    earlyEndNote: earlyEndNote({ completedReason: view.snapshot.completedReason, questionsAnswered: answers.length, questionsNotAnswered: results.questionsNotAnswered }),
    totalScore: results.totalScore,
    scaleScore: results.scaleScore,
    scaleScoreSE: results.scaleScoreSE,
    competencies: Object.entries(results.competenciesStatus),
    modules: Object.entries(results.moduleRecommendations),
    answers,
    gradingPending: results.gradingPending,
  };
}
export type ResultsPageData = ReturnType<typeof resultsPageData>;
export type ResultsAnswer = ResultsPageData["answers"][number];

export const MODE_TITLES: Record<TestMode, string> = { placement: "Placement Test", diagnostic: "Diagnostic Test" };

/** How the session ended, when it is worth saying (a session the student submitted needs no note). */
export function completionNote(reason: CompletionReason | null): string | null {
  return reason === "time_up" ? "finished when time ran out" : null;
}

/** The 95% range of a scale score: ±1.96 standard errors, rounded to whole points as shown. */
export function scaleScoreRange(scaleScore: number, standardError: number) {
  const score = Math.round(scaleScore);
  const margin = Math.round(1.96 * standardError);
  return { score, low: score - margin, high: score + margin, margin };
}

/** The student's words: the number and where it most likely lies, without statistics. */
export function studentScaleSentence(scaleScore: number, standardError: number): string {
  const { score, low, high } = scaleScoreRange(scaleScore, standardError);
  return `Scale score ${score} (very likely between ${low} and ${high}). The higher the number, the harder the questions you can answer.`;
}
