import { describe, expect, it } from "vitest";

import { LABEL_PRIORS, probabilityCorrect } from "~/domain/adaptive/item-model";
import { mulberry32 } from "~/domain/adaptive/random";
import { gradeOffline } from "~/domain/ai/offline-grader";
import { isMultipleChoiceCorrect, isMultipleSelectCorrect } from "~/domain/questions/answer-check";
import { WEAK_ANSWER } from "~/domain/questions/types/open-answers";
import { DEMO_QUESTIONS } from "~/models/seed-questions";

import { normalQuantile, simulatedAbilities, simulatedAnswer, simulatedClass, type SimulatedQuestion } from "./simulated-student";

const option = (text: string, isCorrect: boolean) => ({ text, isCorrect });
const choice: SimulatedQuestion = {
  type: "multiple_choice",
  options: [option("7", false), option("70", false), option("700", true), option("7,000", false)],
  params: LABEL_PRIORS.medium,
  rubric: null,
};
const select: SimulatedQuestion = {
  type: "multiple_select",
  options: [option("1,532", true), option("5,320", false), option("2,583", true), option("8,005", false)],
  params: LABEL_PRIORS.hard,
  rubric: null,
};
/** A random source that always answers `value`: 0 means "knew it", just under 1 "did not". */
const always = (value: number) => () => value;

describe("normalQuantile", () => {
  it("matches known quantiles of N(0, 1), in both tails too", () => {
    expect(normalQuantile(0.5)).toBeCloseTo(0, 9);
    expect(normalQuantile(0.975)).toBeCloseTo(1.959964, 5);
    expect(normalQuantile(0.025)).toBeCloseTo(-1.959964, 5);
    expect(normalQuantile(0.001)).toBeCloseTo(-3.090232, 5);
    expect(normalQuantile(0.8413447)).toBeCloseTo(1, 5);
  });

  it("refuses probabilities outside (0, 1)", () => {
    expect(() => normalQuantile(0)).toThrow(RangeError);
    expect(() => normalQuantile(1)).toThrow(RangeError);
  });
});

describe("simulatedAbilities", () => {
  it("spreads a class over N(0, 1): mean 0, spread near 1, every ability different", () => {
    const thetas = simulatedAbilities(32, 7);
    const mean = thetas.reduce((sum, theta) => sum + theta, 0) / thetas.length;
    const sd = Math.sqrt(thetas.reduce((sum, theta) => sum + (theta - mean) ** 2, 0) / thetas.length);
    expect(mean).toBeCloseTo(0, 2);
    expect(sd).toBeGreaterThan(0.85);
    expect(sd).toBeLessThan(1.05);
    expect(new Set(thetas).size).toBe(32);
    expect(Math.min(...thetas)).toBeCloseTo(-Math.max(...thetas), 3);
  });

  it("is deterministic per seed, and a different seed only reorders the class", () => {
    expect(simulatedAbilities(30, 1)).toEqual(simulatedAbilities(30, 1));
    expect(simulatedAbilities(30, 2)).not.toEqual(simulatedAbilities(30, 1));
    expect([...simulatedAbilities(30, 2)].sort()).toEqual([...simulatedAbilities(30, 1)].sort());
  });
});

describe("simulatedAnswer", () => {
  it("answers a choice question with the key when the student knows it, else with a wrong option", () => {
    const knew = simulatedAnswer(choice, 0, always(0));
    expect(knew).toMatchObject({ answer: "700", knewIt: true });
    const guessed = simulatedAnswer(choice, 0, always(0.999));
    expect(guessed.knewIt).toBe(false);
    expect(isMultipleChoiceCorrect(choice.options, guessed.answer as string)).toBe(false);
  });

  it("selects exactly the right options when known, and a set that is wrong otherwise", () => {
    expect(simulatedAnswer(select, 0, always(0)).answer).toEqual(["1,532", "2,583"]);
    const random = mulberry32(3);
    for (let draw = 0; draw < 50; draw++) {
      const result = simulatedAnswer(select, -3, random);
      expect(isMultipleSelectCorrect(select.options, result.answer as string[])).toBe(result.knewIt);
    }
  });

  it("is right with the 2PL probability of the student's θ and the item's parameters", () => {
    const random = mulberry32(11);
    for (const theta of [-1.5, 0, 1.5]) {
      const draws = Array.from({ length: 4000 }, () => simulatedAnswer(choice, theta, random).knewIt);
      const rate = draws.filter(Boolean).length / draws.length;
      expect(rate).toBeCloseTo(probabilityCorrect(theta, choice.params), 1);
    }
  });

  it("writes a good answer from the rubric, which the offline grader scores well, and a weak one it scores low", () => {
    const open = DEMO_QUESTIONS.filter((question) => question.type === "free_response" || question.type === "scenario");
    expect(open.length).toBeGreaterThan(3);
    for (const question of open) {
      const asked: SimulatedQuestion = { type: question.type, options: [], params: LABEL_PRIORS[question.difficulty], rubric: question.rubric };
      const good = simulatedAnswer(asked, 0, always(0));
      const weak = simulatedAnswer(asked, 0, always(0.999));
      expect(good.answer).toBe(question.rubric!.referenceAnswer);
      expect(weak.answer).toBe(WEAK_ANSWER);
      const grade = (answer: string) => gradeOffline({ questionText: question.text, questionType: "free_response", rubric: question.rubric, answer }).score;
      expect(grade(good.answer as string)).toBeGreaterThanOrEqual(70);
      expect(grade(weak.answer as string)).toBeLessThan(50);
    }
  });

  it("answers a chat question with the student's turn", () => {
    const chat: SimulatedQuestion = { type: "chat", options: [], params: LABEL_PRIORS.easy, rubric: { keyPoints: ["Equal parts", "Same size"] } };
    expect(simulatedAnswer(chat, 2, always(0)).answer).toEqual({ messages: [{ role: "user", content: "Equal parts. Same size" }] });
  });

  it("spends longer on open questions than on choice ones, and never a negative time", () => {
    const random = mulberry32(5);
    const average = (question: SimulatedQuestion) =>
      Array.from({ length: 200 }, () => simulatedAnswer(question, 0, random).timeSpentSeconds).reduce((sum, seconds) => sum + seconds, 0) / 200;
    const open: SimulatedQuestion = { ...choice, type: "free_response", options: [], rubric: "Equal parts" };
    expect(average(open)).toBeGreaterThan(2 * average(choice));
    expect(simulatedAnswer(choice, 5, always(0)).timeSpentSeconds).toBeGreaterThanOrEqual(0);
  });
});

describe("simulatedClass", () => {
  it("has distinct students, both modes, and the last ones left in progress", () => {
    const students = simulatedClass(32, 3);
    expect(new Set(students.map((student) => student.studentId)).size).toBe(32);
    expect(students.filter((student) => student.mode === "diagnostic")).toHaveLength(10);
    expect(students.filter((student) => !student.finishes).map((student) => student.answers)).toEqual([3, 3]);
    expect(students.filter((student) => student.finishes).every((student) => student.answers === Number.POSITIVE_INFINITY)).toBe(true);
    expect(students.map((student) => student.theta).sort()).toEqual([...simulatedAbilities(32, 3)].sort());
    expect(
      simulatedClass(40, 3, 0)
        .map((student) => student.studentId)
        .filter((id) => /\d$/.test(id)),
    ).toHaveLength(8);
  });
});
