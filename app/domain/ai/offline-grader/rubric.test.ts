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

  it("makes prose alternatives acceptable answers, and with a count counts them together instead", () => {
    const synonyms = readRubric("", ["Synonyms of deleterious, e.g., harmful, damaging, detrimental, bad, negative, … etc."]);
    expect(synonyms.acceptable).toEqual(expect.arrayContaining(["harmful", "damaging", "detrimental", "bad", "negative"]));
    expect(synonyms.counted).toBeUndefined();
    const words = readRubric("Correct answers will list three of the words.", [
      "There is a finite set of correct answers here: notorious, sinister, brainwashing, villainous.",
    ]);
    expect(words.counted).toEqual({ count: 3, items: ["notorious", "sinister", "brainwashing", "villainous"] });
    expect(words.acceptable).not.toContain("notorious");
  });

  it("counts the lines of a listed reference answer when the question asks for a number of them", () => {
    // SAF 6.1_IPP: "Please state at least 4 objectives."
    const objectives = readRubric(
      "",
      ["To support billions of end-systems.\nTo reduce routing tables.\nTo increase security.\nTo provide multicasting.\nTo support mobility (roaming)."],
      [],
      "What are the objectives of IPv6? Please state at least 4 objectives.",
    );
    expect(objectives.counted?.count).toBe(4);
    expect(objectives.counted?.items).toHaveLength(5);
  });

  it("does not count a list left open", () => {
    // ASAP 1: "Possible Correct Responses: … - Other acceptable responses."
    const open = readRubric(
      "",
      [
        "Needed Information:\n- You need to know how much vinegar was used.\n- You need to know what type of vinegar was used.\n- You need to know what materials to test.\n- Other acceptable responses.",
      ],
      [],
      "Make sure to include at least three pieces of information.",
    );
    expect(open.counted).toBeUndefined();
  });
});
