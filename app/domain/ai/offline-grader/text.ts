import { stemmer } from "stemmer";

import { htmlToPlainText } from "~/domain/questions/plain-text";

import { canonicalStem } from "./lexicon";
import { NEGATORS, STOPWORDS } from "./stopwords";

/** One content word of a text, reduced to its stem, with whether a negator governs it. */
export type ContentToken = {
  word: string;
  stem: string;
  negated: boolean;
  /** Content words between the negator and this word, when negated (0: the negator's own word, "not closed"). */
  negatedFrom: number;
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
      // A double quote typed for an apostrophe ("isn"t", "there"s") is still one.
      .replace(/([a-z])"(s|t|re|ve|ll|d|m)\b/g, "$1'$2")
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
  const normalised = expandContractions(named.toLowerCase().replace(/\b(?:e\.g|i\.e)\./g, ","));
  const tokens = (normalised.match(/[a-z0-9]+(?:[-'][a-z0-9]+)*|[.,;:!?()]/g) ?? []).map((token) => NUMBER_WORDS[token] ?? token);
  return tokens.map((token, index) => (isLowerCaseLetterName(token, tokens[index - 1], tokens[index + 1]) ? `${LETTER_NAME_MARK}${token}` : token));
}

/** What may follow a letter that names something ("bulbs a and c", "switch a is open", "box a."). */
const AFTER_LETTER_NAME: ReadonlySet<string> = new Set([".", ",", ";", ")", "and", "or", "is", "was", "has", "will", "would", "are"]);

/**
 * Students write names in lower case too ("bulb c", "terminal b"): a letter standing alone other
 * than "a" and "i" is not an English word, so it names something; "a" does when a content word
 * comes before it and a clause break, a conjunction or a verb after it ("bulb a and c").
 */
function isLowerCaseLetterName(token: string, previous: string | undefined, next: string | undefined): boolean {
  if (!/^[a-z]$/.test(token) || token === "i") return false;
  if (token !== "a") return true;
  return (
    previous !== undefined &&
    /^[a-z]{2,}$/.test(previous) &&
    !STOPWORDS.has(previous) &&
    !NEGATORS.has(previous) &&
    (next === undefined || AFTER_LETTER_NAME.has(next))
  );
}

/** Hyphenated words count as their parts ("light-dependent" is "light" and "dependent"), letter names stay whole. */
function splitCompound(word: string): string[] {
  if (word.startsWith(LETTER_NAME_MARK) && word.length === LETTER_NAME_MARK.length + 1) return [word];
  return word.split(/[-']/).filter(Boolean);
}

/** Stands for a phrase that reports what follows as untrue. */
const DENIAL = "<denial>";
/**
 * Phrases saying that what follows is not so: "it is not true that …", "it is false that …",
 * "some people think …", "you might think …", "it is a myth that …". They deny the rest of the
 * sentence, up to a contrast ("…, but it is …"), not only the next few words.
 */
const DENIALS: RegExp[] = [
  /\b(?:not|never) (?:true|correct|right) that\b/g,
  /\b(?:is|was) (?:false|wrong|untrue|incorrect) (?:to say )?that\b/g,
  /\b(?:some|many|most|other) (?:people|students|kids) (?:think|believe|say|claim)s?(?: that)?\b/g,
  /\byou (?:might|may|could) (?:think|believe)(?: that)?\b/g,
  /\b(?:a )?(?:myth|misconception) (?:is )?that\b/g,
];
/** Where a denial ends: the end of a sentence or a contrast. */
const DENIAL_ENDERS: ReadonlySet<string> = new Set([".", ";", "!", "?", "but", "however", "although", "though", "instead", "whereas", "actually"]);

function withDenials(tokens: string[]): string[] {
  const joined = ` ${tokens.join(" ")} `;
  const marked = DENIALS.reduce((text, pattern) => text.replace(pattern, DENIAL), joined);
  return marked === joined ? tokens : marked.trim().split(" ").filter(Boolean);
}

/**
 * Texts already read, with their tokens: grading one answer reads its question's text and rubric
 * several times, and every answer to that question reads them again (the offline grade runs in the
 * session's object on each submit, scripts/load/README.md). Bounded; emptied whole when full.
 */
const tokensRead = new Map<string, ContentToken[]>();
const TEXTS_KEPT = 1_000;

/**
 * Content words of a text, stemmed, each marked when a negator governs it. The same text gives
 * the same array, frozen with its tokens: callers share it and must not change it.
 */
export function contentTokens(text: string): ContentToken[] {
  let tokens = tokensRead.get(text);
  if (!tokens) {
    if (tokensRead.size >= TEXTS_KEPT) tokensRead.clear();
    tokens = Object.freeze(readContentTokens(text).map((token) => Object.freeze(token))) as ContentToken[];
    tokensRead.set(text, tokens);
  }
  return tokens;
}

function readContentTokens(text: string): ContentToken[] {
  const tokens: ContentToken[] = [];
  let negationLeft = 0;
  let denied = false;
  let clause = 0;
  let previous: string | undefined;
  for (const raw of withDenials(rawTokens(text))) {
    if (raw === DENIAL) {
      denied = true;
      continue;
    }
    if (denied && DENIAL_ENDERS.has(raw)) denied = false;
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
      // A denied statement is negated as a whole, each of its words as closely as "not closed".
      const negated = denied || negationLeft > 0;
      const negatedFrom = denied ? 0 : NEGATION_SCOPE - negationLeft;
      tokens.push({ word, stem: canonicalStem(stemmer(word)), negated, negatedFrom, position: tokens.length, clause });
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
