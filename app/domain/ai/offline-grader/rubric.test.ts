import { describe, expect, it } from "vitest";

import { readRubric, rubricStrings } from "./rubric";

describe("rubricStrings", () => {
  it("collects every string value of a nested rubric, not its keys", () => {
    const rubric = { keyPoints: ["Equal parts"], levels: { full: "Names the denominator" } };
    expect(rubricStrings(rubric)).toEqual(["Equal parts", "Names the denominator"]);
  });

  it("reads a rubric stored as a JSON string, and keeps plain text as it is", () => {
    expect(rubricStrings('{"criteria": ["Adds the numerators"]}')).toEqual(["Adds the numerators"]);
    expect(rubricStrings("{not json")).toEqual(["{not json"]);
    expect(rubricStrings(null)).toEqual([]);
  });
});

describe("readRubric", () => {
  it("makes reference answers acceptable answers and explicit key points one criterion, all required", () => {
    const rubric = readRubric("", ["One half."], ["Half equals two quarters", "Names the whole"]);
    expect(rubric.acceptable).toEqual(["One half."]);
    expect(rubric.criteria).toEqual([["Half equals two quarters", "Names the whole"]]);
    expect(rubric.keyPoints).toEqual(["Half equals two quarters", "Names the whole"]);
  });

  it("reads a JSON rubric's reference answer, key points and wrong answers by their keys", () => {
    const rubric = readRubric({ referenceAnswer: "<p>Light</p>", keyPoints: ["Same size parts"], incorrect: ["Different sizes"], maxMarks: 2 });
    expect(rubric.acceptable).toEqual(["Light"]);
    expect(rubric.criteria).toEqual([["Same size parts"]]);
    expect(rubric.incorrect).toEqual([{ text: "Different sizes", bare: false }]);
    expect(rubric.keyPoints).toEqual(["Same size parts"]);
  });

  it("reads a text rubric's forms and shows its acceptable answers and criteria as key points", () => {
    const rubric = readRubric('Accept: shy, scared.\nCorrect answers will explain that the puppy hid.\nDo not accept "tired".');
    expect(rubric.acceptable).toEqual(["shy", "scared"]);
    expect(rubric.criteria).toEqual([["the puppy hid."]]);
    expect(rubric.mustNot).toEqual([{ text: "tired", bare: false }]);
    expect(rubric.keyPoints).toEqual(["shy", "scared", "the puppy hid."]);
  });

  it("has no right text for an empty rubric", () => {
    expect(readRubric({}).positiveTexts).toEqual([]);
  });
});
