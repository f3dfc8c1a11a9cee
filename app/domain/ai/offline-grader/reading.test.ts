import { describe, expect, it } from "vitest";

import { RUBRIC_EXAMPLE, rubricReading, UNMATCHABLE_RUBRIC_WARNING } from "./reading";

/**
 * Each form of rubric teachers write, with a real example of it, read as the grader reads it.
 * Sources: the issue's own examples (deleterious, supervillains); SAF, Short Answer Feedback
 * (Filighera et al., ACL 2022, MIT licence; ../shared/data/asag/saf-english.jsonl), quoted; ASAP
 * short-answer scoring (research use only), at most one short line of a form.
 */
const DELETERIOUS_QUESTION = "What is the meaning of deleterious, as it is used in the passage?";

describe("rubricReading", () => {
  it("reads 'e.g., a, b, c, etc.' as acceptable answers, each right on its own", () => {
    const reading = rubricReading("Synonyms of deleterious, e.g., harmful, damaging, detrimental, bad, negative, … etc.", DELETERIOUS_QUESTION);
    expect(reading.acceptable).toEqual(["harmful", "damaging", "detrimental", "bad", "negative"]);
    expect(reading).toMatchObject({ counted: null, matchable: true, warning: null });
  });

  it("reads 'means a, b, or c' in a criterion as acceptable answers", () => {
    const reading = rubricReading(
      "Correct answers will recognize that deleterious is an adjective that means harmful, detrimental, or negative.",
      DELETERIOUS_QUESTION,
    );
    expect(reading.acceptable).toEqual(["harmful", "detrimental", "negative"]);
  });

  it("reads 'such as' with quoted examples, and 'any of' with a '/' list", () => {
    expect(rubricReading('Words such as "huge", "enormous" or "giant" show the size.').acceptable).toEqual(["huge", "enormous", "giant"]);
    expect(rubricReading("Any of: shy / timid / scared").acceptable).toEqual(["shy", "timid", "scared"]);
    expect(rubricReading("Accept: he charges $45 per hour / each hour adds $45").acceptable).toEqual(["he charges $45 per hour", "each hour adds $45"]);
  });

  it("reads an 'or' list and quoted examples after a heading", () => {
    expect(rubricReading("Acceptable answers (any one): harmful, damaging, or bad.").acceptable).toEqual(["harmful", "damaging", "bad"]);
    expect(rubricReading('Accept "evaporation" or "it evaporated".').acceptable).toEqual(["evaporation", "it evaporated"]);
  });

  it("reads one acceptable answer a line under an 'acceptable answers' heading, and a line each under a heading offering 'one of the following'", () => {
    expect(rubricReading("Acceptable answers:\n- the President\n- the Vice President\n- the Speaker of the House").acceptable).toEqual([
      "the President",
      "the Vice President",
      "the Speaker of the House",
    ]);
    // SAF 6.2_IPP: each numbered advantage is right on its own.
    const advantages = rubricReading(
      "Main advantage: One of the following advantages are considered fully correct:\n1. It allows the appending of new options without changing the header.\n2. IPv6 packets with optional headers are typically processed faster/simpler by intermediate devices.",
    ).criteria;
    expect(advantages).toContainEqual(["It allows the appending of new options without changing the header"]);
    expect(advantages).toContainEqual(["IPv6 packets with optional headers are typically processed faster/simpler by intermediate devices"]);
  });

  it("reads 'There is a finite set of correct answers here: …' with 'list three of' as a count of distinct items", () => {
    const reading = rubricReading(
      "There is a finite set of correct answers here: supervillains, notorious, sinister, brainwashing.\nCorrect answers will list three of the words.",
      "Which words in the passage describe the villains?",
    );
    expect(reading.counted).toEqual({ count: 3, items: ["supervillains", "notorious", "sinister", "brainwashing"] });
    // Counted items are not acceptable on their own: one of them is not three.
    expect(reading.acceptable).toEqual([]);
  });

  it("takes the count from the question: 'five monomials', 'any two of the following'", () => {
    expect(rubricReading("Any monomials, e.g., 3x, 4y, -2ab, 7, 5xy", "Write five monomials.").counted).toEqual({
      count: 5,
      items: ["3x", "4y", "-2ab", "7", "5xy"],
    });
    expect(rubricReading("e.g., lowers cost, saves time, less waste", "Give any two of the following benefits of recycling.").counted).toEqual({
      count: 2,
      items: ["lowers cost", "saves time", "less waste"],
    });
  });

  it("reads a score-point rubric as full credit's description alone", () => {
    const reading = rubricReading(
      "3 points: The response names the stages evaporation, condensation and precipitation.\n2 points: The response names two stages.\n1 point: The response names one stage.\n0 points: Other.",
      "Describe the water cycle.",
    );
    expect(reading.scorePoints).toBe(true);
    expect(reading.criteria).toEqual([["the stages evaporation, condensation and precipitation."]]);
    expect(reading.matchable).toBe(true);
  });

  it("reads what must not appear and incorrect examples as exclusions, noting those wrong only on their own", () => {
    const reading = rubricReading(
      'Correct answers say the girl is shy.\nDo not accept: tired, relieved with no sign of joy, sad.\nIncorrect examples: "small", "weak"',
    );
    expect(reading.criteria).toEqual([["the girl is shy."]]);
    expect(reading.exclusions).toEqual([
      { kind: "mustNot", text: "tired", onlyAlone: false },
      { kind: "mustNot", text: "relieved sign of joy", onlyAlone: true },
      { kind: "mustNot", text: "sad", onlyAlone: false },
      { kind: "incorrect", text: "small", onlyAlone: false },
      { kind: "incorrect", text: "weak", onlyAlone: false },
    ]);
  });

  it("reads a JSON rubric's keys", () => {
    expect(rubricReading({ acceptable: ["harmful", "damaging"], must_not: ["helpful"] })).toMatchObject({
      acceptable: ["harmful", "damaging"],
      exclusions: [{ kind: "mustNot", text: "helpful", onlyAlone: false }],
    });
  });

  it("leaves prose that only gives an example inside a sentence as a criterion (SAF 4.1_LM)", () => {
    expect(rubricReading("Diameter decreases by a factor of 10, e.g 300m to 30m.")).toMatchObject({
      acceptable: [],
      criteria: [["Diameter decreases by a factor of 10, e.g 300m to 30m."]],
      matchable: true,
    });
  });

  it("warns, in plain words, when it reads only a generic description or nothing at all", () => {
    // ASAP's reading items: full credit is "The response fulfills all the requirements of the task."
    const generic = rubricReading(
      "2 points\nProficient: The response fulfills all the requirements of the task.\n1 point\nPartially Proficient: The response fulfills some of the requirements of the task.",
    );
    expect(generic).toMatchObject({ acceptable: [], criteria: [], scorePoints: true, matchable: false, warning: UNMATCHABLE_RUBRIC_WARNING });
    expect(rubricReading("")).toMatchObject({ acceptable: [], criteria: [], matchable: false, warning: UNMATCHABLE_RUBRIC_WARNING });
    expect(rubricReading(null).warning).toBe(UNMATCHABLE_RUBRIC_WARNING);
    expect(UNMATCHABLE_RUBRIC_WARNING).toMatch(
      /^The automatic grader cannot check this rubric on its own: answers will wait for your review unless an AI model is configured\. List acceptable answers, for example: /,
    );
  });

  it("suggests an example the grader itself reads as acceptable answers", () => {
    expect(rubricReading(RUBRIC_EXAMPLE)).toMatchObject({ acceptable: ["harmful", "damaging", "detrimental"], matchable: true, warning: null });
  });
});

describe("rubricReading of a JSON rubric", () => {
  it("says a score-point rubric inside a JSON rubric is read at full credit, beside its reference answer", () => {
    const reading = rubricReading({
      referenceAnswer: "Photosynthesis makes glucose from light.",
      rubric: "Score 2\nNames glucose and light.\nScore 1\nNames one.",
    });
    expect(reading.scorePoints).toBe(true);
    expect(reading.acceptable).toEqual(["Photosynthesis makes glucose from light."]);
    expect(reading.criteria).toEqual([["glucose and light."]]);
  });
});
