import { describe, expect, it } from "vitest";

import { isOpenQuestionType, QUESTION_TYPES } from "./question-types";

describe("isOpenQuestionType", () => {
  it("counts free response, scenario and chat as open, and the two choice formats as not", () => {
    expect(QUESTION_TYPES.filter(isOpenQuestionType)).toEqual(["free_response", "scenario", "chat"]);
  });
});
