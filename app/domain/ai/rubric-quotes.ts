import { GRADE_CORRECT_THRESHOLD, type GradingResult } from "./schemas";

/** Quoting this many words of the rubric in a row gives the key away. */
const QUOTE_WORDS = 5;
const WITHHELD = "[…]";

const words = (text: string) => text.toLowerCase().match(/[\p{L}\p{N}]+(?:['’-][\p{L}\p{N}]+)*/gu) ?? [];

/** Every run of QUOTE_WORDS words of the text, joined by single spaces. */
export function wordRuns(text: string): Set<string> {
  const list = words(text);
  const runs = new Set<string>();
  for (let start = 0; start + QUOTE_WORDS <= list.length; start += 1) runs.add(list.slice(start, start + QUOTE_WORDS).join(" "));
  return runs;
}

/** The text with every stretch that repeats QUOTE_WORDS or more words of the rubric in a row replaced by "[…]". */
function withoutQuotes(text: string, rubricRuns: ReadonlySet<string>): string {
  const tokens = [...text.matchAll(/[\p{L}\p{N}]+(?:['’-][\p{L}\p{N}]+)*/gu)];
  const quoted = new Array<boolean>(tokens.length).fill(false);
  for (let start = 0; start + QUOTE_WORDS <= tokens.length; start += 1) {
    const run = tokens
      .slice(start, start + QUOTE_WORDS)
      .map((token) => token[0].toLowerCase())
      .join(" ");
    if (rubricRuns.has(run)) quoted.fill(true, start, start + QUOTE_WORDS);
  }
  let result = "";
  let cursor = 0;
  for (let index = 0; index < tokens.length; index += 1) {
    if (!quoted[index]) continue;
    let end = index;
    while (end + 1 < tokens.length && quoted[end + 1]) end += 1;
    const first = tokens[index]!;
    const last = tokens[end]!;
    result += text.slice(cursor, first.index) + WITHHELD;
    cursor = last.index! + last[0].length;
    index = end;
  }
  return result + text.slice(cursor);
}

/**
 * What a student reads about a wrong answer must not hand over the answer key: a model asked not
 * to quote the rubric sometimes does, so for a score below the pass mark any run of QUOTE_WORDS
 * words copied from the rubric is withheld from the feedback, strengths and improvements. The
 * key points stay: only teachers see them (the AI Grading Review, question preview).
 */
export function withoutRubricQuotes(result: GradingResult, rubric: string): GradingResult {
  if (result.score >= GRADE_CORRECT_THRESHOLD) return result;
  const runs = wordRuns(rubric);
  if (runs.size === 0) return result;
  const clean = (text: string) => withoutQuotes(text, runs);
  return { ...result, feedback: clean(result.feedback), strengths: result.strengths.map(clean), improvements: result.improvements.map(clean) };
}
