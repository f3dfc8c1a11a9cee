import { describe, expect, it } from "vitest";

import { goodOpenAnswer, WEAK_ANSWER } from "./open-answers";

describe("goodOpenAnswer", () => {
  it("uses a text rubric as it is, key points when there is no reference answer, and a weak answer with nothing to go on", () => {
    expect(goodOpenAnswer("Both sides must stay equal.")).toBe("Both sides must stay equal.");
    expect(goodOpenAnswer({ criteria: "Names the variable" })).toBe("Names the variable");
    expect(goodOpenAnswer(null)).toBe(WEAK_ANSWER);
  });
});
