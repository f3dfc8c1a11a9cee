/**
 * One set of limits for what authoring accepts and what a test session carries (ADR 0015).
 * The authoring schemas (questions, competencies and modules, tests) refuse anything longer with
 * a message; the session's blueprint (domain/sessions/blueprint) is checked against the same
 * numbers, so content a teacher could save can always be started.
 *
 * Question text is the one field stored in another form than it was typed: the server sanitizes
 * it (domain/questions/sanitize-html), writing text back as a browser's serializer does, which
 * can make one character six ("\u00a0" becomes "&nbsp;", a `"` in a style "&quot;"; "&" becomes
 * "&amp;"). Authoring limits the text as typed; the session accepts the stored form up to
 * SANITIZED_GROWTH times as long.
 */
export const QUESTION_LIMITS = {
  /** As typed, before sanitizing. */
  textChars: 20_000,
  optionTextChars: 1_000,
  options: 20,
  rubric: { maxChars: 20_000, maxDepth: 8 },
  metadata: { maxChars: 10_000, maxDepth: 5 },
  /** The scenario title a question's metadata may carry. */
  titleChars: 200,
  /** The grading system instruction, the chat's system instruction and its opening prompt. */
  instructionChars: 5_000,
} as const;

/** The most a sanitized character can grow (see above); sanitize-html's tests hold it to this. */
export const SANITIZED_GROWTH = 6;
/** The longest question text the bank can store: typed text at the limit, each character grown the most. */
export const STORED_QUESTION_TEXT_CHARS = QUESTION_LIMITS.textChars * SANITIZED_GROWTH;

export const CURRICULUM_LIMITS = {
  competencyDescriptionChars: 1_000,
  moduleNameChars: 200,
} as const;

export const TEST_LIMITS = {
  titleChars: 200,
  subjectChars: 100,
  aiModelChars: 100,
  questions: 500,
  sections: 100,
} as const;
