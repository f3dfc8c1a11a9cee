import { describe, expect, it } from "vitest";

import { asSentence, blankOut, extractTerms, sentenceMentions, splitSentences, stableHash } from "./offline-generator-text";

describe("splitSentences", () => {
  it("splits on sentence ends and line breaks, dropping list markers and empty lines", () => {
    const sentences = splitSentences("Rivers flow to the sea. Dr. Lee\u2019s notes say so!\n\n- Deltas form at mouths\n2) Silt settles");
    expect(sentences.map((sentence) => sentence.text)).toEqual([
      "Rivers flow to the sea.",
      "Dr. Lee\u2019s notes say so!",
      "Deltas form at mouths",
      "Silt settles",
    ]);
    expect(splitSentences(" ... \n ").length).toBe(0);
  });

  it("joins wrapped paragraph lines and drops heading marks and code ticks", () => {
    const sentences = splitSentences("# Rivers\nA river carries silt to the\nsea over `many` years.\nDeltas grow\nSlowly.");
    expect(sentences.map((sentence) => sentence.text)).toEqual(["Rivers", "A river carries silt to the sea over many years.", "Deltas grow", "Slowly."]);
    expect(sentences.map((sentence) => sentence.isStatement)).toEqual([false, true, false, false]);
  });
});

describe("extractTerms", () => {
  const terms = extractTerms(splitSentences("The Calvin Cycle uses carbon dioxide. Plants take in carbon dioxide through their leaves. Plants grow in light."));
  const texts = terms.map((term) => term.text);

  it("ranks frequent and longer terms first, merging inflections", () => {
    expect(texts[0]).toBe("carbon dioxide");
    expect(texts).toContain("Plants".toLowerCase());
    expect(texts.filter((text) => text === "plant" || text === "plants")).toHaveLength(1);
  });

  it("keeps capitalised phrases and repeated word pairs, not their words alone", () => {
    expect(texts).toContain("Calvin Cycle");
    expect(texts).not.toContain("Calvin");
    expect(texts).not.toContain("carbon");
    expect(texts).not.toContain("dioxide");
  });

  it("leaves out stop-words and short words", () => {
    expect(texts).not.toContain("the");
    expect(texts).not.toContain("uses");
    expect(texts).not.toContain("in");
  });

  it("marks nouns seen after articles and prepositions", () => {
    expect(terms.find((term) => term.text === "leaves")?.nounish).toBe(true);
    expect(terms.find((term) => term.text === "grow")?.nounish).toBe(false);
  });
});

describe("topical terms (what may name a main idea)", () => {
  const topical = (context: string) =>
    extractTerms(splitSentences(context))
      .filter((term) => term.topical)
      .map((term) => term.text);

  it("takes noun phrases and nouns, not an adjective that only modifies, even capitalised at a sentence's start", () => {
    const texts = topical(
      "Green plants make glucose from carbon dioxide. Carbon dioxide enters green plants through the leaves. The green pigment in the leaves absorbs light.",
    );
    expect(texts).toEqual(expect.arrayContaining(["green plants", "carbon dioxide", "leaves", "pigment"]));
    expect(texts).not.toContain("green");
    expect(texts).not.toContain("Green");
  });

  it("leaves a word said mostly inside its phrases to them, and past verb forms out", () => {
    const texts = topical(
      "The clergy formed the First Estate. The nobility formed the Second Estate. Everyone else formed the Third Estate. The Third Estate paid the taxes.",
    );
    expect(texts).toEqual(expect.arrayContaining(["Third Estate", "clergy", "nobility"]));
    expect(texts).not.toContain("Estate");
    expect(texts).not.toContain("formed");
  });
});

describe("blankOut and sentenceMentions", () => {
  const [plants] = extractTerms(splitSentences("Plants need plants."));

  it("blanks every inflection of the term", () => {
    expect(plants && blankOut("A plant feeds other plants.", plants)).toBe("A ____ feeds other ____.");
    expect(plants && sentenceMentions(asSentence("Each plant grows."), plants)).toBe(true);
    expect(plants && sentenceMentions(asSentence("Each planet turns."), plants)).toBe(false);
  });

  it("blanks a phrase as one blank", () => {
    const phrase = extractTerms(splitSentences("Isaac Newton wrote. Isaac Newton taught.")).find((term) => term.key.includes(" "));
    expect(phrase && blankOut("In 1687 Isaac Newton published.", phrase)).toBe("In 1687 ____ published.");
  });
});

describe("stableHash", () => {
  it("is stable and spreads", () => {
    expect(stableHash("abc")).toBe(stableHash("abc"));
    expect(stableHash("abc")).not.toBe(stableHash("abd"));
  });
});
