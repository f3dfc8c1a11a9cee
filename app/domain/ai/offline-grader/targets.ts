import { keyPhrases, matchConcept } from "./concepts";
import { sameWordAllowingTypos } from "./spelling";
import { type ContentToken, contentTokens } from "./text";

/**
 * A target is one thing a right answer may match: an acceptable answer, a criterion, or a group of
 * criteria that are all required. Each text is read in its variants ("open / incomplete" is two
 * ways of saying it; "X, or Y" two alternatives), and an answer is compared with its best variant.
 * The grader scores against the best-matching target, never the coverage of the whole rubric
 * (docs/decisions/0034-offline-grader-rubric-forms-and-held-out-questions.md).
 */

/** One variant of a reference text, tokenised. */
type ReferenceText = {
  /** Terms an answer is expected to state (parenthesised asides and examples are left out: they are optional). */
  concepts: ContentToken[];
  phrases: Set<string>;
};

/** How an answer matches a target, each in [0, 1]. */
export type TargetMatch = {
  /** Share of the target's terms the answer states with the same polarity. */
  coverage: number;
  /** The same share over the target's own terms (those not in the question). */
  ownCoverage: number;
  /** Share of the target's key phrases (adjacent word pairs) the answer states. */
  phraseCoverage: number;
  /** Share of the target's terms the answer negates ("did not evaporate"). */
  contradiction: number;
  /** Dice overlap of letter trigrams of the own terms: word forms the stemmer misses. */
  letterOverlap: number;
  /** Share of the target's plainly stated terms that the answer negates ("it did not evaporate"). */
  negatedByAnswer: number;
  /** Whether the answer negates more of one required item than it states of it (as a share of 0 or 1). */
  itemNegated: number;
};

const MAX_VARIANTS = 8;

/** The alternatives a reference text offers: "A, or B" clauses, then "x/y" word choices. */
export function variantsOf(text: string): string[] {
  const clauses = text.split(/[,;]\s+or\s+|\s+OR\s+/).filter((clause) => /[a-z0-9]/i.test(clause));
  const variants: string[] = [];
  const expand = (clause: string, depth: number) => {
    if (variants.length >= MAX_VARIANTS) return;
    const slash = /\b([a-z][a-z'-]*)\s*\/\s*([a-z][a-z'-]*)\b/i.exec(clause);
    if (!slash || depth >= 3) {
      variants.push(clause);
      return;
    }
    const before = clause.slice(0, slash.index);
    const after = clause.slice(slash.index + slash[0].length);
    expand(`${before}${slash[1]}${after}`, depth + 1);
    expand(`${before}${slash[2]}${after}`, depth + 1);
  };
  for (const clause of clauses) expand(clause, 0);
  return variants.length > 0 ? variants : [text];
}

function uniqueByStem(tokens: readonly ContentToken[]): ContentToken[] {
  const seen = new Map<string, ContentToken>();
  for (const token of tokens) if (!seen.has(token.stem)) seen.set(token.stem, token);
  return [...seen.values()];
}

/**
 * An example a reference gives ("…, e.g. 300m to 30m", "for example Dijkstra's") up to the end of its
 * clause: it illustrates the point, as an aside in brackets does, and a right answer need not repeat it.
 */
const EXAMPLE_ASIDE = /,?\s*\b(?:e\.\s?g\.?|for example|for instance)\s[^.;:\n]*/gi;

function referenceText(text: string): ReferenceText {
  const tokens = contentTokens(text.replace(/\([^)]*\)/g, ",").replace(EXAMPLE_ASIDE, ","));
  return { concepts: uniqueByStem(tokens), phrases: keyPhrases(tokens) };
}

function share(part: number, whole: number): number {
  return whole === 0 ? 0 : part / whole;
}

function letterTrigrams(words: readonly string[]): Set<string> {
  const trigrams = new Set<string>();
  for (const word of words) {
    const padded = ` ${word} `;
    for (let start = 0; start + 3 <= padded.length; start += 1) trigrams.add(padded.slice(start, start + 3));
  }
  return trigrams;
}

function countShared<T>(set: ReadonlySet<T>, other: ReadonlySet<T>): number {
  let count = 0;
  for (const item of set) if (other.has(item)) count += 1;
  return count;
}

/** What the answer side of a comparison needs, computed once per answer. */
export type AnswerSide = {
  tokens: ContentToken[];
  phrases: Set<string>;
  ownTrigrams: Set<string>;
  questionStems: ReadonlySet<string>;
};

export function answerSide(answer: string, questionStems: ReadonlySet<string>): AnswerSide {
  const tokens = contentTokens(answer);
  const ownWords = uniqueByStem(tokens)
    .filter((token) => !questionStems.has(token.stem))
    .map((token) => token.word);
  return { tokens, phrases: keyPhrases(tokens, 2), ownTrigrams: letterTrigrams(ownWords), questionStems };
}

function matchText(reference: ReferenceText, answer: AnswerSide): TargetMatch {
  const { concepts } = reference;
  const matches = concepts.map((concept) => matchConcept(concept, answer.tokens));
  const own = concepts.map((concept, index) => ({ concept, match: matches[index]! })).filter(({ concept }) => !answer.questionStems.has(concept.stem));
  const stated = matches.filter((match) => match === "stated").length;
  const coverage = share(stated, concepts.length);
  const referenceTrigrams = letterTrigrams(own.map(({ concept }) => concept.word));
  return {
    coverage,
    ownCoverage: own.length > 0 ? share(own.filter(({ match }) => match === "stated").length, own.length) : coverage,
    phraseCoverage: reference.phrases.size > 0 ? share(countShared(reference.phrases, answer.phrases), reference.phrases.size) : coverage,
    contradiction: share(matches.filter((match) => match === "contradicted").length, concepts.length),
    negatedByAnswer: share(matches.filter((match, index) => match === "contradicted" && !concepts[index]!.negated).length, concepts.length),
    letterOverlap: share(2 * countShared(referenceTrigrams, answer.ownTrigrams), referenceTrigrams.size + answer.ownTrigrams.size),
    itemNegated: 0,
  };
}

/** How well a match supports the answer: what it states, less what it negates. */
export function strength(match: TargetMatch): number {
  return (match.coverage + match.ownCoverage) / 2 + 0.1 * match.phraseCoverage - match.contradiction;
}

/** A target: one or more required items, each with its variants. */
export type Target = ReferenceText[][];

export function targetOf(items: readonly string[]): Target {
  return items.map((item) => variantsOf(item).map(referenceText)).filter((variants) => variants.some((variant) => variant.concepts.length > 0));
}

const NO_MATCH: TargetMatch = { coverage: 0, ownCoverage: 0, phraseCoverage: 0, contradiction: 0, letterOverlap: 0, negatedByAnswer: 0, itemNegated: 0 };

/** An answer against a target: each required item by its best variant, the items averaged. */
export function matchTarget(target: Target, answer: AnswerSide): TargetMatch {
  if (target.length === 0) return NO_MATCH;
  return combined(target.map((variants) => bestVariant(variants, answer)));
}

function bestVariant(variants: readonly ReferenceText[], answer: AnswerSide): TargetMatch {
  return variants.map((variant) => matchText(variant, answer)).reduce((best, match) => (strength(match) > strength(best) ? match : best));
}

/** Required items' matches as one: their measures averaged; one item negated is enough. */
function combined(items: readonly TargetMatch[]): TargetMatch {
  const mean = (key: keyof TargetMatch) => items.reduce((sum, match) => sum + match[key], 0) / items.length;
  return {
    coverage: mean("coverage"),
    ownCoverage: mean("ownCoverage"),
    phraseCoverage: mean("phraseCoverage"),
    contradiction: mean("contradiction"),
    letterOverlap: mean("letterOverlap"),
    negatedByAnswer: mean("negatedByAnswer"),
    itemNegated: items.some((match) => match.negatedByAnswer > 0 && match.contradiction >= match.ownCoverage) ? 1 : 0,
  };
}

/** Whether an answer term is one of the given reference stems, allowing a misspelling. */
export function inStems(token: ContentToken, stems: ReadonlySet<string>, words: readonly string[]): boolean {
  return stems.has(token.stem) || words.some((word) => sameWordAllowingTypos(token.word, word));
}

/** How many terms a target asks for: over its items, each by its first variant. */
export function conceptCount(target: Target): number {
  return target.reduce((sum, variants) => sum + (variants[0]?.concepts.length ?? 0), 0);
}

type CountedMatch = {
  match: TargetMatch;
  concepts: number;
  /** Indices of the items the answer gives (with some of their terms stated), best first. */
  given: number[];
};

/**
 * "List three of …": an answer against the `count` items it matches best, as if those were required
 * together; an answer giving fewer scores as one missing the rest.
 */
export function matchCounted(items: readonly Target[], count: number, answer: AnswerSide): CountedMatch {
  const matches = items
    .map((item, index) => ({ item, index }))
    .filter(({ item }) => item.length > 0)
    .map(({ item, index }) => ({ match: combined(item.map((variants) => bestVariant(variants, answer))), concepts: conceptCount(item), index }))
    .sort((a, b) => strength(b.match) - strength(a.match))
    .slice(0, count);
  const padded = [...matches.map(({ match }) => match), ...Array<TargetMatch>(Math.max(0, count - matches.length)).fill(NO_MATCH)];
  // Half the mean of the items, half the weakest of them: two strong items of three do not make up for the missing third.
  const weakest = padded.reduce((low, match) => (strength(match) < strength(low) ? match : low));
  return {
    match: combined([combined(padded), weakest]),
    concepts: matches.reduce((sum, { concepts }) => sum + concepts, 0),
    given: matches.filter(({ match }) => strength(match) > 0).map(({ index }) => index),
  };
}
