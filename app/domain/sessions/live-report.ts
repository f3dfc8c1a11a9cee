import { accommodationsInWords, withoutNotes } from "~/domain/accommodations/accommodations";
import { responseTimeEffort } from "~/domain/adaptive/effort";
import type { LiveReport } from "~/domain/classes/live-view";

import { attemptResults, type AttemptState, mostQuestions } from "./attempt";
import type { SessionBlueprint } from "./blueprint";
import { effortFacts } from "./effort-note";
import { isCompleted, isHeldByTeacher, isPaused, secondsRemaining } from "./session-state";

/**
 * What a session object tells its class's live object (ADR 0046) after a change or a request:
 * where the student is, their clock, their answers so far and the low-effort flag as it builds.
 * `seen`: the report comes from a request of the student's (not from the deadline's alarm).
 */
export function liveReport(state: AttemptState, blueprint: SessionBlueprint, now: number, seen: boolean): LiveReport {
  const { session } = state;
  const finished = isCompleted(session);
  const phase = finished ? "finished" : isHeldByTeacher(session) ? "paused_by_teacher" : isPaused(session) ? "on_break" : "answering";
  const answered = session.answeredQuestionIds.map((id) => state.answers[id]).filter((answer) => answer !== undefined);
  return {
    sessionId: blueprint.sessionId,
    studentId: blueprint.studentId,
    startedAt: session.startedAt,
    reportedAt: now,
    lastSeenAt: seen ? now : null,
    phase,
    questionNumber: phase === "answering" && state.current ? session.answeredQuestionIds.length + 1 : null,
    questionsMax: mostQuestions(state, blueprint),
    questionsAnswered: session.answeredQuestionIds.length,
    timeRemaining: secondsRemaining(session, now),
    accommodations: accommodationsInWords(withoutNotes(blueprint.accommodations ?? null)),
    lowEffort: effortFacts(responseTimeEffort(answered.map((answer) => answer.rapidGuess === true))).lowEffort,
    score: finished ? attemptResults(state, blueprint).totalScore : null,
  };
}
