import { describe, expect, it } from "vitest";

import { gradeConfidence } from "./confidence";
import { gradeOffline } from "./index";
import { readRubric } from "./rubric";
import { topScoreLevel } from "./score-points";

// Short snippets of the rubrics of state-test items (ASAP short-answer scoring set).
const ACID_RAIN = [
  "Rubric for Acid Rain",
  "3-Point Rubric:",
  "Score 3",
  "The response describes three additional pieces of information that would be needed to accurately replicate the experiment.",
  "Score 2",
  "The response describes two additional pieces of information that would be needed to accurately replicate the experiment.",
  "Score 0",
  "The response describes little or no accurate or relevant information from the acid rain investigation.",
].join("\n");
const PROTEIN =
  "Rubric for Protein Synthesis\nRubric:\n3 points\nFour key elements\n2 points\nThree key elements\n1 point\nOne or two key elements\n0 points\nOther";
const PROFICIENT = [
  "Rubric for Mr. Leonard",
  "2 points",
  "Proficient: The response fulfills all the requirements of the task. The information given is text-based and relevant to the task.",
  "1 point",
  "Partially Proficient: The response fulfills some of the requirements of the task, but some of the information may be too general, too simplistic, or not supported by the text.",
].join("\n");
const KOALA = [
  "Readers independently and holistically score each student's open-ended responses, using a three-point scale.",
  "Developing an Interpretation",
  "Score Point 2",
  "The response demonstrates: an exploration or development of the ideas presented in the text",
  "Score Point 1",
  "The response demonstrates: some exploration or development of ideas presented in the text",
].join("\n");

describe("topScoreLevel", () => {
  it("keeps full credit's description under 'Score 3', without the title and the lower levels", () => {
    expect(topScoreLevel(ACID_RAIN)).toEqual({
      text: "The response describes three additional pieces of information that would be needed to accurately replicate the experiment.",
      generic: false,
    });
  });

  it("reads '3 points' headings, and 'Four key elements' as a count of elements that is generic on its own", () => {
    expect(topScoreLevel(PROTEIN)).toEqual({ text: "Four key elements", generic: true, keyElements: 4 });
  });

  it("drops the level's label ('Proficient:') and finds 'fulfills all the requirements of the task' generic", () => {
    expect(topScoreLevel(PROFICIENT)).toMatchObject({ generic: true });
    expect(topScoreLevel(PROFICIENT)?.text).toMatch(/^The response fulfills all the requirements of the task\./);
  });

  it("drops the holistic preamble before 'Score Point 2'", () => {
    const top = topScoreLevel(KOALA);
    expect(top?.text).toBe("The response demonstrates: an exploration or development of the ideas presented in the text");
    expect(top?.generic).toBe(true);
  });

  it("leaves a rubric without score levels, or with a single one, alone", () => {
    expect(topScoreLevel("Correct answers will list three of the words.")).toBeUndefined();
    expect(topScoreLevel("2 points\nThe student must identify one character trait of Rose.")).toBeUndefined();
  });
});

describe("readRubric of a score-point rubric", () => {
  it("reads only the top level as the criteria", () => {
    const rubric = readRubric(ACID_RAIN);
    expect(rubric.positiveTexts.join(" ")).not.toMatch(/two additional|little or no/);
    expect(rubric.genericOnly).toBeUndefined();
  });

  it("counts the key elements a reference answer lists", () => {
    const reference =
      "Key Elements:\n- mRNA exits nucleus via nuclear pore.\n- mRNA travels through the cytoplasm to the ribosome.\n- mRNA bases are read in triplets called codons.\n- tRNA carrying the complementary anticodon recognizes the codon.\n- The amino acids are linked by peptide bonds.";
    expect(readRubric(PROTEIN, [reference]).counted?.count).toBe(4);
  });

  it("marks a generic description with no reference answer, and its grade is flagged for the teacher", () => {
    expect(readRubric(PROFICIENT).genericOnly).toBe(true);
    const grade = gradeOffline({
      questionText: "What is one way Mr. Leonard helped Paul?",
      questionType: "free_response",
      rubric: PROFICIENT,
      answer: "He taught him to run track and to keep working hard in school.",
    });
    expect(grade.confidence).toBeLessThan(0.6);
  });
});

describe("gradeConfidence with a generic rubric", () => {
  it("stays low however decisive the score", () => {
    const evidence = { disqualifiers: [], bestIsGroup: false };
    expect(gradeConfidence(0, evidence)).toBeGreaterThanOrEqual(0.6);
    expect(gradeConfidence(0, { ...evidence, genericRubric: true })).toBeLessThan(0.6);
  });
});
