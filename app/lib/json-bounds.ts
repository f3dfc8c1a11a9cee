/**
 * Size and depth of a JSON value, for bounding the JSON fields people can store (a rubric, a
 * question's metadata). The depth is measured without recursion and stops as soon as it passes
 * the limit, so a value nested 100,000 levels deep is refused cheaply instead of overflowing
 * the stack of whatever serialises it later (JSON.stringify and React's render both recurse).
 */
import { invalid } from "./errors";

export type JsonBounds = { maxDepth: number; maxChars: number };
type JsonBoundsProblem = "too_deep" | "too_large" | null;

/** Depth of nesting: a scalar is 0, `{}` and `[]` are 1, `{"a": [1]}` is 2. Stops counting past `stopAfter`. */
export function jsonDepth(value: unknown, stopAfter = Number.POSITIVE_INFINITY): number {
  let deepest = 0;
  const pending: [unknown, number][] = [[value, 0]];
  while (pending.length) {
    const [current, depth] = pending.pop()!;
    if (current === null || typeof current !== "object") continue;
    const here = depth + 1;
    if (here > deepest) deepest = here;
    if (deepest > stopAfter) return deepest;
    for (const child of Object.values(current)) pending.push([child, here]);
  }
  return deepest;
}

/** Why a value breaks the bounds (depth first, so serialising it is safe), or null when it fits. */
export function jsonBoundsProblem(value: unknown, { maxDepth, maxChars }: JsonBounds): JsonBoundsProblem {
  if (jsonDepth(value, maxDepth) > maxDepth) return "too_deep";
  if ((JSON.stringify(value) ?? "").length > maxChars) return "too_large";
  return null;
}

/**
 * The deepest request body any payload of ours needs (a question's rubric allows 8 levels inside
 * a body of a few more). Deeper bodies are refused before a schema walks them.
 */
const MAX_REQUEST_BODY_DEPTH = 32;

/** A request body's JSON text as a value; blank is null. Unreadable or too deep is an `invalid` failure. */
export function parseRequestJson(text: string): unknown {
  let value: unknown;
  try {
    value = text.trim() === "" ? null : JSON.parse(text);
  } catch {
    throw invalid("errors.invalidJson");
  }
  if (jsonDepth(value, MAX_REQUEST_BODY_DEPTH) > MAX_REQUEST_BODY_DEPTH) throw invalid("errors.tooDeep", undefined, { levels: MAX_REQUEST_BODY_DEPTH });
  return value;
}
