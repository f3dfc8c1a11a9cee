import type { SessionBlueprint, SessionQuestion } from "./blueprint";
import type { SelfCheckResult } from "./session-contract";

/**
 * The one session object the health check uses, every call (addressed by idFromName of this), so
 * checks create no objects. It cannot be a real session's id: those are UUIDs.
 */
export const HEALTH_PROBE_SESSION_ID = "health-check-probe";

/** The probe's answers: the right one first, then a retry with a different answer that must not replace it. */
export const SELF_CHECK_ANSWERS = { first: "4", retry: "5" } as const;

/**
 * A throwaway test of "2 + 2" questions that needs nothing from D1: the health check runs a
 * session object on it, and tests build their own blueprints from it.
 */
export function twoPlusTwoQuestion(id: string, overrides: Partial<SessionQuestion> = {}): SessionQuestion {
  return {
    id,
    text: "2 + 2 = ?",
    type: "multiple_choice",
    difficulty: "medium",
    options: [
      { text: "4", isCorrect: true },
      { text: "5", isCorrect: false },
    ],
    competencyId: null,
    sectionId: null,
    timeLimitSeconds: null,
    params: { a: 1, b: 0 },
    rubric: null,
    gradingSystemInstruction: null,
    systemInstruction: null,
    initialPrompt: null,
    scenarioTitle: null,
    ...overrides,
  };
}

/** Two questions: answering one leaves the session running, so a retried answer is a repeat. */
export function selfCheckBlueprint(sessionId: string, overrides: Partial<SessionBlueprint> = {}): SessionBlueprint {
  return {
    sessionId,
    testId: "self-check",
    testTitle: "Self-check",
    testSubject: null,
    studentId: "self-check",
    cohortId: null,
    mode: "placement",
    durationSeconds: 60,
    seed: 1,
    aiModel: "offline",
    questions: [twoPlusTwoQuestion("q1"), twoPlusTwoQuestion("q2")],
    sectionOrder: [],
    competencies: [],
    modules: [],
    prerequisites: {},
    showResultDuringTest: true,
    showFeedbackDuringTest: true,
    ...overrides,
  };
}

/** The check passes when the first (right) answer was recorded and its retry was answered with it, one answer stored. */
export function retryStoredOnce(result: SelfCheckResult): boolean {
  if (!result.ok) return false;
  const { first, retry } = result;
  return (
    first.ok &&
    first.outcome === "recorded" &&
    first.answer.wasCorrect === true &&
    retry.ok &&
    retry.outcome === "repeat" &&
    retry.answer.wasCorrect === true &&
    retry.view.snapshot.answeredQuestionIds.length === 1
  );
}
