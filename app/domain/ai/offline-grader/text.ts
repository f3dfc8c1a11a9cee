import { stemmer } from "stemmer";

import { htmlToPlainText } from "~/domain/questions/plain-text";

import { NEGATORS, STOPWORDS } from "./stopwords";

/** One content word of a text, reduced to its stem, with whether a negator governs it. */
export type ContentToken = {
  word: string;
  stem: string;
  negated: boolean;
  /** Position among the text's content tokens, so adjacent ones can form key phrases. */
  position: number;
  /** Index of the clause the token is in: key phrases never span a clause break. */
  clause: number;
};

/**
 * A negator governs the next few content words of its clause: "did not fully evaporate" negates
 * "evaporate" too, but a negation rarely reaches further than that.
 */
const NEGATION_SCOPE = 3;

/** Question texts may hold simple HTML: the tags are layout, not words; line breaks still end list lines. */
export const textOf = (html: string) => htmlToPlainText(html, { keepLineBreaks: true });

/** Spell contractions out so the negation survives tokenisation ("doesn't" keeps its "not"). */
function expandContractions(text: string): string {
  return (
    text
      .replace(/[’‘`]/g, "'")
      .replace(/\bcan't\b/g, "can not")
      .replace(/\bwon't\b/g, "will not")
      .replace(/\bcannot\b/g, "can not")
      .replace(/n't\b/g, " not")
      // Students drop the apostrophe: "doesnt", "isnt", "didnt" still say "not".
      .replace(/\b(do|does|did|is|was|are|were|has|have|had|could|would|should|must)nt\b/g, "$1 not")
      .replace(/'(s|re|ve|ll|d|m)\b/g, " ")
  );
}

const CLAUSE_BREAK = /^[.,;:!?()]$/;
/** Conjunctions that end the reach of a negation, as a clause break does: "not salt but sugar". */
const NEGATION_ENDERS: ReadonlySet<string> = new Set(["but", "although", "though", "instead", "whereas", "so", "because"]);

const NUMBER_WORDS: Record<string, string> = {
  zero: "0",
  one: "1",
  two: "2",
  three: "3",
  four: "4",
  five: "5",
  six: "6",
  seven: "7",
  eight: "8",
  nine: "9",
  ten: "10",
};

/**
 * A capital letter standing alone inside a sentence names something ("bulb A", "switch X",
 * "box B"): it is content, unlike the article "a". It is kept with this mark so the stopword
 * list does not drop it.
 */
const LETTER_NAME_MARK = "letter-";

/** Words and clause punctuation, lower-cased, in reading order. */
function rawTokens(text: string): string[] {
  const named = textOf(text)
    .replace(/^(\s*)([A-Z])([.):])/, (_, before: string, letter: string, after: string) => `${before}${LETTER_NAME_MARK}${letter}${after}`)
    .replace(/([a-zA-Z0-9,] +)([A-HJ-Z])\b(?!')/g, (_, before: string, letter: string) => `${before}${LETTER_NAME_MARK}${letter}`);
  const normalised = expandContractions(named.toLowerCase());
  return (normalised.match(/[a-z0-9]+(?:[-'][a-z0-9]+)*|[.,;:!?()]/g) ?? []).map((token) => NUMBER_WORDS[token] ?? token);
}

/** Hyphenated words count as their parts ("light-dependent" is "light" and "dependent"), letter names stay whole. */
function splitCompound(word: string): string[] {
  if (word.startsWith(LETTER_NAME_MARK) && word.length === LETTER_NAME_MARK.length + 1) return [word];
  return word.split(/[-']/).filter(Boolean);
}

/** Content words of a text, stemmed, each marked when a negator governs it. */
export function contentTokens(text: string): ContentToken[] {
  const tokens: ContentToken[] = [];
  let negationLeft = 0;
  let clause = 0;
  let previous: string | undefined;
  for (const raw of rawTokens(text)) {
    // "not because X" negates X: a negator right before "because" carries over.
    if (raw === "because" && previous !== undefined && NEGATORS.has(previous)) {
      previous = raw;
      continue;
    }
    previous = raw;
    if (CLAUSE_BREAK.test(raw) || NEGATION_ENDERS.has(raw)) {
      negationLeft = 0;
      clause += 1;
      continue;
    }
    if (NEGATORS.has(raw)) {
      negationLeft = NEGATION_SCOPE;
      continue;
    }
    for (const word of splitCompound(raw)) {
      if (STOPWORDS.has(word) || NEGATORS.has(word)) continue;
      tokens.push({ word, stem: stemmer(word), negated: negationLeft > 0, position: tokens.length, clause });
      if (negationLeft > 0) negationLeft -= 1;
    }
  }
  return tokens;
}

/** Whether a text has any content at all (letters or digits outside markup). */
export function hasWords(text: string): boolean {
  return /[a-z0-9]/i.test(textOf(text));
}

/**
 * How many words a text has, and how many of them are function words ("the", "is", "because"):
 * a sentence almost always has some, a list of key words almost never does.
 */
export function wordShape(text: string): { words: number; functionWords: number } {
  const words = rawTokens(text).filter((token) => !CLAUSE_BREAK.test(token));
  return { words: words.length, functionWords: words.filter((word) => STOPWORDS.has(word) || NEGATORS.has(word)).length };
}
