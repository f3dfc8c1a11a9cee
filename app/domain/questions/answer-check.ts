/**
 * Multiple choice compares the chosen option's
 * text; multiple select compares the sorted set of chosen texts with the correct ones.
 */
type CheckableOption = { text: string; isCorrect: boolean };

export function isMultipleChoiceCorrect(options: readonly CheckableOption[], chosen: string): boolean {
  return options.some((option) => option.isCorrect && option.text === chosen);
}

export function isMultipleSelectCorrect(options: readonly CheckableOption[], chosen: readonly string[]): boolean {
  const expected = options
    .filter((option) => option.isCorrect)
    .map((option) => option.text)
    .sort();
  const actual = [...new Set(chosen)].sort();
  return expected.length === actual.length && expected.every((text, index) => text === actual[index]);
}
