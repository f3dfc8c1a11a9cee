import { describe, expect, it } from "vitest";

import { filterQuestions } from "./question-filter";

const bank = [
  { id: "a", text: "<p>Add <strong>fractions</strong></p>", type: "free_response", difficulty: "hard" },
  { id: "b", text: "Which is prime?", type: "multiple_choice", difficulty: "easy" },
];

describe("filterQuestions", () => {
  it("searches the text a teacher sees, not the markup", () => {
    expect(filterQuestions(bank, { search: "FRACTIONS", type: "all", difficulty: "all" }).map((q) => q.id)).toEqual(["a"]);
    expect(filterQuestions(bank, { search: "strong", type: "all", difficulty: "all" })).toEqual([]);
  });
  it("combines type and difficulty, with all meaning any", () => {
    expect(filterQuestions(bank, { search: "", type: "multiple_choice", difficulty: "all" }).map((q) => q.id)).toEqual(["b"]);
    expect(filterQuestions(bank, { search: "", type: "all", difficulty: "hard" }).map((q) => q.id)).toEqual(["a"]);
    expect(filterQuestions(bank, { search: "", type: "free_response", difficulty: "easy" })).toEqual([]);
  });
});
