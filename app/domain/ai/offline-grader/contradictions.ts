import { oppositesOf } from "./lexicon";
import type { ContentToken } from "./text";

/**
 * Answers that hold the right words yet say something wrong with them: the answer withdraws what
 * it said ("…, but that is wrong, it is Y"), or states a term the rubric always states one way in
 * the other way ("the circuit is closed … the circuit is open" against "the switch makes a gap, so
 * no closed path"). Both were developed on scripts/bench-grader/attacks-dev.jsonl and checked on
 * held-out questions of the SemEval train split (scripts/bench-grader/README.md).
 */

/** A phrase that takes back what came before it: only what follows it is the answer. */
const RETRACTION =
  /(?:\b(?:that|this)(?:'s|’s|\s+is|\s+was)\s+(?:wrong|incorrect|false|not\s+(?:true|right|correct))\b(?!\s+that\b)|\bi\s+mean\b|\bjust\s+kidding\b|\bno\s+wait\b)[\s,.;:!-]*/gi;

/** The answer as it finally stands: the text after the last retraction (all of it when there is none). */
export function finalStatement(answer: string): string {
  let end = -1;
  for (const match of answer.matchAll(RETRACTION)) end = match.index + match[0].length;
  return end < 0 ? answer : answer.slice(end);
}

/** Which ways (stated, negated) the rubric's right answers state each term, an opposite counting as the term negated. */
type Polarities = ReadonlyMap<string, ReadonlySet<boolean>>;

/**
 * Comparatives swap with the things compared ("darker colours get hotter" is "lighter colours stay
 * cooler"), so an "-er" or "-est" word is never a conflict. "More" and "less" are kept: on held-out
 * questions they caught as many wrong answers as they cost right ones.
 */
const COMPARATIVE = /(?:er|est)$/;

/**
 * What a token says about terms that have a listed opposite: the term itself and its opposites,
 * each stated or negated. A negation is read only on the word right after the negator ("not
 * closed"): further words are often not what it negates ("no longer in a closed path").
 */
function claims(token: ContentToken): [string, boolean][] {
  const opposites = oppositesOf(token.stem);
  if (opposites.length === 0 || (token.negated && token.negatedFrom > 0)) return [];
  return [[token.stem, token.negated], ...opposites.map((stem): [string, boolean] => [stem, !token.negated])];
}

export function polaritiesOf(texts: readonly ContentToken[][]): Polarities {
  const polarities = new Map<string, Set<boolean>>();
  for (const token of texts.flat()) {
    for (const [stem, negated] of claims(token)) {
      const set = polarities.get(stem) ?? new Set<boolean>();
      set.add(negated);
      polarities.set(stem, set);
    }
  }
  return polarities;
}

/**
 * Whether the answer states a term only the other way round from the way every right answer of the
 * rubric states it ("the circuit is open" where the rubric only ever says "closed"; "the metal
 * shrinks" where it says "expands"). An answer that states it both ways is not caught: on the
 * SemEval train split two thirds of those were right ("black absorbs heat, white does not absorb
 * heat"). The question's own terms and comparatives are left out.
 */
export function statesTheOpposite(answer: readonly ContentToken[], rubric: Polarities, questionStems: ReadonlySet<string>): boolean {
  const said = new Map<string, Set<boolean>>();
  for (const token of answer) {
    if (questionStems.has(token.stem) || COMPARATIVE.test(token.word)) continue;
    for (const [stem, negated] of claims(token)) {
      if (questionStems.has(stem)) continue;
      const set = said.get(stem) ?? new Set<boolean>();
      set.add(negated);
      said.set(stem, set);
    }
  }
  for (const [stem, ways] of said) {
    const right = rubric.get(stem);
    if (right !== undefined && right.size === 1 && !ways.has([...right][0]!)) return true;
  }
  return false;
}
