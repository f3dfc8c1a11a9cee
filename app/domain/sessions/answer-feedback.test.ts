import { describe, expect, it } from "vitest";

import { answerFeedback } from "./answer-feedback";
import { startAttempt, submit } from "./attempt";
import { selfCheckBlueprint, twoPlusTwoQuestion } from "./self-check";
import { sessionView } from "./session-view";

const T0 = 1_000_000;

function answeredView(shows: { showResultDuringTest: boolean; showFeedbackDuringTest: boolean }) {
  const blueprint = selfCheckBlueprint("s1", {
    testId: "t1",
    testTitle: "Sums",
    studentId: "student",
    durationSeconds: 600,
    seed: 3,
    aiModel: "gpt-4o-mini-2024-07-18",
    questions: ["a", "b", "c"].map((id) => twoPlusTwoQuestion(id, { competencyId: "c1", params: { a: 1, b: 0 } })),
    competencies: [{ id: "c1", name: "Adds", moduleId: "m1" }],
    modules: [{ id: "m1", name: "Number" }],
    ...shows,
  });
  const state = startAttempt(blueprint, T0);
  const asked = state.current!.questionId;
  const first = submit(state, blueprint, { questionId: asked, answer: "5", timeSpentSeconds: 5 }, T0 + 5000, false);
  if (first.kind !== "recorded") throw new Error(first.kind);
  return { view: sessionView(first.state, blueprint, T0 + 5000), asked };
}

describe("answerFeedback", () => {
  it("gives the answered question's number and result, as the submit gives them to the page's JavaScript", () => {
    const { view, asked } = answeredView({ showResultDuringTest: true, showFeedbackDuringTest: false });
    expect(answerFeedback(view, asked)).toEqual({
      number: 1,
      feedback: { score: 0, wasCorrect: false, feedback: null, grading: "final", late: false, showResultDuringTest: true, showFeedbackDuringTest: false },
    });
  });

  it("shows nothing when the test shows no feedback during the test, or for a question not answered", () => {
    const quiet = answeredView({ showResultDuringTest: false, showFeedbackDuringTest: false });
    expect(answerFeedback(quiet.view, quiet.asked)).toBeNull();
    const shown = answeredView({ showResultDuringTest: true, showFeedbackDuringTest: true });
    expect(answerFeedback(shown.view, "not-answered")).toBeNull();
    expect(answerFeedback(shown.view, shown.view.currentQuestion!.id)).toBeNull();
  });
});
