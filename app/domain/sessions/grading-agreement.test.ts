import { describe, expect, it } from "vitest";

import {
  agreementKey,
  agreementSentence,
  graderAgreement,
  graderAgreements,
  isCorrectScore,
  MIN_REVIEWS_FOR_AGREEMENT,
  noReviews,
  type VerdictCell,
} from "./grading-agreement";

/** A 2×2 table as cells: [grader correct & teacher correct, grader correct & teacher not, grader not & teacher correct, neither]. */
const table = (both: number, graderOnly: number, teacherOnly: number, neither: number) => [
  { graderCorrect: true, teacherCorrect: true, answers: both },
  { graderCorrect: true, teacherCorrect: false, answers: graderOnly },
  { graderCorrect: false, teacherCorrect: true, answers: teacherOnly },
  { graderCorrect: false, teacherCorrect: false, answers: neither },
];

describe("graderAgreement", () => {
  it("matches a hand-worked table at the thresholds, and is low one disagreement later", () => {
    // 4 + 3 agree of 10 (0.7); the grader says correct 6 times in 10, teachers 5: chance
    // 0.6 × 0.5 + 0.4 × 0.5 = 0.5, so kappa = (0.7 − 0.5) / (1 − 0.5) = 0.4. Neither is below its line.
    expect(graderAgreement("offline", table(4, 2, 1, 3))).toEqual({ grader: "offline", reviewed: 10, agreed: 7, kappa: 0.4, lowAgreement: false });
    // 4 + 2 agree of 10 (0.6); grader 6 in 10, teachers 6 in 10: chance 0.36 + 0.16 = 0.52,
    // kappa = (0.6 − 0.52) / 0.48 = 1/6.
    expect(graderAgreement("offline", table(4, 2, 2, 2))).toEqual({ grader: "offline", reviewed: 10, agreed: 6, kappa: 0.167, lowAgreement: true });
  });

  it("is low on kappa alone when the share looks fine", () => {
    // 16 + 0 agree of 20 (0.8), but the grader never says incorrect when teachers do:
    // grader 18/20 correct, teachers 18/20: chance 0.81 + 0.01 = 0.82, kappa = (0.8 − 0.82) / 0.18 < 0.
    const figures = graderAgreement("gpt-5-mini", table(16, 2, 2, 0));
    expect(figures.agreed).toBe(16);
    expect(figures.kappa).toBe(-0.111);
    expect(figures.lowAgreement).toBe(true);
  });

  it("gives no kappa and never flags below the minimum number of reviews", () => {
    expect(graderAgreement("offline", table(0, 5, 4, 0))).toEqual({ grader: "offline", reviewed: 9, agreed: 0, kappa: null, lowAgreement: false });
    expect(MIN_REVIEWS_FOR_AGREEMENT).toBe(10);
  });

  it("judges by the share alone when one side gave the same verdict on every answer", () => {
    // Teachers confirmed 9 of the grader's 10 "correct" grades: kappa is 0 by construction, yet 9 in 10 agree.
    expect(graderAgreement("offline", table(9, 1, 0, 0))).toEqual({ grader: "offline", reviewed: 10, agreed: 9, kappa: 0, lowAgreement: false });
    // Every grade confirmed: kappa 1 (chance explains nothing more than it all).
    expect(graderAgreement("offline", table(10, 0, 0, 0)).kappa).toBe(1);
    // Half of a constant grader's grades overturned is low on the share.
    expect(graderAgreement("offline", table(5, 5, 0, 0)).lowAgreement).toBe(true);
  });
});

describe("graderAgreements", () => {
  it("keeps questions and graders apart", () => {
    const cells: VerdictCell[] = [
      ...table(4, 2, 1, 3).map((cell) => ({ ...cell, questionId: "q1", grader: "offline" })),
      { questionId: "q1", grader: "gpt-5-mini", graderCorrect: true, teacherCorrect: true, answers: 2 },
      { questionId: "q2", grader: "offline", graderCorrect: false, teacherCorrect: true, answers: 1 },
    ];
    const figures = graderAgreements(cells);
    expect(figures.size).toBe(3);
    expect(figures.get(agreementKey("q1", "offline"))).toMatchObject({ reviewed: 10, agreed: 7, kappa: 0.4 });
    expect(figures.get(agreementKey("q1", "gpt-5-mini"))).toMatchObject({ grader: "gpt-5-mini", reviewed: 2, agreed: 2, kappa: null });
    expect(figures.get(agreementKey("q2", "offline"))).toMatchObject({ reviewed: 1, agreed: 0 });
  });
});

describe("agreementSentence", () => {
  it("says the figures, or how many reviews are still needed", () => {
    expect(agreementSentence(graderAgreement("offline", table(4, 2, 1, 3)))).toBe(
      "Teachers agreed with the offline grader on 7 of 10 reviewed answers to this question (κ 0.40).",
    );
    expect(agreementSentence({ grader: "gpt-5-mini", reviewed: 1, agreed: 1, kappa: null, lowAgreement: false })).toBe(
      "Teachers agreed with gpt-5-mini on 1 of 1 reviewed answer to this question; κ needs 9 more reviews.",
    );
    expect(agreementSentence({ grader: "offline", reviewed: 9, agreed: 5, kappa: null, lowAgreement: false })).toBe(
      "Teachers agreed with the offline grader on 5 of 9 reviewed answers to this question; κ needs 1 more review.",
    );
    expect(agreementSentence(noReviews("offline"))).toBe(
      "No teacher has reviewed the offline grader's grades for this question yet: agreement needs 10 more reviews.",
    );
  });
});

describe("isCorrectScore", () => {
  it("puts 70 on the correct side", () => {
    expect([69.9, 70, 100].map(isCorrectScore)).toEqual([false, true, true]);
  });
});
