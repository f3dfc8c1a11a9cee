import { attemptResults, type AttemptState } from "./attempt";
import type { SessionBlueprint } from "./blueprint";
import { hasAiFeedback, listedScores } from "./session-list";
import { toSnapshot } from "./session-state";

/**
 * The write-behind policy of a session's Durable Object (ADR 0010): when it writes D1, and what.
 * It is the only writer of a session's answers and results there.
 */

/**
 * Answers reach D1 a few seconds after they arrive, so a student's next answers join the same
 * batch: at 1 s, 200 students answering at once gave a submit throughput of 0.27 of an empty
 * Worker's under wrangler dev; at 5 s, 0.34 (`npm run load`). Lists and analytics lag by as much.
 */
export const FLUSH_DELAY_MS = 5_000;

/** After failed writes: 2, 4, 8 … seconds, at most a minute apart, for as long as it takes. */
export function nextFlushDelayMs(failures: number): number {
  return failures === 0 ? FLUSH_DELAY_MS : Math.min(60_000, 1000 * 2 ** failures);
}

/** The session record's results and the given answers, as D1 stores them. */
export function sessionBehind(state: AttemptState, blueprint: SessionBlueprint, questionIds: readonly string[], now: number) {
  const results = attemptResults(state, blueprint);
  const snapshot = toSnapshot(state.session, now);
  // The row was written in progress when the session began, and only completing changes these
  // columns: set while the session is in progress, they would rewrite the entries of the five
  // indexes over them at every answer for nothing (`npm run bench:storage`).
  const completion = snapshot.completed
    ? {
        endTime: state.session.completedAt === null ? null : new Date(state.session.completedAt),
        completed: true,
        completionReason: state.session.completedReason,
      }
    : {};
  return {
    sessionId: blueprint.sessionId,
    record: {
      ...completion,
      timeRemaining: snapshot.timeRemainingSeconds,
      totalScore: results.totalScore,
      scores: listedScores(results.scores),
      hasAiFeedback: hasAiFeedback(results.scores),
      competenciesStatus: results.competenciesStatus,
      moduleRecommendations: results.moduleRecommendations,
      // θ is the source every reader derives the scale from; the scale score stays beside it, readable in D1 itself.
      theta: state.engine.theta,
      thetaSe: state.engine.se,
      scaleScore: results.scaleScore,
      scaleScoreSe: results.scaleScoreSE,
      questionsAnswered: state.session.answeredQuestionIds.length,
      nonStandard: results.nonStandardReasons.length > 0,
      effort: results.effort,
    },
    answers: questionIds.flatMap((questionId) => {
      const answer = state.answers[questionId];
      const question = blueprint.questions.find((candidate) => candidate.id === questionId);
      if (!answer || !question) return [];
      return [
        {
          questionId,
          questionText: question.text,
          questionType: question.type,
          difficulty: question.difficulty,
          answer: answer.answer,
          pointsEarned: answer.pointsEarned,
          maxPoints: answer.maxPoints,
          wasCorrect: answer.wasCorrect,
          timeSpentSeconds: Math.round(answer.timeSpentSeconds),
          measuredSeconds: answer.measuredSeconds === undefined ? null : Math.round(answer.measuredSeconds),
          rapidGuess: answer.rapidGuess === true,
          gradingScore: answer.gradingScore,
          answeredAt: new Date(answer.answeredAt),
        },
      ];
    }),
  };
}
