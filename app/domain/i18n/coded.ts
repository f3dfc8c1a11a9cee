/**
 * A catalog code with its values in one string, for where only a string travels: a zod message
 * ("join.memberFieldTooLong?max=100"). `renderText` reads it back in the request's language (ADR
 * 0045). The values stay as written, not formatted as numbers, so the English reads as it did when
 * it was a sentence. No catalog here: schemas a browser also runs may import it.
 */
export function codeWith(code: string, values: Record<string, string | number>): string {
  return `${code}?${new URLSearchParams(Object.entries(values).map(([name, value]) => [name, String(value)]))}`;
}

/** The code and its values of a text `codeWith` wrote; a text without values is all code. */
export function splitCoded(text: string): { code: string; values?: Record<string, string> } {
  const mark = text.indexOf("?");
  if (mark < 0) return { code: text };
  return { code: text.slice(0, mark), values: Object.fromEntries(new URLSearchParams(text.slice(mark + 1))) };
}
