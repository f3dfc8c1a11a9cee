import { describe, expect, it } from "vitest";

import { keyPhrases, matchConcept, sameWordUpToDegree } from "./concepts";
import { analyseAnswer } from "./features";
import { readRubric } from "./rubric";
import { contentTokens } from "./text";

const question = "Why does a puddle disappear on a sunny day?";
const reference = ["The sun heats the water and it evaporates into the air."];

const concept = (text: string) => contentTokens(text)[0]!;

describe("matchConcept", () => {
  it("finds a term stated with the same polarity, even misspelt", () => {
    expect(matchConcept(concept("evaporates"), contentTokens("the water evaperated"))).toBe("stated");
  });

  it("calls a negated mention a contradiction, and a negating prefix a negation", () => {
    expect(matchConcept(concept("evaporates"), contentTokens("it did not evaporate"))).toBe("contradicted");
    expect(matchConcept(concept("complete"), contentTokens("the circuit is incomplete"))).toBe("contradicted");
    expect(matchConcept(contentTokens("not complete")[0]!, contentTokens("the circuit is incomplete"))).toBe("stated");
  });

  it("reports a term the answer never uses as absent", () => {
    expect(matchConcept(concept("evaporates"), contentTokens("it soaks into the ground"))).toBe("absent");
  });
});

describe("keyPhrases", () => {
  it("pairs adjacent words in either order, within a clause", () => {
    expect([...keyPhrases(contentTokens("sun heats water; air cools"))]).toEqual(["heat sun", "heat water", "air cold"]);
  });
});

describe("analyseAnswer", () => {
  const rubric = readRubric("", reference);
  const measure = (answer: string) => analyseAnswer(rubric, question, answer);

  it("gives a full paraphrase high coverage of the reference's own terms", () => {
    const { features } = measure("Heat from the sun evaporates the water into the air");
    expect(features.ownCoverage).toBe(1);
    expect(features.precision).toBe(1);
  });

  it("gives an answer that repeats the question no coverage of the reference's own terms", () => {
    const { features } = measure("The puddle disappears because the day is sunny");
    expect(features.ownCoverage).toBe(0);
    expect(features.questionEcho).toBeGreaterThan(0.5);
  });

  it("does not count a negated term as stated, and disqualifies the right words negated", () => {
    const stated = measure("the water evaporates");
    const negated = measure("the water does not evaporate");
    expect(negated.features.ownCoverage).toBeLessThan(stated.features.ownCoverage);
    expect(negated.evidence.disqualifiers).toContain("contradicts_rubric");
  });

  it("leaves parenthesised asides out of what an answer must cover", () => {
    const { features } = analyseAnswer(readRubric("", ["Half of the pizza (four of eight slices)"]), "How much was eaten?", "half of the pizza");
    expect(features.ownCoverage).toBe(1);
  });

  it("scores against the best-matching acceptable answer, not all of them", () => {
    const listed = readRubric("Acceptable answers (any one): shy, scared, fearful, nervous.");
    expect(analyseAnswer(listed, "What does timid mean?", "scared").features.ownCoverage).toBe(1);
  });

  it("disqualifies a list of key words, a repeated question and something the rubric rules out", () => {
    const listed = readRubric('Accept: shy, scared.\nIncorrect examples: "tired", "angry".');
    const timid = "What does the word timid mean in the sentence?";
    expect(analyseAnswer(listed, timid, "shy scared fearful nervous afraid").evidence.disqualifiers).toContain("keyword_list");
    expect(analyseAnswer(listed, timid, "what does timid mean in the sentence?").evidence.disqualifiers).toContain("question_echo");
    expect(analyseAnswer(listed, timid, "shy or tired").evidence.disqualifiers).toContain("ruled_out");
    expect(analyseAnswer(listed, timid, "it means shy").evidence.disqualifiers).toEqual([]);
  });

  it("matches a bare wrong example only when the answer says nothing more", () => {
    const bridge = readRubric('Correct answers choose "weak" and give a clue from the sentence.\nIncorrect examples: "weak" with no clue.');
    const question = "The old bridge was fragile. Which word means the same as fragile? Give a clue.";
    expect(analyseAnswer(bridge, question, "weak").evidence.disqualifiers).toContain("ruled_out");
    expect(analyseAnswer(bridge, question, "weak because the bridge is old").evidence.disqualifiers).not.toContain("ruled_out");
  });

  it("scores the best clause of a long reference answer on its own", () => {
    const rubric = readRubric("", ["40 meters. The change in elevation is 20 meters between A and B, so it adds up."]);
    const { features } = analyseAnswer(rubric, "How far did the hikers climb?", "It was 40 meters");
    expect(features.sentenceCoverage).toBe(1);
    expect(features.ownCoverage).toBeLessThan(0.5);
  });

  it("holds an answer that states a term only the opposite way from the rubric", () => {
    const rubric = readRubric("The bulb is off because the open switch makes a gap, so the path is not closed.");
    const { evidence } = analyseAnswer(rubric, "Is the bulb on or off?", "The bulb is off because the path is closed.");
    expect(evidence.disqualifiers).toContain("contradicts_itself");
  });

  it("holds an answer whose choice letter is not the one every right answer opens with", () => {
    const rubric = readRubric("", ["C. Black absorbs more heat than white."]);
    expect(analyseAnswer(rubric, "Which pan heats fastest?", "B. Black absorbs more heat").evidence.disqualifiers).toContain("contradicts_rubric");
    expect(analyseAnswer(rubric, "Which pan heats fastest?", "C because black absorbs more heat").evidence.disqualifiers).toEqual([]);
  });

  it("reads a list of words with verdicts in it as a list", () => {
    const rubric = readRubric("Yes: 0.5 is 50 hundredths, which is more than 25 hundredths.");
    expect(analyseAnswer(rubric, "Is 0.5 greater than 0.25?", "yes 0.5 50 hundredths more 25").evidence.disqualifiers).toContain("keyword_list");
  });

  it("reads only what the answer says after taking something back", () => {
    const rubric = readRubric("Acceptable answers (any one): shy, scared.");
    const { features } = analyseAnswer(rubric, "What does timid mean?", "It means shy, but that is wrong, it means tired.");
    expect(features.coverage).toBe(0);
  });

  it("returns zeros, not NaN, for an empty answer", () => {
    const { features } = measure("");
    // How many targets the rubric gives is the rubric's, not the answer's.
    const { logTargets, ...ofTheAnswer } = features;
    expect(Number.isFinite(logTargets)).toBe(true);
    expect(Object.values(ofTheAnswer).every((value) => value === 0)).toBe(true);
  });
});

describe("sameWordUpToDegree", () => {
  it("matches comparatives and superlatives with their base word", () => {
    expect(sameWordUpToDegree("hard", "harder")).toBe(true);
    expect(sameWordUpToDegree("biggest", "big")).toBe(true);
    expect(sameWordUpToDegree("large", "larger")).toBe(true);
    expect(sameWordUpToDegree("heavy", "heavier")).toBe(true);
  });

  it("leaves other derived forms apart", () => {
    expect(sameWordUpToDegree("hard", "hardly")).toBe(false);
    expect(sameWordUpToDegree("light", "lighting")).toBe(false);
    expect(sameWordUpToDegree("or", "order")).toBe(false);
  });

  it("cannot tell an agent noun from a comparative (a known, rare confusion)", () => {
    expect(sameWordUpToDegree("heat", "heater")).toBe(true);
  });
});
