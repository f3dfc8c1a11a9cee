import { describe, expect, it } from "vitest";

import { GRADE_CORRECT_THRESHOLD, gradingResultSchema } from "../schemas";
import { gradeOffline, gradeOfflineWithMatch, type OfflineGradingInput } from "./index";

const evaporation: Omit<OfflineGradingInput, "answer"> = {
  questionText:
    "<p>A dish of <strong>salt water</strong> sat on a sunny windowsill for a week. What happened to the water, and why was salt left in the dish?</p>",
  questionType: "free_response",
  rubric: "",
  referenceAnswer: "The water evaporated because the sun heated it, and the salt stayed behind because salt does not evaporate.",
};
const grade = (answer: string, input = evaporation) => gradeOffline({ ...input, answer });

describe("gradeOffline", () => {
  it("passes a correct answer in the student's own words", () => {
    expect(grade("Heat from the sun made the water evaporate, but salt doesn't evaporate so it stayed behind.").score).toBeGreaterThanOrEqual(
      GRADE_CORRECT_THRESHOLD,
    );
  });

  it("fails an answer that only restates the question", () => {
    expect(grade("The salt water was on a sunny windowsill for a week and salt was left in the dish.").score).toBeLessThan(GRADE_CORRECT_THRESHOLD);
  });

  it("fails an answer that negates the key idea", () => {
    expect(grade("The water did not evaporate.").score).toBeLessThan(GRADE_CORRECT_THRESHOLD);
  });

  it("gives empty, gibberish and off-topic answers a low score", () => {
    expect(grade("").score).toBe(0);
    expect(grade("   ?!  ").score).toBe(0);
    expect(grade("qwzx blorp fnarg").score).toBeLessThanOrEqual(10);
    expect(grade("I don't know").score).toBeLessThanOrEqual(10);
  });

  it("reads a rubric given as a JSON object and reports its key points", () => {
    const photosynthesis: OfflineGradingInput = {
      questionText: "What does a plant take in for photosynthesis, and what does it make?",
      questionType: "scenario",
      rubric: { keyPoints: ["Takes in light, water and carbon dioxide", "Makes glucose and gives off oxygen"], maxMarks: 2 },
      answer: "Using light from the sun it turns carbon dioxide and water into glucose, and it gives off oxygen.",
    };
    const result = gradeOffline(photosynthesis);
    expect(result.score).toBeGreaterThanOrEqual(GRADE_CORRECT_THRESHOLD);
    expect(result.keyPoints).toEqual(["Takes in light, water and carbon dioxide", "Makes glucose and gives off oxygen"]);
    expect(result.strengths.length).toBeGreaterThan(0);
    expect(gradeOffline({ ...photosynthesis, answer: "It takes in soil." }).score).toBeLessThan(GRADE_CORRECT_THRESHOLD);
  });

  it("says it is an automatic check and fits the shared grading schema", () => {
    const result = grade("The water evaporated in the sun and the salt stayed.");
    expect(result.feedback).toMatch(/^Automatic check \(no AI model configured\)/);
    expect(gradingResultSchema.parse(result)).toEqual(result);
  });

  it("declines to score when there is nothing to compare with", () => {
    const result = gradeOffline({ questionText: "Explain fractions.", questionType: "chat", rubric: {}, answer: "A fraction is part of a whole." });
    expect(result.score).toBe(0);
    expect(result.feedback).toMatch(/^Automatic check .*no rubric or reference answer/);
  });

  it("is deterministic", () => {
    const answer = "The sun evaporated the water; the salt remained.";
    expect(grade(answer)).toEqual(grade(answer));
  });

  it("accepts each alternative a reference or rubric writes in prose as an answer on its own", () => {
    const deleterious: Omit<OfflineGradingInput, "answer"> = {
      questionText: "What is the meaning of deleterious, as it is used in the passage?",
      questionType: "free_response",
      rubric: "Correct answers will recognize that deleterious is an adjective that means harmful, detrimental, or negative.",
      referenceAnswer: "Synonyms of deleterious, e.g., harmful, damaging, detrimental, bad, negative, … etc.",
    };
    expect(grade("harmful", deleterious).score).toBeGreaterThanOrEqual(GRADE_CORRECT_THRESHOLD);
    expect(grade("damaging", deleterious).score).toBeGreaterThanOrEqual(GRADE_CORRECT_THRESHOLD);
    expect(grade("helpful", deleterious).score).toBeLessThan(GRADE_CORRECT_THRESHOLD);
  });

  it("passes an answer giving as many distinct acceptable items as the rubric counts, and not one giving fewer", () => {
    const villains: Omit<OfflineGradingInput, "answer"> = {
      questionText: "Which words in the passage describe the villains?",
      questionType: "free_response",
      rubric: "Correct answers will list three of the words.",
      referenceAnswer: "There is a finite set of correct answers here: supervillains, notorious, sinister, brainwashing, villainous.",
    };
    expect(grade("notorious, sinister, brainwashing", villains).score).toBeGreaterThanOrEqual(GRADE_CORRECT_THRESHOLD);
    expect(grade("notorious, sinister", villains).score).toBeLessThan(GRADE_CORRECT_THRESHOLD);
    expect(grade("notorious", villains).score).toBeLessThan(GRADE_CORRECT_THRESHOLD);
  });
});

describe("gradeOfflineWithMatch", () => {
  const question = { questionText: "Which words in the passage describe the villains?", questionType: "free_response" as const };

  it("names the acceptable answer an answer matched, and grades exactly as gradeOffline", () => {
    const input = {
      questionText: "Name one person in line to become President if the President can no longer serve.",
      questionType: "free_response" as const,
      rubric: "Acceptable answers:\n- the Vice President\n- the Speaker of the House\n- the President pro tempore of the Senate",
      answer: "the Speaker of the House",
    };
    const graded = gradeOfflineWithMatch(input);
    expect(graded.score).toBeGreaterThanOrEqual(GRADE_CORRECT_THRESHOLD);
    expect(graded.matched).toEqual({ kind: "acceptable", text: "the Speaker of the House" });
    const { matched: _matched, ...grade } = graded;
    expect(grade).toEqual(gradeOffline(input));
    expect(gradeOffline(input)).not.toHaveProperty("matched");
  });

  it("names the counted items an answer gave, a criterion, and nothing when no term is shared", () => {
    const villains = {
      ...question,
      rubric: "There is a finite set of correct answers here: supervillains, notorious, sinister, brainwashing.\nCorrect answers will list three of the words.",
    };
    expect(gradeOfflineWithMatch({ ...villains, answer: "notorious, sinister, brainwashing" }).matched).toEqual({
      kind: "counted",
      text: "notorious, sinister, brainwashing",
    });
    const evaporation = { ...question, questionText: "Why did the puddle disappear?", rubric: "Correct answers will recognize that the water evaporated." };
    expect(gradeOfflineWithMatch({ ...evaporation, answer: "The sun made the water evaporate." }).matched).toEqual({
      kind: "criterion",
      text: "the water evaporated.",
    });
    expect(gradeOfflineWithMatch({ ...evaporation, answer: "Because of a cat." }).matched).toBeNull();
  });
});
