import { describeAccommodations } from "~/domain/accommodations/accommodations";
import type { AnyLocale } from "~/domain/i18n/locale";
import { plainExcerpt } from "~/domain/questions/plain-text";

import { earlyEndNote } from "./early-end-note";
import type { SessionView } from "./session-contract";
import { wasEndedEarly } from "./session-state";

/**
 * The data both results pages show (results-page.ts has their wording), built by their loaders.
 * A module of its own because it reads question HTML with the `entities` decoder: the student's
 * page receives the plain text and never bundles the decoder (its JavaScript budget is 100 kB).
 */

/** The results of a session, in the order its questions were answered; its sentences in the reader's language. */
export function resultsPageData(view: SessionView, locale: AnyLocale = "en") {
  const { results } = view;
  const answers = view.snapshot.answeredQuestionIds.flatMap((id) => {
    const answer = results.answers[id];
    if (!answer) return [];
    // Its grader was unsure: the page carries no mark of it, not even in its data (the student's grade, answer-rules.ts).
    const awaitingTeacher = answer.grading === "review";
    return [
      {
        id,
        text: plainExcerpt(answer.questionText),
        type: answer.questionType,
        pointsEarned: awaitingTeacher ? null : answer.pointsEarned,
        maxPoints: answer.maxPoints,
        wasCorrect: awaitingTeacher ? null : answer.wasCorrect,
        timeSpentSeconds: answer.timeSpentSeconds,
        gradingScore: awaitingTeacher ? null : answer.gradingScore,
        feedback: awaitingTeacher ? null : answer.feedback,
        provisional: answer.grading === "provisional",
        awaitingTeacher,
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
    /** Minutes the teacher added from the live view (ADR 0046); 0 for none. */
    extraMinutes: view.snapshot.extraMinutes,
    /** The student ended it before the engine's stop: its score counts the rest as 0 (ADR 0012). */
    endedEarly: view.snapshot.completed && wasEndedEarly(view.snapshot.completedReason),
    earlyEndNote: earlyEndNote(
      {
        completedReason: view.snapshot.completedReason,
        questionsAnswered: answers.length,
        questionsNotAnswered: results.questionsNotAnswered,
      },
      locale,
    ),
    totalScore: results.totalScore,
    scaleScore: results.scaleScore,
    scaleScoreSE: results.scaleScoreSE,
    competencies: Object.entries(results.competenciesStatus),
    modules: Object.entries(results.moduleRecommendations),
    answers,
    gradingPending: results.gradingPending,
    /** Answers whose grader was unsure, waiting for the teacher (results stored before it counted none). */
    awaitingTeacher: results.awaitingTeacher ?? 0,
    /** In words (ADR 0032): what the session ran with, and why it is non-standard (empty: standard). */
    accommodations: describeAccommodations(view.accommodations),
    nonStandardReasons: results.nonStandardReasons,
  };
}
export type ResultsPageData = ReturnType<typeof resultsPageData>;
export type ResultsAnswer = ResultsPageData["answers"][number];
