import { describe, expect, it } from "vitest";

import { agreementKey, graderAgreement } from "./grading-agreement";
import {
  costLabel,
  gradeHeading,
  gradingReviewJson,
  gradingSummary,
  isStrongGrade,
  reviewReasonWords,
  type StoredGradingLog,
  type StoredOverride,
  wasScreened,
} from "./grading-review";

const log = (id: string, at: number, overrides: Partial<StoredGradingLog> = {}): StoredGradingLog => ({
  id,
  questionId: `q-${id}`,
  questionType: "free_response",
  questionText: "Why?",
  studentAnswer: "Because.",
  score: 60,
  feedback: "Fair.",
  keyPoints: null,
  strengths: ["Clear"],
  improvements: null,
  error: null,
  aiModel: "gpt-5-2025-08-07",
  gradedAt: new Date(at),
  promptSent: "prompt",
  rawResponse: "{}",
  rubric: "A rubric",
  promptTokens: 800,
  completionTokens: 400,
  reasoningTokens: 100,
  totalTokens: 1200,
  inputCost: 0.001,
  outputCost: 0.003,
  reasoningCost: 0.001,
  totalCost: 0.005,
  flaggedForReview: false,
  reviewReasons: null,
  confidence: 0.8,
  ...overrides,
});

const override = (questionId: string, score: number, previousScore: number, at: number): StoredOverride => ({
  questionId,
  score,
  previousScore,
  reason: `Now ${score}`,
  overriddenBy: "teacher-1",
  overriddenByName: "Ada Lovelace",
  createdAt: new Date(at),
});

describe("gradingReviewJson", () => {
  it("lists logs oldest first with the product's cost object, the overrides, and the grade in force", () => {
    const review = gradingReviewJson(
      [log("b", 2000), log("a", 1000, { flaggedForReview: true, reviewReasons: ["instruction override"] })],
      [override("q-a", 90, 60, 5000), override("q-a", 85, 90, 6000)],
    );
    expect(review.gradingLogs.map((entry) => entry.id)).toEqual(["a", "b"]);
    const [first, second] = review.gradingLogs;
    expect(first).toMatchObject({
      gradedAt: new Date(1000).toISOString(),
      cost: { inputCost: 0.001, outputCost: 0.003, reasoningCost: 0.001, totalCost: 0.005, inputTokens: 800, outputTokens: 300, reasoningTokens: 100 },
      flaggedForReview: true,
      reviewReasons: ["instruction override"],
      keyPoints: [],
      improvements: [],
      finalScore: 85,
    });
    expect(first!.overrides).toEqual([
      { score: 90, previousScore: 60, reason: "Now 90", overriddenBy: "teacher-1", overriddenByName: "Ada Lovelace", createdAt: new Date(5000).toISOString() },
      { score: 85, previousScore: 90, reason: "Now 85", overriddenBy: "teacher-1", overriddenByName: "Ada Lovelace", createdAt: new Date(6000).toISOString() },
    ]);
    expect(second).toMatchObject({ overrides: [], finalScore: 60 });
    expect(review.sessionCost).toEqual({ totalCost: 0.01, model: "gpt-5-2025-08-07" });
  });

  it("carries each log's confidence and its grader's agreement on its question, none yet when nobody reviewed it", () => {
    const figures = graderAgreement("offline", [{ graderCorrect: true, teacherCorrect: false, answers: 10 }]);
    const review = gradingReviewJson(
      [log("a", 1, { aiModel: "offline", confidence: 0.42 }), log("b", 2, { confidence: null }), log("c", 3, { questionId: null })],
      [],
      new Map([[agreementKey("q-a", "offline"), figures]]),
    );
    expect(review.gradingLogs.map((entry) => [entry.confidence, entry.agreement])).toEqual([
      [0.42, { grader: "offline", reviewed: 10, agreed: 0, kappa: 0, lowAgreement: true }],
      [null, { grader: "gpt-5-2025-08-07", reviewed: 0, agreed: 0, kappa: null, lowAgreement: false }],
      [0.8, null],
    ]);
  });

  it("is empty for a session with no logs", () => {
    const review = gradingReviewJson([], []);
    expect(review).toEqual({ gradingLogs: [], sessionCost: { totalCost: 0, model: null } });
    expect(gradingSummary(review)).toEqual({ count: 0, averageScore: null, totalTokens: 0, totalCost: 0, unpricedCount: 0, errorCount: 0 });
  });
});

describe("gradingSummary", () => {
  it("averages the grades in force, leaves errors out of the average, and counts them", () => {
    const review = gradingReviewJson(
      [log("a", 1), log("b", 2, { score: 75 }), log("c", 3, { score: null, error: "The model did not answer", totalTokens: 0, totalCost: 0 })],
      [override("q-a", 100, 60, 10)],
    );
    expect(gradingSummary(review)).toEqual({ count: 3, averageScore: 87.5, totalTokens: 2400, totalCost: 0.01, unpricedCount: 0, errorCount: 1 });
  });

  it("counts calls whose model has no published rate, and shows their cost as not priced rather than free", () => {
    const review = gradingReviewJson([log("a", 1), log("b", 2, { aiModel: "@cf/acme/unknown-model", totalCost: 0 })], []);
    expect(gradingSummary(review)).toMatchObject({ count: 2, unpricedCount: 1 });
    expect(costLabel("@cf/acme/unknown-model", 0)).toBe("Not priced");
    expect(costLabel("offline", 0)).toBe("$0.00");
  });

  it("marks 80 or more as strong", () => {
    expect(isStrongGrade(80)).toBe(true);
    expect(isStrongGrade(79.9)).toBe(false);
  });

  it("says the review reasons in words, a low confidence with its percent", () => {
    expect(reviewReasonWords("score_demand")).toBe("Demanded a score");
    expect(reviewReasonWords("something_new")).toBe("something_new");
    expect(reviewReasonWords("low_confidence", 0.42)).toBe("The grader was unsure (confidence 42%)");
    expect(reviewReasonWords("low_confidence")).toBe("The grader was unsure");
  });

  it("tells a screened answer from one flagged only for a low confidence", () => {
    expect(wasScreened(true, ["low_confidence"])).toBe(false);
    expect(wasScreened(true, ["score_demand", "low_confidence"])).toBe(true);
    expect(wasScreened(true, [])).toBe(true);
    expect(wasScreened(false, [])).toBe(false);
  });
});

describe("gradeHeading", () => {
  it("calls an unsure grader's grade provisional until a teacher grades it, and a teacher's grade final", () => {
    expect(gradeHeading({ confirmed: false, overridden: false, reviewReasons: ["low_confidence"] })).toBe("Provisional grade (awaiting your review)");
    expect(gradeHeading({ confirmed: false, overridden: true, reviewReasons: ["low_confidence"] })).toBe("Final grade (set by a teacher)");
    expect(gradeHeading({ confirmed: true, overridden: true, reviewReasons: ["low_confidence"] })).toBe("Final grade (confirmed by a teacher)");
    expect(gradeHeading({ confirmed: false, overridden: false, reviewReasons: ["demanded_score"] })).toBe("Final grade");
  });
});
