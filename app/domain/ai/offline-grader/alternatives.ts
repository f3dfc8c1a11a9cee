import { textOf } from "./text";

/**
 * Alternatives and counts as teachers write them in the prose of a reference answer or rubric
 * (docs/decisions/0034-offline-grader-rubric-forms-and-held-out-questions.md): "Synonyms of X, e.g.,
 * harmful, damaging, … etc.", "such as …", "any of …", "There is a finite set of correct answers
 * here: …", "means harmful, detrimental, or negative", and "list three of the words", "State at least
 * 4 of the differences". Each alternative is an acceptable answer on its own; with a count, an
 * answer is right when it gives that many of them.
 */

/** Markers after which a text lists alternatives, any one of which is right. */
const ALTERNATIVES_MARKER =
  /\b(?:e\.\s?g\.|for\s+example|such\s+as|any\s+(?:one\s+)?of(?:\s+the\s+following)?|(?:there\s+(?:is|are)\s+)?an?\s+(?:finite|closed|fixed)\s+(?:set|list)\s+of\s+(?:correct|acceptable)\s+(?:answers?|responses?)(?:\s+here)?|acceptable\s+answers?\s+(?:are|include))\s*[:,]?\s*/gi;

/** An alternative is a short answer: a longer item means the list is prose, not a list of answers. */
const MAX_ITEM_WORDS = 4;

const words = (text: string) => text.split(/\s+/).filter(Boolean);

/** The rest of the sentence (or line, or bracket) after a marker. */
function sentenceAfter(text: string, start: number): string {
  const rest = text.slice(start);
  const end = /\n|[.!?](?:\s+[A-Z]|\s*$)|\)/.exec(rest);
  return end ? rest.slice(0, end.index) : rest;
}

function cleanItem(item: string): string {
  return item
    .replace(/^\s*(?:or|and)\s+/i, "")
    .replace(/\b(?:etc\.?|and\s+so\s+on)\s*$/i, "")
    .replace(/(?:…|\.\.\.|[.;:,])+\s*$/, "")
    .replace(/^[\s"“”'‘’]+|[\s"“”'‘’]+$/g, "")
    .trim();
}

/** The items of a list of short answers ("a, b, or c"; "a / b"; quoted ones), or none when it is prose. */
function shortItems(list: string): string[] {
  const quoted = [...list.matchAll(/["“]([^"“”]+)["”]/g)].map((match) => cleanItem(match[1]!));
  const items = (quoted.length > 1 ? quoted : list.split(/,|;|\s+\/\s+|\s+or\s+|…|\.\.\./i).map(cleanItem)).filter((item) => /[a-z0-9]/i.test(item));
  if (items.length < 2 || items.some((item) => words(item).length > MAX_ITEM_WORDS)) return [];
  return items;
}

/**
 * "means harmful, detrimental, or negative": three or more short items joined by commas and a last
 * "or", ending its clause. The first item is cut to the length of the longest other one, since the
 * words before it are the sentence's, not the list's ("… an adjective that means harmful").
 */
const OR_LIST =
  /\b(?:means?|meaning|includes?|either|accept|synonyms?\s+(?:are|include))\s+((?:[\w'-]+\s+){0,2}[\w'-]+,\s+(?:[\w'-]+(?:\s+[\w'-]+){0,2},\s+)+)or\s+([\w'-]+(?:\s+[\w'-]+){0,2})(?=\s*(?:[.;:!?…)]|$|\n))/gi;

function orLists(text: string): string[][] {
  return [...text.matchAll(OR_LIST)].flatMap((match) => {
    const head = match[1]!.split(",").map((item) => item.trim());
    const rest = [...head.slice(1).filter(Boolean), match[2]!.trim()];
    if (rest.some((item) => words(item).length > 3)) return [];
    const longest = Math.max(...rest.map((item) => words(item).length));
    const first = words(head[0]!).slice(-longest).join(" ");
    return [[first, ...rest].map(cleanItem).filter(Boolean)];
  });
}

/** Every list of alternatives written in the prose of a text, each as its items. */
export function alternativeLists(text: string): string[][] {
  const plain = textOf(text);
  const lists: string[][] = [];
  for (const match of plain.matchAll(ALTERNATIVES_MARKER)) {
    // Examples in brackets illustrate the word before them ("other flaws (e.g., inaccuracies, omissions)"); they are not answers.
    if (/\([^)]*$/.test(plain.slice(0, match.index))) continue;
    const items = shortItems(sentenceAfter(plain, match.index + match[0].length));
    if (items.length > 0) lists.push(items);
  }
  lists.push(...orLists(plain));
  return lists;
}

const MARKER = /^(?:\(?\d+[.)]|\(?[a-z][.)](?=\s)|\(?[ivx]+[.)]|[-*•●○–])\s*/i;

/**
 * The items of a list in a text: bulleted or numbered lines and the lines under a heading that ends
 * with a colon, or, in a text with neither, every line.
 */
export function listLines(text: string): string[] {
  const lines = textOf(text)
    .split(/\n+/)
    .map((line) => line.trim())
    .filter((line) => /[a-z0-9]/i.test(line));
  const items: string[] = [];
  const structured = lines.some((line) => MARKER.test(line) || /:\s*$/.test(line));
  let underHeading = !structured;
  for (const line of lines) {
    const marked = MARKER.test(line);
    if (/:\s*$/.test(line)) {
      underHeading = true;
      continue;
    }
    // A line broken in the middle of a sentence goes on the item before it.
    if (!marked && /^[a-z(]/.test(line) && items.length > 0 && !/[.!?]$/.test(items[items.length - 1]!)) items[items.length - 1] += ` ${line}`;
    else if (marked || underHeading) items.push(line.replace(MARKER, "").trim());
  }
  return withoutSharedOpening(items.filter((item) => /[a-z0-9]/i.test(item) && !/^other\s+(?:acceptable|reasonable|correct)\b/i.test(item)));
}

/** The items of a text written as a list (marked lines, or lines under a heading ending with a colon); none for prose. */
export function listedItems(text: string): string[] {
  const lines = textOf(text)
    .split(/\n+/)
    .map((line) => line.trim());
  return lines.some((line) => MARKER.test(line) || /:\s*$/.test(line)) ? listLines(text) : [];
}

/** Words every item of a list of three or more opens with ("You need to know …") frame the list; they are not what an answer must say. */
function withoutSharedOpening(items: string[]): string[] {
  if (items.length < 3) return items;
  const split = items.map(words);
  let shared = 0;
  while (split.every((item) => item.length > shared + 1 && item[shared]!.toLowerCase() === split[0]![shared]!.toLowerCase())) shared += 1;
  return shared === 0 ? items : split.map((item) => item.slice(shared).join(" "));
}

const NUMBER_WORDS: Record<string, number> = { two: 2, three: 3, four: 4, five: 5, six: 6, seven: 7, eight: 8, nine: 9, ten: 10 };
const NUMBER = "(two|three|four|five|six|seven|eight|nine|ten|[2-9]|10)";
/** Verbs that ask for a number of things ("list three of", "name the 2 phases", "describe two ways"). */
const COUNT_VERB = "(?:list|name|give|state|identify|include|describe|provide|write|mention|explain)";
const COUNT_PATTERNS = [
  new RegExp(`\\bany\\s+${NUMBER}\\s+of\\b`, "i"),
  new RegExp(`\\b${COUNT_VERB}\\s+(?:the\\s+|any\\s+|at\\s+least\\s+)?${NUMBER}\\b`, "i"),
  new RegExp(`\\b${NUMBER}\\s+of\\s+the\\b`, "i"),
];
/** A number of sentences, words or marks is a length or a score, not a count of answers. */
const NOT_A_COUNT = /^\s*(?:[-–]|to\b|or\b|(?:\w+\s+)?(?:sentences?|words?|points?|marks?|lines?|minutes?|seconds?|hours?|times?)\b)/i;

/** How many distinct acceptable items a text asks for ("list three of", "any two of the following", "at least 4 of"), if it says. */
export function requiredCount(text: string): number | undefined {
  const plain = textOf(text);
  let found: { index: number; count: number } | undefined;
  for (const pattern of COUNT_PATTERNS) {
    const global = new RegExp(pattern.source, "gi");
    for (const match of plain.matchAll(global)) {
      if (NOT_A_COUNT.test(plain.slice(match.index + match[0].length))) continue;
      const raw = match[1]!.toLowerCase();
      const count = NUMBER_WORDS[raw] ?? Number(raw);
      if (!found || match.index < found.index) found = { index: match.index, count };
      break;
    }
  }
  return found?.count;
}
