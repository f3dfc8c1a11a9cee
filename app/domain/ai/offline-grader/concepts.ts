import { opposite, synonymous } from "./lexicon";
import { sameWordAllowingTypos } from "./spelling";
import type { ContentToken } from "./text";

/** How an answer treats one reference term, and the word-level comparisons behind it. */
type ConceptMatch = "stated" | "contradicted" | "absent";

/** Prefixes that negate a word: "incomplete" says "not complete", "unequal" says "not equal". */
const NEGATING_PREFIXES = ["un", "in", "im", "il", "ir", "non", "dis"];

/** Whether one stem is the other with a negating prefix (either way round). */
function negatedByPrefix(stem: string, other: string): boolean {
  const [longer, shorter] = stem.length > other.length ? [stem, other] : [other, stem];
  return shorter.length >= 4 && NEGATING_PREFIXES.some((prefix) => longer === prefix + shorter);
}

/**
 * Whether one word is the comparative or superlative of the other ("hard", "harder", "hardest";
 * "big", "bigger"; "large", "larger"; "heavy", "heavier"): the stemmer keeps them apart, yet
 * "the harder mineral" answers "which is hard" in the same words.
 */
export function sameWordUpToDegree(word: string, other: string): boolean {
  const [longer, shorter] = word.length > other.length ? [word, other] : [other, word];
  if (shorter.length < 3) return false;
  const last = shorter[shorter.length - 1]!;
  const forms = shorter.endsWith("e")
    ? [`${shorter}r`, `${shorter}st`]
    : last === "y"
      ? [`${shorter.slice(0, -1)}ier`, `${shorter.slice(0, -1)}iest`]
      : [`${shorter}er`, `${shorter}est`, `${shorter}${last}er`, `${shorter}${last}est`];
  return forms.includes(longer);
}

/** How an answer treats one reference term: stated with the same polarity, negated, or not at all. */
export function matchConcept(concept: ContentToken, answer: readonly ContentToken[]): ConceptMatch {
  let contradicted = false;
  for (const token of answer) {
    const sameWord =
      token.stem === concept.stem ||
      sameWordAllowingTypos(token.word, concept.word) ||
      sameWordUpToDegree(token.word, concept.word) ||
      synonymous(token.stem, concept.stem);
    const flipped = !sameWord && (negatedByPrefix(token.stem, concept.stem) || opposite(token.stem, concept.stem));
    if (!sameWord && !flipped) continue;
    if ((token.negated !== flipped) === concept.negated) return "stated";
    contradicted = true;
  }
  return contradicted ? "contradicted" : "absent";
}

function phraseKey(first: ContentToken, second: ContentToken): string {
  return [first.stem, second.stem].sort().join(" ");
}

/**
 * Key phrases: pairs of content words within `reach` positions in the same clause, in either
 * order. The answer side uses a reach of 2, so "water quickly evaporates" still holds
 * "water evaporates".
 */
export function keyPhrases(tokens: readonly ContentToken[], reach = 1): Set<string> {
  const phrases = new Set<string>();
  tokens.forEach((second, index) => {
    for (let distance = 1; distance <= reach && index - distance >= 0; distance += 1) {
      const first = tokens[index - distance]!;
      if (first.clause === second.clause && first.stem !== second.stem) phrases.add(phraseKey(first, second));
    }
  });
  return phrases;
}
