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

describe("readRubric: a rubric typed in one field reads as the same rubric given in parts", () => {
  // SAF (Filighera et al. 2022, MIT): a lecturer's reference answer of two paragraphs, each opening with a label of its own.
  const SAF_TRANSMISSION =
    "Asynchronous transmission: Every character a self-contained unit surrounded by a start bit and a stop bit, which is an easy and cheap pattern, but causes low transmission rates.\n\nSynchronous transmission: Several characters pooled to a continuous stream of data (frames), Frames defined by SYN or flag, higher complexity, but higher transmission rates. Requires synchronization between sender and receiver.";
  const QUESTION = "What is the difference between asynchronous and synchronous transmission mode in the Data Link Layer.";

  it("reads a labelled model answer, all its paragraphs, as a reference answer, and what follows it as the rubric again", () => {
    const typed = readRubric(`Model answer: ${SAF_TRANSMISSION}\n\nDo not accept: parallel transmission`, [], [], QUESTION);
    const apart = readRubric("Do not accept: parallel transmission", [SAF_TRANSMISSION], [], QUESTION);
    expect(typed).toEqual(apart);
    expect(typed.acceptable).toHaveLength(1);
    expect(typed.mustNot.map((item) => item.text)).toEqual(["parallel transmission"]);
  });

  it("reads a JSON rubric's reference answer exactly as one given apart, score levels included", () => {
    const levels = "Score 2\nThe response names the two modes' framing.\nScore 1\nThe response names one mode.";
    expect(readRubric({ referenceAnswer: SAF_TRANSMISSION, rubric: levels }, [], [], QUESTION)).toEqual(readRubric(levels, [SAF_TRANSMISSION], [], QUESTION));
  });

  it("counts the items of a list typed under 'Any two of the following:', not one criterion requiring them all", () => {
    const rubric = readRubric(
      "Any two of the following:\n- lower attenuation\n- higher bandwidth\n- immune to electromagnetic interference",
      [],
      [],
      "Name two advantages of fiber optic cable.",
    );
    expect(rubric.counted).toEqual({ count: 2, items: ["lower attenuation", "higher bandwidth", "immune to electromagnetic interference"] });
    expect(rubric.criteria).toEqual([]);
  });

  it("counts a JSON rubric's bulleted reference answer, and drops the sentence that only asks for the count", () => {
    const rubric = readRubric({
      referenceAnswer: "● lower attenuation\n● higher bandwidth\n● immune to electromagnetic interference",
      rubric: "Any two of the listed advantages.",
    });
    expect(rubric.counted?.count).toBe(2);
    expect(rubric.criteria).toEqual([]);
  });

  it("does not keep a prose list of the counted words as a criterion of its own", () => {
    const rubric = readRubric(
      "Correct answers will list two of the words. There is a finite set of correct answers here: supervillains, notorious, sinister, brainwashing",
      [],
      [],
      "List two words from the passage that show the villain is evil.",
    );
    expect(rubric.counted).toEqual({ count: 2, items: ["supervillains", "notorious", "sinister", "brainwashing"] });
    expect(rubric.criteria).toEqual([]);
  });

  it("reads 'Accept any of:' and 'Any of the following:' without their lead-in as an answer", () => {
    expect(readRubric("Accept any of: shy / timid / scared").acceptable).toEqual(["shy", "timid", "scared"]);
    expect(readRubric("Any of the following: lowers cost; faster delivery").acceptable).toEqual(["lowers cost", "faster delivery"]);
  });
});
