import type { MatchedTarget } from "../schemas";
import { keyPhrases, matchConcept } from "./concepts";
import { finalStatement, polaritiesOf, statesTheOpposite } from "./contradictions";
import type { ParsedRubric } from "./rubric";
import type { WrongItem } from "./rubric-forms";
import { type AnswerSide, answerSide, conceptCount, inStems, matchCounted, matchTarget, strength, type Target, type TargetMatch, targetOf } from "./targets";
import { type ContentToken, contentTokens, wordShape } from "./text";

/**
 * What the grader measures of an answer, each in [0, 1] except the length. The match features are
 * those of the best-matching target (rubric.ts, targets.ts), so a rubric listing five acceptable
 * answers asks for one of them, not for all five. A term that already appears in the question
 * earns little: repeating the question is not an answer.
 */
export type AnswerFeatures = {
  /** Share of the best target's terms that the answer states (with the same polarity). */
  coverage: number;
  /** Share of the best target's own terms (not in the question) that the answer states. */
  ownCoverage: number;
  /** Share of the best target's key phrases (adjacent word pairs) that the answer states. */
  phraseCoverage: number;
  /** Dice overlap of letter trigrams of own terms with the best target's. */
  letterOverlap: number;
  /** Share of the answer's own terms (not in the question) that some part of the rubric uses. */
  precision: number;
  /** Share of the answer's terms that only repeat the question. */
  questionEcho: number;
  /** Share of the best target's terms that the answer negates. */
  contradiction: number;
  /** log(1 + number of content words in the answer). */
  logLength: number;
  /** Share of all the rubric's right terms (every acceptable answer and criterion) that the answer states. */
  unionCoverage: number;
  /** Answer content words per term of the best target, at most 1: a fragment against a full sentence is short. */
  lengthRatio: number;
  /** log(1 + number of targets): the best of many targets matches by chance more than the only one does. */
  logTargets: number;
  /** Best own-term coverage of any one sentence of a right answer: the point of a long reference answer is often one sentence of it. */
  sentenceCoverage: number;
};

/** Every measure at 0: an answer with nothing in common with the rubric (the bench's rows the grader declines, tests' starting point). */
export const NO_FEATURES: AnswerFeatures = {
  coverage: 0,
  ownCoverage: 0,
  phraseCoverage: 0,
  letterOverlap: 0,
  precision: 0,
  questionEcho: 0,
  contradiction: 0,
  logLength: 0,
  unionCoverage: 0,
  lengthRatio: 0,
  logTargets: 0,
  sentenceCoverage: 0,
};

/** Why an answer cannot be right whatever its overlap (scoring.ts caps its score below the pass mark). */
export type Disqualifier = "contradicts_rubric" | "contradicts_itself" | "ruled_out" | "keyword_list" | "question_echo";

/** What the grader saw, beyond the features: for the caps, the confidence's cap and the feedback. */
export type AnswerEvidence = {
  disqualifiers: Disqualifier[];
  /** Whether the best target is a group of several required points. */
  bestIsGroup: boolean;
  /** Whether the rubric gave only a generic description ("fulfills all the requirements of the task"): nothing the answer could be checked against. */
  genericRubric?: boolean;
  /** The target the answer matches best, for the teacher's preview; absent when it shares no term with any. */
  matched?: MatchedTarget;
};

/** A list of five or more content words with no function word is not a sentence. */
const LIST_MIN_TERMS = 5;
const LIST_MAX_FUNCTION_SHARE = 0.1;

/** An answer made of question words that restates this share of the question's terms only repeats it. */
const QUESTION_RESTATED_SHARE = 0.3;

const share = (part: number, whole: number) => (whole === 0 ? 0 : part / whole);

/** The rubric's right vocabulary (asides included), and the terms a full answer states (asides left out). */
function stemsOf(texts: readonly string[]): { stems: Set<string>; words: string[]; concepts: ContentToken[] } {
  const tokens = texts.flatMap((text) => contentTokens(text));
  const required = texts.flatMap((text) => contentTokens(text.replace(/\([^)]*\)/g, ",")));
  const concepts = [...new Map(required.map((token) => [token.stem, token])).values()];
  return { stems: new Set(tokens.map((token) => token.stem)), words: [...new Set(tokens.map((token) => token.word))], concepts };
}

/**
 * Whether the answer says a thing the rubric rules out. A bare item ("weak" with no clue) is
 * matched only when the answer says nothing beyond it. Otherwise every term of the item must be
 * stated with its polarity (terms of the question may go unsaid), and next to each other as in the item ("turns into air", not "turns
 * into water ... warm air"); then either the item has a term no right answer uses ("tired" for
 * "timid"), or the answer adds no right term beyond it ("45 hours" against "45 dollars an hour").
 */
function saysRuledOut(item: WrongItem, answer: AnswerSide, positive: { stems: Set<string>; words: string[] }): boolean {
  const all = contentTokens(item.text);
  // The question's own words may go unsaid ("it soaked into the ground" for "the water soaked …").
  const own = all.filter((concept) => !answer.questionStems.has(concept.stem));
  const concepts = own.length > 0 ? own : all;
  if (concepts.length === 0) return false;
  if (!concepts.every((concept) => matchConcept(concept, answer.tokens) === "stated")) return false;
  const itemStems = new Set(concepts.map((concept) => concept.stem));
  const itemWords = concepts.map((concept) => concept.word);
  const extra = answer.tokens.filter((token) => !inStems(token, itemStems, itemWords));
  if (item.bare) return extra.length === 0;
  const phrases = keyPhrases(concepts);
  if (phrases.size > 0 && [...phrases].filter((phrase) => answer.phrases.has(phrase)).length < phrases.size / 2) return false;
  const distinct = concepts.some((concept) => !positive.stems.has(concept.stem) && !answer.questionStems.has(concept.stem));
  return distinct || !extra.some((token) => inStems(token, positive.stems, positive.words));
}

/**
 * The verdict a text opens with: "yes", "no", or a choice letter ("C. Black absorbs more heat",
 * "b because …"); a letter counts only when a stop, a bracket or "because" follows it, so the article
 * "a" does not.
 */
function leadingVerdict(text: string): string | undefined {
  const verdict = /^\W*(?:(yes|no)\b|([a-h])(?:[.):]|\s+because\b|\s*$))/i.exec(text.trim());
  return (verdict?.[1] ?? verdict?.[2])?.toLowerCase();
}

/** Sentences of a text that hold at least two terms; a one-sentence text has none apart from itself. */
function sentencesOf(text: string): string[] {
  const sentences = text
    .split(/(?<=[a-z0-9)][.!?])\s+(?=[A-Za-z])|,?\s+(?:so|because|therefore|which|since)\s+|;\s*/i)
    .filter((sentence) => contentTokens(sentence).length >= 2);
  return sentences.length > 1 ? sentences : [];
}

function bestSentenceCoverage(texts: readonly string[], answer: AnswerSide, fallback: number): number {
  let best = fallback;
  for (const sentence of texts.flatMap(sentencesOf)) best = Math.max(best, matchTarget(targetOf([sentence]), answer).ownCoverage);
  return best;
}

type Scored = { match: TargetMatch; strength: number; group: boolean; concepts: number; source: MatchedTarget };

/** "List three of …" read as one target: the answer's best `count` distinct items (targets.ts). */
function countedTarget(rubric: ParsedRubric, answer: AnswerSide): Scored[] {
  if (!rubric.counted) return [];
  const { items } = rubric.counted;
  const { match, concepts, given } = matchCounted(
    items.map((item) => targetOf([item])),
    rubric.counted.count,
    answer,
  );
  const source: MatchedTarget = { kind: "counted", text: given.map((index) => items[index]!).join(", ") };
  return [{ match, strength: strength(match), group: true, concepts, source }];
}

/** Measures an answer against a parsed rubric and the question. */
export function analyseAnswer(rubric: ParsedRubric, questionText: string, answerText: string): { features: AnswerFeatures; evidence: AnswerEvidence } {
  const questionStems = new Set(contentTokens(questionText).map((token) => token.stem));
  // What the answer takes back ("…, but that is wrong, …") is not part of it.
  const answer = answerSide(finalStatement(answerText), questionStems);
  const targets: { target: Target; group: boolean; source: MatchedTarget }[] = [
    ...rubric.acceptable.map((text) => ({ target: targetOf([text]), group: false, source: { kind: "acceptable" as const, text } })),
    ...rubric.criteria.map((items) => ({ target: targetOf(items), group: items.length > 1, source: { kind: "criterion" as const, text: items.join("; ") } })),
  ].filter(({ target }) => target.length > 0);
  const scored: Scored[] = targets
    .map(({ target, group, source }) => {
      const match = matchTarget(target, answer);
      return { match, strength: strength(match), group, concepts: conceptCount(target), source };
    })
    .concat(countedTarget(rubric, answer))
    .sort((a, b) => b.strength - a.strength);
  const best = scored[0]?.match ?? matchTarget([], answer);

  const positive = stemsOf(rubric.positiveTexts);
  const answerTerms = [...new Map(answer.tokens.map((token) => [token.stem, token])).values()];
  const ownTerms = answerTerms.filter((token) => !questionStems.has(token.stem));
  const echoes = answerTerms.filter((token) => questionStems.has(token.stem) && !positive.stems.has(token.stem)).length;

  const disqualifiers: Disqualifier[] = [];
  const expected = new Set(rubric.positiveTexts.map(leadingVerdict).filter(Boolean));
  const given = leadingVerdict(answerText);
  // The right words negated: "it does not evaporate" against "it evaporates", in any one of the
  // points a target requires (targets.ts).
  // Or another verdict (yes/no, a choice letter) than the one all the right answers open with.
  const oppositeVerdict = expected.size === 1 && given !== undefined && !expected.has(given);
  if (best.itemNegated > 0 || oppositeVerdict) disqualifiers.push("contradicts_rubric");
  const polarities = polaritiesOf(rubric.positiveTexts.map((text) => contentTokens(text)));
  if (statesTheOpposite(answer.tokens, polarities, questionStems)) disqualifiers.push("contradicts_itself");
  if ([...rubric.mustNot, ...rubric.incorrect].some((item) => saysRuledOut(item, answer, positive))) disqualifiers.push("ruled_out");
  // Verdict words in a list ("yes 0.5 50 hundredths more", "yes no 6 4") are answers, not the
  // grammar of a sentence; a "no" inside a sentence still is ("it contains no salt").
  const shape = wordShape(answerText.replace(/^\W*no\b|\byes\W+no\b|\bno\W+yes\b|\byes\b/gi, ""));
  if (answer.tokens.length >= LIST_MIN_TERMS && shape.functionWords <= LIST_MAX_FUNCTION_SHARE * shape.words) disqualifiers.push("keyword_list");
  // Every word of the answer is in the question, and it restates a good part of the question (a
  // short answer in the question's own words may still be right: "the food contains sugar").
  const restated = share(answerTerms.length, questionStems.size) >= QUESTION_RESTATED_SHARE || /\?\s*$/.test(answerText);
  if (ownTerms.length === 0 && restated) disqualifiers.push("question_echo");

  return {
    features: {
      coverage: best.coverage,
      ownCoverage: best.ownCoverage,
      phraseCoverage: best.phraseCoverage,
      letterOverlap: best.letterOverlap,
      precision: share(ownTerms.filter((token) => inStems(token, positive.stems, positive.words)).length, ownTerms.length),
      questionEcho: share(echoes, answerTerms.length),
      contradiction: best.contradiction,
      logLength: Math.log1p(answer.tokens.length),
      unionCoverage: share(positive.concepts.filter((concept) => matchConcept(concept, answer.tokens) === "stated").length, positive.concepts.length),
      lengthRatio: Math.min(1, share(answerTerms.length, scored[0]?.concepts ?? 0)),
      logTargets: Math.log1p(scored.length),
      sentenceCoverage: bestSentenceCoverage(rubric.positiveTexts, answer, best.ownCoverage),
    },
    evidence: {
      disqualifiers,
      bestIsGroup: scored[0]?.group ?? false,
      ...(rubric.genericOnly ? { genericRubric: true } : {}),
      ...(scored[0] && scored[0].strength > 0 && scored[0].source.text ? { matched: scored[0].source } : {}),
    },
  };
}
