import { htmlToPlainText } from "~/domain/questions/plain-text";

/**
 * The chat partner when no AI model is configured: it cannot understand the student, so it says
 * so and keeps the conversation going with prompts built from the question's own words, enough
 * for a teacher to try a chat question and for a student to practise explaining.
 */
export const OFFLINE_TUTOR_NOTE = "(Automatic tutor: no AI model is configured, so I can only prompt you to explain further.)";

const FOLLOW_UPS = [
  (term: string) => `Can you explain what "${term}" means in your own words?`,
  (term: string) => `How does "${term}" connect to the rest of your answer? Give an example.`,
  (term: string) => `What would change if "${term}" were different? Explain your reasoning.`,
  () => "What evidence or example best supports what you said?",
  () => "Can you sum up your answer in two or three sentences?",
];

const STOP_WORDS = new Set(
  "about above after again also because before being between could does doing during each explain from have having here into just more most other over same should some such than that their them then there these they this those through under until very what when where which while with would your yours".split(
    " ",
  ),
);

/** The question's longer words, most frequent (then longest: the more specific) first, as topics to ask about. */
export function keyTerms(text: string): string[] {
  const counts = new Map<string, number>();
  for (const word of htmlToPlainText(text)
    .toLowerCase()
    .match(/[a-z][a-z-]{4,}/g) ?? []) {
    if (!STOP_WORDS.has(word)) counts.set(word, (counts.get(word) ?? 0) + 1);
  }
  return [...counts.entries()].sort((a, b) => b[1] - a[1] || b[0].length - a[0].length || a[0].localeCompare(b[0])).map(([word]) => word);
}

/** The reply to the student's n-th message (1-based), deterministic for the same question. */
export function offlineTutorReply(questionText: string, studentTurn: number): string {
  const terms = keyTerms(questionText);
  const index = Math.max(0, studentTurn - 1);
  const ask = FOLLOW_UPS[index % FOLLOW_UPS.length]!;
  const term = terms.length ? terms[index % terms.length]! : "this topic";
  return `Thank you. ${ask(term)} ${OFFLINE_TUTOR_NOTE}`;
}
