import { describe, expect, it } from "vitest";

import { withoutRubricQuotes, wordRuns } from "./rubric-quotes";
import type { GradingResult } from "./schemas";

const rubric = "Correct answers will recognize that the sun heats the water so it evaporates into water vapor.";
const grade = (score: number, feedback: string, improvements: string[] = []): GradingResult => ({
  score,
  feedback,
  strengths: [],
  improvements,
  keyPoints: ["The sun heats the water so it evaporates into water vapor."],
  confidence: 0.8,
});

describe("withoutRubricQuotes", () => {
  it("withholds five words in a row of the rubric from a wrong answer's feedback and improvements", () => {
    const result = withoutRubricQuotes(
      grade(30, "Not yet. The Sun heats the water so it evaporates, which you did not say.", ["Say that the sun heats the water."]),
      rubric,
    );
    expect(result.feedback).toBe("Not yet. […], which you did not say.");
    expect(result.improvements).toEqual(["Say […]."]);
    for (const text of [result.feedback, ...result.improvements]) for (const run of wordRuns(rubric)) expect(text.toLowerCase()).not.toContain(run);
  });

  it("keeps shorter echoes, a right answer's feedback, and the teacher-facing key points", () => {
    expect(withoutRubricQuotes(grade(30, "Explain why the water evaporates."), rubric).feedback).toBe("Explain why the water evaporates.");
    const right = grade(90, "Yes: the sun heats the water so it evaporates into water vapor.");
    expect(withoutRubricQuotes(right, rubric)).toEqual(right);
    expect(withoutRubricQuotes(grade(30, "No."), rubric).keyPoints).toEqual(["The sun heats the water so it evaporates into water vapor."]);
  });
});
