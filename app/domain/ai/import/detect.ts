import Papa from "papaparse";

import { CSV_DELIMITERS } from "~/domain/csv-rows";

import { csvColumns } from "./csv";
import { NUMBERED_QUESTION } from "./numbered";
import { type ImportFormat, normaliseNewlines } from "./shared";

/** A GIFT answer block ({=…}, {~…}, {#…}, {T}, {FALSE#…}, {}, {%50%…}) not preceded by a backslash. */
const GIFT_ANSWER_BLOCK = /(^|[^\\])\{\s*(?:[=~#]|%-?\d|(?:T|F|TRUE|FALSE)\s*[#}])/im;
/** An essay's empty block after a sentence ("Describe X. {}"), so code like "function() {}" is not GIFT. */
const GIFT_ESSAY_BLOCK = /[?.:!]\s*\{\s*\}\s*$/m;
const GIFT_MARKERS = /^\s*(?:::[^\n]*::|\$CATEGORY\s*:)/im;
const AIKEN_ANSWER_LETTERS = /^ANSWER\s*:\s*[A-Z](?:\s*[,;&]?\s*[A-Z])*\s*$/im;
const STARRED_OPTION = /^\s*\*?\s*[A-Za-z]\s*[.)]\s+.*\*\s*$|^\s*\*\s*[A-Za-z]\s*[.)]\s+/m;

/**
 * Which format the pasted text is written in. The structured formats have unmistakable marks
 * (GIFT's answer blocks, Aiken's "ANSWER: B" lines, a CSV header naming a text column); anything
 * else is read as the numbered format. Aiken files with numbered questions and "*" marks are left
 * to the numbered reader, which understands both.
 */
export function detectFormat(raw: string): ImportFormat {
  const text = normaliseNewlines(raw);
  if (GIFT_MARKERS.test(text) || GIFT_ANSWER_BLOCK.test(text) || GIFT_ESSAY_BLOCK.test(text)) return "gift";
  if (looksLikeAiken(text)) return "aiken";
  if (looksLikeCsv(text)) return "csv";
  return "numbered";
}

function looksLikeAiken(text: string): boolean {
  if (!AIKEN_ANSWER_LETTERS.test(text) || STARRED_OPTION.test(text)) return false;
  // "Answer: B" after numbered questions is the numbered format, which reads those letters too.
  return !text.split("\n").some((line) => NUMBERED_QUESTION.test(line.trim()));
}

function looksLikeCsv(text: string): boolean {
  const firstLine = text.trimStart().split("\n", 1)[0] ?? "";
  const header = Papa.parse<string[]>(firstLine, { preview: 1, delimitersToGuess: CSV_DELIMITERS }).data[0];
  const columns = header ? csvColumns(header) : null;
  // Two known columns, so a first sentence like "Text, images and video…" is not taken for a header.
  return columns !== null && Object.keys(columns).length >= 2;
}
