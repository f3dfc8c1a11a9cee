import type { SessionBlueprint, SessionQuestion } from "~/domain/sessions/blueprint";
import { selfCheckBlueprint, twoPlusTwoQuestion } from "~/domain/sessions/self-check";

/** Blueprints for driving the TestSession Durable Object directly, without a test in D1. */

export function choiceQuestion(id: string, overrides: Partial<SessionQuestion> = {}): SessionQuestion {
  return twoPlusTwoQuestion(id, { text: `Question ${id}: 2 + 2 = ?`, competencyId: "c-add", ...overrides });
}

export function blueprintFixture(sessionId: string, overrides: Partial<SessionBlueprint> = {}): SessionBlueprint {
  return selfCheckBlueprint(sessionId, {
    testId: "test-fixture",
    testTitle: "Fixture Test",
    testSubject: "Mathematics",
    studentId: "student-1",
    durationSeconds: 600,
    seed: 7,
    aiModel: "gpt-4o-mini-2024-07-18",
    questions: ["q1", "q2", "q3", "q4", "q5", "q6"].map((id) => choiceQuestion(id)),
    competencies: [{ id: "c-add", name: "Adds whole numbers", moduleId: "m-number" }],
    modules: [{ id: "m-number", name: "Number" }],
    ...overrides,
  });
}
