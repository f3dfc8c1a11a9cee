import { z } from "zod";

/**
 * The paging parameters of every list (ADR 0015): GET /api/sessions (limit, offset), GET
 * /api/questions (page, limit), and the screens' `?page` (question bank, its Add Questions
 * choices, Test Sessions). One parser, so no list hands SQLite an offset it cannot bind: a URL's
 * "9223372036854775807" or "1e18" is a whole number to JavaScript but past 2^63 (or past 2^53,
 * where it stops being exact) once multiplied by a page size.
 */

/** Far past any list the app keeps (a school year is tens of thousands of sessions). */
export const MAX_LIST_OFFSET = 1_000_000_000;
/** With at most 200 rows a page, the last page's offset stays under MAX_LIST_OFFSET. */
export const MAX_PAGE = 1_000_000;

const formatCount = (count: number) => count.toLocaleString("en-US");

/** A whole-number query parameter between `min` and `max`, with messages naming it. Bad values are the API's 400. */
export function pagingNumber(name: string, min: number, max: number) {
  return z.coerce
    .number({ invalid_type_error: `${name} must be a whole number` })
    .int(`${name} must be a whole number`)
    .min(min, `${name} must be at least ${formatCount(min)}`)
    .max(max, `${name} must be at most ${formatCount(max)}`);
}

export const pageNumber = pagingNumber("page", 1, MAX_PAGE);
export const offsetNumber = pagingNumber("offset", 0, MAX_LIST_OFFSET);

/**
 * A screen's `?page`: screens are lenient, so a page a teacher typed or bookmarked never fails.
 * Not a whole number: page 1; past MAX_PAGE: MAX_PAGE, which the list then reads as its last page.
 */
export function screenPage(value: string | null): number {
  const page = Number(value);
  if (!Number.isInteger(page) || page < 1) return 1;
  return Math.min(page, MAX_PAGE);
}
