import type { SessionBlueprint, SessionQuestion } from "./blueprint";

/**
 * The blueprint as the session's Durable Object stores it (ADR 0015). One stored value holds at
 * most 2 MB, and a test's questions together can hold far more than that while each is within
 * authoring's limits (domain/content-limits), so the questions are stored in parts, beside the
 * rest of the blueprint, which names how many parts there are.
 *
 * A part holds questions worth at most PART_CHARS characters of JSON, a generous measure of what
 * they store (a character takes at most 2 bytes there): a part stays near 1 MB. A single question
 * at every limit is about 200,000 characters, so it always fits in one part.
 */
export const PART_CHARS = 500_000;

export type BlueprintHead = Omit<SessionBlueprint, "questions"> & { questionParts: number };

export function splitBlueprint(blueprint: SessionBlueprint, partChars = PART_CHARS): { head: BlueprintHead; parts: SessionQuestion[][] } {
  const { questions, ...rest } = blueprint;
  const parts: SessionQuestion[][] = [];
  let current: SessionQuestion[] = [];
  let currentChars = 0;
  for (const question of questions) {
    const chars = JSON.stringify(question).length;
    if (current.length > 0 && currentChars + chars > partChars) {
      parts.push(current);
      current = [];
      currentChars = 0;
    }
    current.push(question);
    currentChars += chars;
  }
  if (current.length > 0) parts.push(current);
  return { head: { ...rest, questionParts: parts.length }, parts };
}

/** The blueprint again, from its head and its parts in order. */
export function joinBlueprint(head: BlueprintHead, parts: SessionQuestion[][]): SessionBlueprint {
  const { questionParts: _count, ...rest } = head;
  return { ...rest, questions: parts.flat() };
}

/** True for a head written in parts; a blueprint stored whole (before parts) has its questions. */
export function isBlueprintHead(stored: BlueprintHead | SessionBlueprint): stored is BlueprintHead {
  return "questionParts" in stored;
}
