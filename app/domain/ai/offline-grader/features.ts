import { sameWordAllowingTypos } from "./spelling";
import { type ContentToken, contentTokens } from "./text";

/**
 * What the grader measures of an answer, each in [0, 1] except the length. A term that already
 * appears in the question earns little: repeating the question is not an answer, so the
 * reference's own terms (those not in the question) are measured apart from borrowed ones.
 */
export type AnswerFeatures = {
  /** Share of the reference's own terms that the answer states (with the same polarity). */
  newTermCoverage: number;
  /** Share of the reference's terms borrowed from the question that the answer states. */
  questionTermCoverage: number;
  /** Share of all the reference's terms the answer states, own and borrowed alike. */
  overallCoverage: number;
  /** Share of the reference's key phrases (adjacent word pairs) that the answer states. */
  phraseCoverage: number;
  /** Share of the answer's own terms (not in the question) that the reference also uses. */
  precision: number;
  /** Dice overlap of letter trigrams of own terms: catches word forms the stemmer misses. */
  letterOverlap: number;
  /** Share of the answer's terms that only repeat the question. */
  questionEcho: number;
  /** log(1 + number of content words in the answer). */
  logLength: number;
};

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
    const sameWord = token.stem === concept.stem || sameWordAllowingTypos(token.word, concept.word) || sameWordUpToDegree(token.word, concept.word);
    const flipped = !sameWord && negatedByPrefix(token.stem, concept.stem);
    if (!sameWord && !flipped) continue;
    if ((token.negated !== flipped) === concept.negated) return "stated";
    contradicted = true;
  }
  return contradicted ? "contradicted" : "absent";
}

function uniqueByStem(tokens: readonly ContentToken[]): ContentToken[] {
  const seen = new Map<string, ContentToken>();
  for (const token of tokens) if (!seen.has(token.stem)) seen.set(token.stem, token);
  return [...seen.values()];
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

function letterTrigrams(words: readonly string[]): Set<string> {
  const trigrams = new Set<string>();
  for (const word of words) {
    const padded = ` ${word} `;
    for (let start = 0; start + 3 <= padded.length; start += 1) trigrams.add(padded.slice(start, start + 3));
  }
  return trigrams;
}

function share(part: number, whole: number): number {
  return whole === 0 ? 0 : part / whole;
}

function countShared<T>(set: ReadonlySet<T>, other: ReadonlySet<T>): number {
  let count = 0;
  for (const item of set) if (other.has(item)) count += 1;
  return count;
}

/** Measures an answer against the reference texts and the question. */
export function answerFeatures(referenceTexts: readonly string[], questionText: string, answerText: string): AnswerFeatures {
  const questionStems = new Set(contentTokens(questionText).map((token) => token.stem));
  // Words in parentheses are asides or alternatives ("absorbs (a lot of) heat"): an answer may use
  // them but need not, so they count for precision and not in the coverage denominators.
  const referenceByText = referenceTexts.map((text) => contentTokens(text.replace(/\([^)]*\)/g, ",")));
  const referenceConcepts = uniqueByStem(referenceByText.flat());
  const referenceStems = new Set(referenceTexts.flatMap(contentTokens).map((token) => token.stem));
  const answer = contentTokens(answerText);
  const answerTerms = uniqueByStem(answer);

  const newConcepts = referenceConcepts.filter((concept) => !questionStems.has(concept.stem));
  const borrowedConcepts = referenceConcepts.filter((concept) => questionStems.has(concept.stem));
  const statedStems = new Set(referenceConcepts.filter((concept) => matchConcept(concept, answer) === "stated").map((concept) => concept.stem));
  const countStated = (concepts: ContentToken[]) => concepts.filter((concept) => statedStems.has(concept.stem)).length;

  const referencePhrases = new Set(referenceByText.flatMap((tokens) => [...keyPhrases(tokens)]));
  const answerOwnTerms = answerTerms.filter((token) => !questionStems.has(token.stem));
  const inReference = (token: ContentToken) =>
    referenceStems.has(token.stem) || referenceConcepts.some((concept) => sameWordAllowingTypos(token.word, concept.word));
  const referenceTrigrams = letterTrigrams(newConcepts.map((concept) => concept.word));
  const answerTrigrams = letterTrigrams(answerOwnTerms.map((token) => token.word));
  const echoes = answerTerms.filter((token) => questionStems.has(token.stem) && !referenceStems.has(token.stem)).length;

  return {
    newTermCoverage: share(countStated(newConcepts), newConcepts.length),
    questionTermCoverage: share(countStated(borrowedConcepts), borrowedConcepts.length),
    overallCoverage: share(statedStems.size, referenceConcepts.length),
    phraseCoverage: share(countShared(referencePhrases, keyPhrases(answer, 2)), referencePhrases.size),
    precision: share(answerOwnTerms.filter(inReference).length, answerOwnTerms.length),
    letterOverlap: share(2 * countShared(referenceTrigrams, answerTrigrams), referenceTrigrams.size + answerTrigrams.size),
    questionEcho: share(echoes, answerTerms.length),
    logLength: Math.log1p(answer.length),
  };
}
