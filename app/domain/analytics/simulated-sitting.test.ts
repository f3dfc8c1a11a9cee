import { describe, expect, it } from "vitest";

import { NO_ACCOMMODATIONS } from "~/domain/accommodations/accommodations";
import { reducedOptions } from "~/domain/accommodations/non-standard";
import type { SessionBlueprint, SessionQuestion } from "~/domain/sessions/blueprint";
import { selfCheckBlueprint, twoPlusTwoQuestion } from "~/domain/sessions/self-check";

import { DEMO_TUTOR_REPLY, nearestSitting, simulateSitting } from "./simulated-sitting";

const choice = (id: string, b: number): SessionQuestion =>
  twoPlusTwoQuestion(id, {
    competencyId: "c1",
    params: { a: 1, b },
    options: ["4", "5", "6", "7"].map((text) => ({ text, isCorrect: text === "4" })),
    timeLimitSeconds: 60,
  });
const chat: SessionQuestion = {
  ...choice("chat", 0),
  type: "chat",
  options: [],
  rubric: { referenceAnswer: "Four, because two and two make four." },
  initialPrompt: "What is 2 + 2?",
};
const blueprint = (overrides: Partial<SessionBlueprint> = {}): SessionBlueprint =>
  selfCheckBlueprint("s1", {
    testId: "t1",
    testTitle: "Sums",
    studentId: "ana",
    durationSeconds: 900,
    seed: 11,
    aiModel: "gpt-4o-mini-2024-07-18",
    questions: [...Array.from({ length: 12 }, (_, index) => choice(`q${index}`, index / 4 - 1.5)), chat],
    competencies: [{ id: "c1", name: "Adds", moduleId: "m1" }],
    modules: [{ id: "m1", name: "Number" }],
    ...overrides,
  });
const START = Date.UTC(2026, 10, 2, 13);

describe("simulateSitting", () => {
  it("takes a whole sitting from its start, answer by answer, and the same seeds give the same sitting", () => {
    const sitting = simulateSitting(blueprint(), { theta: 0.5, answerSeed: 7, startMs: START });
    const { session } = sitting.state;
    expect(session.startedAt).toBe(START);
    expect(session.completedAt).toBeGreaterThan(START);
    expect(session.completedAt! - START).toBeLessThanOrEqual(session.answeredQuestionIds.length * 40_000);
    expect(Object.values(sitting.state.answers).every((answer) => answer.answeredAt > START && !answer.late)).toBe(true);
    expect(sitting.effort).toBe(1);
    expect(sitting.rapidGuesses).toEqual([]);
    expect(simulateSitting(blueprint(), { theta: 0.5, answerSeed: 7, startMs: START + 86_400_000 }).scaleScore).toBe(sitting.scaleScore);
  });

  it("holds a chat as the object would, the tutor answering, and logs its offline grade", () => {
    const onlyChat = blueprint({ questions: [chat] });
    const sitting = simulateSitting(onlyChat, { theta: 3, answerSeed: 2, startMs: START });
    expect(sitting.chats.chat).toEqual([
      { role: "user", content: expect.any(String) },
      { role: "assistant", content: DEMO_TUTOR_REPLY },
    ]);
    expect(sitting.gradeLogs.map((entry) => entry.questionId)).toEqual(["chat"]);
  });

  it("marks rapid guesses, a few seconds each, in the effort", () => {
    const sitting = simulateSitting(blueprint(), { theta: 0.5, answerSeed: 7, startMs: START, rapidShare: 0.5 });
    expect(sitting.rapidGuesses.length).toBeGreaterThan(0);
    for (const id of sitting.rapidGuesses) expect(sitting.state.answers[id]!.timeSpentSeconds).toBeLessThanOrEqual(4);
    const answered = sitting.state.session.answeredQuestionIds.length;
    expect(sitting.effort).toBeCloseTo((answered - sitting.rapidGuesses.length) / answered, 2);
  });

  it("answers from the options shown under reduced choices", () => {
    const reduced = blueprint({ accommodations: { ...NO_ACCOMMODATIONS, reducedChoices: true } });
    const sitting = simulateSitting(reduced, { theta: -2, answerSeed: 5, startMs: START });
    const given = Object.values(sitting.state.answers).filter((answer) => answer.questionId !== "chat");
    expect(given.length).toBeGreaterThan(3);
    for (const answer of given) {
      const shown = reducedOptions(reduced.questions.find((question) => question.id === answer.questionId)!.options, reduced.seed, answer.questionId);
      expect(shown).toHaveLength(2);
      expect(shown.map((option) => option.text)).toContain(answer.answer);
    }
  });
});

describe("nearestSitting", () => {
  const scores = (...values: number[]) => {
    const tried: number[] = [];
    const sit = (attempt: number, nudge: number) => {
      tried.push(nudge);
      return { scaleScore: values[attempt]! };
    };
    return { sit, tried };
  };

  it("keeps the first sitting in range, aiming the next try at the miss", () => {
    const { sit, tried } = scores(190, 199, 200.5);
    expect(nearestSitting(sit, { aim: 200, min: 198, max: 202 }).scaleScore).toBe(199);
    expect(tried).toEqual([0, 1]);
  });

  it("keeps the nearest when none lands in range", () => {
    const { sit, tried } = scores(190, 206, 203, 192);
    expect(nearestSitting(sit, { aim: 200, min: 199, max: 201 }).scaleScore).toBe(203);
    expect(tried).toHaveLength(4);
  });
});
