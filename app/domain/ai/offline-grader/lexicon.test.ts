import { stemmer } from "stemmer";
import { describe, expect, it } from "vitest";

import { matchConcept } from "./concepts";
import { opposite, oppositesOf, synonymous } from "./lexicon";
import { contentTokens } from "./text";

const stem = (word: string) => stemmer(word);

describe("lexicon", () => {
  it("reads listed synonyms as the same term, either way round and in any form", () => {
    expect(synonymous(stem("large"), stem("big"))).toBe(true);
    expect(synonymous(stem("increases"), stem("rising"))).toBe(true);
    expect(synonymous(stem("large"), stem("small"))).toBe(false);
  });

  it("reads listed opposites as opposites", () => {
    expect(opposite(stem("closed"), stem("open"))).toBe(true);
    expect(oppositesOf(stem("absorbs"))).toContain(stem("release"));
    expect(opposite(stem("closed"), stem("big"))).toBe(false);
  });

  it("lets a synonym state a term and an opposite contradict it", () => {
    const [large] = contentTokens("large");
    expect(matchConcept(large!, contentTokens("it is big"))).toBe("stated");
    const [closed] = contentTokens("closed");
    expect(matchConcept(closed!, contentTokens("the circuit is open"))).toBe("contradicted");
    expect(matchConcept(closed!, contentTokens("the circuit is not open"))).toBe("stated");
  });
});
