import { describe, expect, it } from "vitest";

import { contentTokens, hasWords, textOf } from "./text";

const stems = (text: string) => contentTokens(text).map((token) => (token.negated ? `not:${token.stem}` : token.stem));

describe("contentTokens", () => {
  it("drops stopwords and stems what is left", () => {
    expect(stems("The plants are making their own food")).toEqual(["plant", "make", "food"]);
  });

  it("marks the words a negator governs, contractions included", () => {
    expect(stems("The ice didn't melt")).toEqual(["ic", "not:melt"]);
    expect(stems("It never dissolves in water")).toEqual(["not:dissolv", "not:water"]);
  });

  it("ends a negation at a clause break or a contrasting conjunction", () => {
    expect(stems("Not the salt, the sugar dissolved")).toEqual(["not:salt", "sugar", "dissolv"]);
    expect(stems("no salt but sugar")).toEqual(["not:salt", "sugar"]);
  });

  it("keeps a capital letter that names something, and reads number words as digits", () => {
    // "lit" is read as "light" (lexicon.ts word forms).
    expect(stems("Bulb A and bulb C stay lit")).toEqual(["bulb", "letter-a", "bulb", "letter-c", "stai", "light"]);
    expect(stems("A. One half is two quarters")).toEqual(["letter-a", "1", "half", "2", "quarter"]);
  });

  it("negates the whole statement a denial reports, up to a contrast", () => {
    expect(stems("It is not true that the metal expands in the heat")).toEqual(["not:metal", "not:expand", "not:heat"]);
    expect(stems("Some people think it floats, but it sinks")).toEqual(["not:float", "sink"]);
  });

  it("reads a lower-case letter standing alone as a name, but not the article or a dropped apostrophe", () => {
    expect(stems("bulbs a and c stay lit")).toEqual(["bulb", "letter-a", "letter-c", "stai", "light"]);
    expect(stems("there is a gap")).toEqual(["gap"]);
    expect(stems('it isn"t in a closed path')).toEqual(["not:close", "not:path"]);
    expect(stems("e.g. salt")).toEqual(["salt"]);
  });

  it("keeps direction and comparison words, which carry meaning in science answers", () => {
    expect(stems("more heat goes up")).toEqual(["more", "heat", "goe", "up"]);
  });

  it("numbers clauses so key phrases never span them", () => {
    const tokens = contentTokens("warm air rises; cold air sinks");
    expect(tokens.map((token) => token.clause)).toEqual([0, 0, 0, 1, 1, 1]);
  });
});

describe("textOf and hasWords", () => {
  it("removes tags and decodes common entities", () => {
    expect(textOf("<p>Salt &amp; <strong>water</strong></p>").replace(/\s+/g, " ").trim()).toBe("Salt & water");
  });

  it("sees no words in markup or punctuation alone", () => {
    expect(hasWords("<p> ... </p>")).toBe(false);
    expect(hasWords("<p>2</p>")).toBe(true);
  });
});
