import { describe, expect, it } from "vitest";

import { answerFeatures, keyPhrases, matchConcept, sameWordUpToDegree } from "./features";
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
    expect([...keyPhrases(contentTokens("sun heats water; air cools"))]).toEqual(["heat sun", "heat water", "air cool"]);
  });
});

describe("answerFeatures", () => {
  it("gives a full paraphrase high coverage of the reference's own terms", () => {
    const features = answerFeatures(reference, question, "Heat from the sun evaporates the water into the air");
    expect(features.newTermCoverage).toBe(1);
    expect(features.precision).toBe(1);
  });

  it("gives an answer that repeats the question no coverage of the reference's own terms", () => {
    const features = answerFeatures(reference, question, "The puddle disappears because the day is sunny");
    expect(features.newTermCoverage).toBe(0);
    expect(features.questionEcho).toBeGreaterThan(0.5);
  });

  it("does not count a negated term as stated", () => {
    const stated = answerFeatures(reference, question, "the water evaporates");
    const negated = answerFeatures(reference, question, "the water does not evaporate");
    expect(negated.newTermCoverage).toBeLessThan(stated.newTermCoverage);
  });

  it("leaves parenthesised asides out of what an answer must cover", () => {
    const withAside = answerFeatures(["Half of the pizza (four of eight slices)"], "How much was eaten?", "half of the pizza");
    expect(withAside.newTermCoverage).toBe(1);
  });

  it("returns zeros, not NaN, for an empty answer", () => {
    const features = answerFeatures(reference, question, "");
    expect(Object.values(features).every((value) => value === 0)).toBe(true);
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
