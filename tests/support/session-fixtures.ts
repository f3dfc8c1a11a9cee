import type { SessionBlueprint, SessionQuestion } from "~/domain/sessions/blueprint";

/** Blueprints for driving the TestSession Durable Object directly, without a test in D1. */

export function choiceQuestion(id: string, overrides: Partial<SessionQuestion> = {}): SessionQuestion {
  return {
    id,
    text: `Question ${id}: 2 + 2 = ?`,
    type: "multiple_choice",
    difficulty: "medium",
    options: [
      { text: "4", isCorrect: true },
      { text: "5", isCorrect: false },
    ],
    competencyId: "c-add",
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

export function blueprintFixture(sessionId: string, overrides: Partial<SessionBlueprint> = {}): SessionBlueprint {
  return {
    sessionId,
    testId: "test-fixture",
    testTitle: "Fixture Test",
    testSubject: "Mathematics",
    studentId: "student-1",
    cohortId: null,
    mode: "placement",
    durationSeconds: 600,
    seed: 7,
    aiModel: "gpt-4o-mini-2024-07-18",
    questions: ["q1", "q2", "q3", "q4", "q5", "q6"].map((id) => choiceQuestion(id)),
    sectionOrder: [],
    competencies: [{ id: "c-add", name: "Adds whole numbers", moduleId: "m-number" }],
    modules: [{ id: "m-number", name: "Number" }],
    prerequisites: {},
    showResultDuringTest: true,
    showFeedbackDuringTest: true,
    ...overrides,
  };
}
