import { stemmer } from "stemmer";

/**
 * Text analysis for the offline generator: sentences and key terms of the Test Context, by plain
 * statistics (term frequency, length, capitalised phrases), so drafts need no model. Deterministic:
 * every tie is broken by where the term first appears.
 */

const STOP_WORDS = new Set(
  `a about above after again against all also although always am an and any are around as at be because been
  before being below between both but by can cannot could did do does doing done down during each either else
  enough even ever every few for from further had has have having he her here hers herself him himself his how
  however i if in into is it its itself just least less many may me might more most much must my myself near
  neither never no nor not now of off often on once one only onto or other others otherwise our ours ourselves
  out over own per perhaps rather same several shall she should since so some such than that the their theirs
  them themselves then there therefore these they this those though through thus to too toward towards under
  until up upon us usually very was we well were what whatever when whenever where whether which while who whom
  whose why will with within without would yet you your yours yourself yourselves called known include
  includes including used uses using make makes made like another during among across along behind beyond inside
  outside despite via`.split(/\s+/),
);

export interface Term {
  /** Stems joined by spaces: "plant" for plant/plants, "pacif ocean" for Pacific Ocean. */
  key: string;
  /** How the term reads in an option or a title. */
  text: string;
  score: number;
  firstIndex: number;
  /** Seen after an article or preposition, or shaped like a noun: the better answers and distractors. */
  nounish: boolean;
  /**
   * Can name a main idea (a title, a competency): a phrase, or a word with a noun's evidence
   * (a name, after an article or preposition, a noun's ending) that is not an adjective or a verb
   * form, not always a modifier of the next word ("green plants"), and not mostly said inside its
   * phrases ("Estate" beside "Third Estate"). A capital at a sentence's start is no evidence.
   */
  topical: boolean;
}

export interface Sentence {
  text: string;
  index: number;
  /** The sentence's stems, space-padded, so looking a term up is one string search. */
  stems: string;
  /** A full statement (capital start, end punctuation, 5+ words), better than a heading or fragment. */
  isStatement: boolean;
}

const WORD = /\p{L}[\p{L}\p{N}_'’-]*/gu;
const MAX_SENTENCE_LENGTH = 600;

function stemOf(word: string): string {
  return stemmer(word.toLowerCase().replace(/['’]s$/, ""));
}

function termKey(text: string): string {
  return (text.match(WORD) ?? []).map(stemOf).join(" ");
}

/**
 * Sentences end at ., ! or ? before a capital or digit, or at the end of a paragraph, list item or
 * heading. A line that continues a wrapped paragraph (no end punctuation before it, lower-case
 * start) is joined to it, so wrapped text does not become fragments.
 */
export function splitSentences(context: string): Sentence[] {
  return joinWrappedLines(context.replace(/\r\n?/g, "\n").split("\n"))
    .flatMap(splitLine)
    .map((line) =>
      line
        .replace(/`|\*\*|__/g, "")
        .replace(/\s+/g, " ")
        .trim(),
    )
    .filter((line) => (line.match(WORD) ?? []).length > 0)
    .map((line, index) => asSentence(clip(line, MAX_SENTENCE_LENGTH), index));
}

const BLOCK_START = /^\s*(?:[-*•]|\d+[.)]|#{1,6})\s+/;

function joinWrappedLines(lines: string[]): string[] {
  const blocks: string[] = [];
  let previousLine = "";
  for (const line of lines) {
    const continues =
      blocks.length > 0 && /[^.!?:;]\s*$/.test(previousLine) && !/^\s*#/.test(previousLine) && !BLOCK_START.test(line) && /^\s*[\p{Ll}\d(]/u.test(line);
    if (continues) blocks[blocks.length - 1] += ` ${line.trim()}`;
    else if (line.trim()) blocks.push(line.replace(BLOCK_START, "").trim());
    previousLine = line.trim() ? line : "";
  }
  return blocks;
}

export function asSentence(text: string, index = -1): Sentence {
  const isStatement = /^["'(\p{Lu}\d]/u.test(text) && /[.!?]["')]?$/.test(text) && text.split(/\s+/).length >= 5;
  return { text, index, stems: ` ${termKey(text)} `, isStatement };
}

/** "Dr. Lee" and "e.g. Mars" do not end a sentence. */
const ABBREVIATION = /\b(?:Dr|Mr|Mrs|Ms|Prof|St|Sr|Jr|vs|etc|e\.g|i\.e|No|Fig|approx)\.$/i;

function splitLine(line: string): string[] {
  const pieces: string[] = [];
  for (const piece of line.split(/(?<=[.!?])\s+(?=["'(\p{Lu}\d])/u)) {
    const previous = pieces.at(-1);
    if (previous !== undefined && ABBREVIATION.test(previous)) pieces[pieces.length - 1] = `${previous} ${piece}`;
    else pieces.push(piece);
  }
  return pieces;
}

function clip(text: string, max: number): string {
  return text.length <= max ? text : `${text.slice(0, max - 1).replace(/\s+\S*$/, "")}…`;
}

function isCandidateWord(word: string): boolean {
  if (STOP_WORDS.has(word.toLowerCase())) return false;
  // Acronyms (DNA, CPU) are short but meaningful; other short words rarely are.
  return word.length >= 4 || (word.length >= 2 && word === word.toUpperCase());
}

interface Tally {
  count: number;
  firstIndex: number;
  forms: Map<string, number>;
  isPhrase: boolean;
  nounish: boolean;
  /** Seen as a name or after a noun marker, or with a noun's ending: not merely at a sentence's start. */
  nounEvidence: boolean;
  /** Times the next word was not another content word, i.e. the word ended its noun group. */
  heads: number;
}

/** Words after which a noun usually follows; with noun suffixes they tell distractors from verbs. */
const NOUN_MARKERS = new Set("the a an of in into from for with by on its their his her our this these those each every some between".split(" "));
const NOUN_SUFFIX = /(?:tion|sion|sis|ment|ness|ity|ism|ogy|ance|ence|ist|ure|ics|ia|um|us)$/i;
/** Endings of past verb forms and adjectives: such a word alone never names a main idea. */
const NOT_A_NOUN = /(?:[^e]ed|ous|ful|less)$/i;
const ADJECTIVES = new Set(
  `green red blue yellow orange purple black white brown grey gray large small tiny big little high low new old
  simple main important different same first second third last long short heavy great good bad early late
  major minor whole certain common special`.split(/\s+/),
);

/**
 * Key terms ranked by score: frequency, weighted up for longer words and phrases. Phrases are runs
 * of capitalised words and word pairs seen at least twice ("carbon dioxide"); a word that only
 * occurs inside a phrase is left to the phrase, so "Calvin" is not a term beside "Calvin Cycle".
 */
export function extractTerms(sentences: Sentence[]): Term[] {
  const tallies = new Map<string, Tally>();
  let position = 0;
  const add = (surface: string, isPhrase: boolean, nounish: boolean, nounEvidence = nounish, head = true) => {
    const key = termKey(surface);
    const tally = tallies.get(key) ?? { count: 0, firstIndex: position, forms: new Map(), isPhrase, nounish, nounEvidence, heads: 0 };
    tally.count += 1;
    tally.nounish ||= nounish;
    tally.nounEvidence ||= nounEvidence;
    if (head) tally.heads += 1;
    tally.forms.set(surface, (tally.forms.get(surface) ?? 0) + 1);
    tallies.set(key, tally);
  };
  for (const sentence of sentences) {
    const words = sentence.text.match(WORD) ?? [];
    words.forEach((word, index) => {
      position += 1;
      if (!isCandidateWord(word)) return;
      // A capital at the start of a sentence says nothing; elsewhere it marks a name.
      const isName = index > 0 && /^\p{Lu}/u.test(word) && word !== word.toUpperCase();
      const previous = (words[index - 1] ?? "").toLowerCase();
      const nounEvidence = isName || NOUN_MARKERS.has(previous) || NOUN_SUFFIX.test(word);
      const next = words[index + 1];
      add(isName || word === word.toUpperCase() ? word : word.toLowerCase(), false, nounEvidence || index === 0, nounEvidence, !next || !isCandidateWord(next));
      if (next && isCandidateWord(next) && !/^\p{Lu}/u.test(next)) add(`${word.toLowerCase()} ${next}`, true, true);
    });
    for (const phrase of capitalisedPhrases(words)) add(phrase, true, true);
  }
  const kept = [...tallies.entries()].filter(([, tally]) => !tally.isPhrase || tally.count >= 2 || /^\p{Lu}/u.test(mostCommonForm(tally.forms)));
  const phraseCounts = new Map<string, number>();
  for (const [key, tally] of kept.filter(([, tally]) => tally.isPhrase)) {
    for (const stem of key.split(" ")) phraseCounts.set(stem, Math.max(phraseCounts.get(stem) ?? 0, tally.count));
  }
  // How often each word is said inside the kept phrases, to tell a main idea from a phrase's part.
  const insidePhrases = new Map<string, number>();
  for (const [key, tally] of kept.filter(([, tally]) => tally.isPhrase)) {
    for (const stem of new Set(key.split(" "))) insidePhrases.set(stem, (insidePhrases.get(stem) ?? 0) + tally.count);
  }
  return kept
    .filter(([key, tally]) => tally.isPhrase || tally.count > (phraseCounts.get(key) ?? 0))
    .map(([key, tally]) => {
      const text = mostCommonForm(tally.forms);
      return {
        key,
        text,
        score: tally.count * (1 + Math.min(key.length, 12) / 6) + (tally.isPhrase ? 1.5 : 0),
        firstIndex: tally.firstIndex,
        nounish: tally.nounish,
        topical: tally.isPhrase || isTopicalWord(text, tally, insidePhrases.get(key) ?? 0),
      };
    })
    .sort((a, b) => b.score - a.score || a.firstIndex - b.firstIndex);
}

function isTopicalWord(text: string, tally: Tally, timesInsidePhrases: number): boolean {
  if (!tally.nounEvidence || ADJECTIVES.has(text.toLowerCase())) return false;
  if (NOT_A_NOUN.test(text) && !/^\p{Lu}/u.test(text)) return false;
  const alwaysModifies = tally.count >= 2 && tally.heads === 0;
  return !alwaysModifies && timesInsidePhrases * 2 < tally.count;
}

/** Runs of two or more capitalised words ("Isaac Newton", "Pacific Ocean"), leading stop-words dropped. */
function capitalisedPhrases(words: string[]): string[] {
  const phrases: string[] = [];
  let run: string[] = [];
  const flush = () => {
    while (run.length && STOP_WORDS.has((run[0] ?? "").toLowerCase())) run.shift();
    if (run.length >= 2) phrases.push(run.join(" "));
    run = [];
  };
  for (const word of words) {
    if (/^\p{Lu}/u.test(word)) run.push(word);
    else flush();
  }
  flush();
  return phrases;
}

function mostCommonForm(forms: Map<string, number>): string {
  let best = "";
  let bestCount = 0;
  for (const [form, count] of forms) {
    if (count > bestCount) [best, bestCount] = [form, count];
  }
  return best;
}

/** A text's stems from its first content word on (articles, prepositions and short words skipped). */
export function stemsFromFirstContentWord(text: string): string[] {
  const words = text.match(WORD) ?? [];
  const start = words.findIndex(isCandidateWord);
  return start < 0 ? [] : words.slice(start).map(stemOf);
}

/** Whether a sentence mentions the term in any inflection. */
export function sentenceMentions(sentence: Sentence, term: Term): boolean {
  return sentence.stems.includes(` ${term.key} `);
}

/** How many times a sentence mentions the term (any inflection). */
export function mentionCount(sentence: Sentence, term: Term): number {
  return sentence.stems.split(` ${term.key} `).length - 1;
}

/** The sentence with every inflection of the term replaced by a blank. */
export function blankOut(sentence: string, term: Term): string {
  const length = term.key.split(" ").length;
  const words = [...sentence.matchAll(WORD)];
  let result = "";
  let cursor = 0;
  for (let index = 0; index < words.length; index += 1) {
    const run = words.slice(index, index + length);
    if (run.length < length || run.map((match) => stemOf(match[0])).join(" ") !== term.key) continue;
    const start = run[0]?.index ?? 0;
    const last = run[run.length - 1];
    result += `${sentence.slice(cursor, start)}____`;
    cursor = (last?.index ?? 0) + (last?.[0].length ?? 0);
    index += length - 1;
  }
  return result + sentence.slice(cursor);
}

/** A small stable hash, so option order looks shuffled yet is the same for the same input. */
export function stableHash(text: string): number {
  let hash = 2166136261;
  for (let index = 0; index < text.length; index += 1) {
    hash = Math.imul(hash ^ text.charCodeAt(index), 16777619);
  }
  return hash >>> 0;
}
