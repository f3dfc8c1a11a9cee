import { decodeHTML } from "entities/decode";

/**
 * The one HTML-to-text conversion: question texts hold sanitized HTML (sanitize-html.ts), and
 * every list, excerpt, search column, grader and import reads them through this, so the results
 * and analytics pages show the same question the same way. It uses the `entities` decoder, so it
 * belongs on the server: loaders send the text, not the HTML, to student pages.
 */
type PlainTextOptions = {
  /** Keep line breaks (<br>, the end of a paragraph, list item or heading, and newlines in the text); otherwise all whitespace collapses to single spaces. */
  keepLineBreaks?: boolean;
};

const SCRIPT_OR_STYLE = /<\s*(script|style)\b[^>]*>[\s\S]*?<\s*\/\s*\1\s*>/gi;
const LINE_BREAK_TAG = /<\s*br\b[^>]*>|<\s*\/\s*(?:p|div|li|h[1-6])\s*>/gi;
// Block tags separate words; inline tags do not ("<strong>1/2</strong>." stays "1/2.").
const BLOCK_TAG = /<\s*\/?\s*(?:p|div|li|ul|ol|br|h[1-6])\b[^>]*>/gi;
const ANY_TAG = /<[^>]*>/g;

export function htmlToPlainText(html: string, { keepLineBreaks = false }: PlainTextOptions = {}): string {
  const withoutScripts = html.replace(SCRIPT_OR_STYLE, "");
  const withBreaks = keepLineBreaks ? withoutScripts.replace(/\r\n?/g, "\n").replace(LINE_BREAK_TAG, "\n") : withoutScripts;
  const text = decodeHTML(withBreaks.replace(BLOCK_TAG, " ").replace(ANY_TAG, ""));
  if (!keepLineBreaks) return text.replace(/\s+/g, " ").trim();
  return text
    .replace(/[^\S\n]+/g, " ")
    .replace(/ ?\n ?/g, "\n")
    .replace(/\n{3,}/g, "\n\n")
    .trim();
}

/** A question for a list of answers: plain text cut at `limit` characters, with an ellipsis when cut. */
export function plainExcerpt(html: string, limit = 100): string {
  const text = htmlToPlainText(html);
  return text.length > limit ? `${text.slice(0, limit).trimEnd()}…` : text;
}
