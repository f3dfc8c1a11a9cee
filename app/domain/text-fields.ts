import type { z } from "zod";

/**
 * What a name or other free text may hold. Control characters (NUL, escape, DEL, the C1 range…)
 * are invisible and break exports and terminals; a lone surrogate (half of an emoji, sent as
 * "\ud83d" in JSON) is not text at all, and D1 stores it as U+FFFD, so what reads back is not
 * what was saved. Both are refused with a message instead. Multi-line fields keep tab and line
 * breaks. With the `u` flag, \p{Cs} matches only a surrogate that is not half of a pair.
 */
const SINGLE_LINE = /^[^\p{Cc}\p{Cs}]*$/u;
const MULTI_LINE = /^(?:[\t\n\r]|[^\p{Cc}\p{Cs}])*$/u;

/** The same rule outside a schema (a file's cell). */
export function isStorableText(text: string, options: { multiLine?: boolean } = {}): boolean {
  return (options.multiLine ? MULTI_LINE : SINGLE_LINE).test(text);
}

export function unstorableTextMessage(label: string): string {
  return `${label} may not contain control characters (such as NUL) or a broken character (half of an emoji)`;
}

/**
 * `schema` (a string field, checked by the form, the screen action and the API alike) refusing those
 * characters, naming `label`; or saying `message`, a catalog code, on a field a student fills in (ADR 0045).
 */
export function storableText(schema: z.ZodString, label: string, options: { multiLine?: boolean; message?: string } = {}): z.ZodString {
  return schema.regex(options.multiLine ? MULTI_LINE : SINGLE_LINE, options.message ?? unstorableTextMessage(label));
}
