/**
 * Spelling tolerance: students misspell ("evaperate", "photosynthisis"), and an exact comparison
 * would count those as missing. Only longer words get a tolerance, since one edit turns many short
 * words into other real words ("heat" and "heal", "salt" and "malt").
 */
const MIN_LENGTH_FOR_ONE_EDIT = 5;
const MIN_LENGTH_FOR_TWO_EDITS = 9;

/** Levenshtein distance, giving up (returning limit + 1) as soon as it exceeds `limit`. */
export function boundedEditDistance(a: string, b: string, limit: number): number {
  if (Math.abs(a.length - b.length) > limit) return limit + 1;
  let previous = Array.from({ length: b.length + 1 }, (_, index) => index);
  for (let i = 1; i <= a.length; i += 1) {
    const current = [i];
    let rowMinimum = i;
    for (let j = 1; j <= b.length; j += 1) {
      const substitution = previous[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1);
      const value = Math.min(substitution, previous[j]! + 1, current[j - 1]! + 1);
      current.push(value);
      rowMinimum = Math.min(rowMinimum, value);
    }
    if (rowMinimum > limit) return limit + 1;
    previous = current;
  }
  return previous[b.length]!;
}

/** How many edits two words of these lengths may differ by and still count as the same word. */
function allowedEdits(a: string, b: string): number {
  const shorter = Math.min(a.length, b.length);
  if (shorter >= MIN_LENGTH_FOR_TWO_EDITS) return 2;
  if (shorter >= MIN_LENGTH_FOR_ONE_EDIT) return 1;
  return 0;
}

/** Whether two words are the same word, allowing for a misspelling of a longer one. */
export function sameWordAllowingTypos(a: string, b: string): boolean {
  if (a === b) return true;
  const limit = allowedEdits(a, b);
  return limit > 0 && a[0] === b[0] && boundedEditDistance(a, b, limit) <= limit;
}
