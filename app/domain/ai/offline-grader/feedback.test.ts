import { describe, expect, it } from "vitest";

import { GRADE_CORRECT_THRESHOLD } from "../schemas";
import { gradeOffline } from "./index";

const puddle = {
  questionText: "On a sunny morning there is a puddle on the sidewalk. By the afternoon it is gone. Where did the water go, and why?",
  questionType: "free_response" as const,
  rubric:
    "Correct answers will recognize that the water evaporated into the air because the sun heated it.\nThe answer must not say that the water soaked into the ground.",
};
const grade = (answer: string) => gradeOffline({ ...puddle, answer });
const studentText = (result: ReturnType<typeof grade>) => [result.feedback, ...result.strengths, ...result.improvements].join("\n").toLowerCase();

describe("gradingFeedback", () => {
  it("says it is an automatic check, and for a wrong answer names the kind of thing missing", () => {
    const result = grade("it went away");
    expect(result.score).toBeLessThan(GRADE_CORRECT_THRESHOLD);
    expect(result.feedback).toMatch(/^Automatic check \(no AI model configured\)/);
    expect(result.improvements).toContain("Give the reason: explain why, not only what happens.");
  });

  it("never quotes the rubric to a student with a wrong answer, and no longer lists what is missing", () => {
    for (const answer of ["it soaked into the ground", "water evaporated sun heated air ground", "the water did not evaporate"]) {
      const text = studentText(grade(answer));
      expect(text).not.toContain("evaporated into the air");
      expect(text).not.toContain("missing:");
    }
  });

  it("says why a disqualified answer cannot pass", () => {
    expect(grade("it soaked into the ground").improvements[0]).toMatch(/common mistake/);
    expect(grade("water evaporated sun heated air").improvements[0]).toMatch(/sentence/);
  });

  it("keeps the rubric's key points for the teacher", () => {
    expect(grade("it went away").keyPoints).toEqual(["the water evaporated into the air because the sun heated it."]);
  });
});
