import { textOf } from "./text";

/** The reference side of a question, as the grader compares answers with it. */
type ReferenceMaterial = {
  /** Every piece of reference text: the reference answer, key points, rubric text. */
  texts: string[];
  /** The points a complete answer makes, as shown to the teacher and the student. */
  keyPoints: string[];
};

/** Rubric keys whose values list the points an answer must make. */
const KEY_POINT_KEYS = /^(key_?points?|points|criteria|criterion|expected(_?points)?|must_?include|concepts)$/i;
const MAX_KEY_POINTS = 10;
const MAX_KEY_POINT_LENGTH = 300;

/** A rubric stored as a JSON string is read as the object it encodes. */
function parseRubric(rubric: unknown): unknown {
  if (typeof rubric !== "string") return rubric;
  const trimmed = rubric.trim();
  if (!/^[[{]/.test(trimmed)) return rubric;
  try {
    return JSON.parse(trimmed) as unknown;
  } catch {
    return rubric;
  }
}

/** Every string inside a rubric of any shape (keys are labels, not content, so they are skipped). */
export function rubricStrings(rubric: unknown): string[] {
  const value = parseRubric(rubric);
  if (typeof value === "string") return value.trim() ? [value] : [];
  if (typeof value === "number") return [String(value)];
  if (Array.isArray(value)) return value.flatMap(rubricStrings);
  if (value && typeof value === "object") return Object.values(value).flatMap(rubricStrings);
  return [];
}

/** The rubric's own list of key points, when it has one under a recognisable key. */
function rubricKeyPoints(rubric: unknown): string[] {
  const value = parseRubric(rubric);
  if (!value || typeof value !== "object" || Array.isArray(value)) return [];
  return Object.entries(value)
    .filter(([key]) => KEY_POINT_KEYS.test(key))
    .flatMap(([, points]) => rubricStrings(points));
}

/** Splits prose into the statements it makes: sentences, semicolon clauses and list lines. */
export function splitStatements(text: string): string[] {
  return textOf(text)
    .split(/(?<=[.!?])\s+|[;\n•]+|\s+-\s+/)
    .map((part) => part.replace(/^\s*(\d+[.)]|[-*])\s*/, "").trim())
    .filter((part) => /[a-z0-9]/i.test(part));
}

function uniqueByText(points: string[]): string[] {
  const seen = new Set<string>();
  return points.filter((point) => {
    const key = point.toLowerCase();
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/**
 * Gathers the reference side. Explicit key points win; otherwise the rubric's key-point list;
 * otherwise the statements of the reference answer and the rubric text.
 */
export function referenceMaterial(rubric: unknown, referenceAnswer?: string, keyPoints?: string[]): ReferenceMaterial {
  const texts = [referenceAnswer ?? "", ...(keyPoints ?? []), ...rubricStrings(rubric)].map((text) => textOf(text).trim()).filter(Boolean);
  const explicitPoints = (keyPoints ?? []).filter((point) => point.trim());
  const candidatePoints =
    explicitPoints.length > 0 ? explicitPoints : rubricKeyPoints(rubric).length > 0 ? rubricKeyPoints(rubric) : texts.flatMap(splitStatements);
  const points = uniqueByText(candidatePoints.map((point) => textOf(point).trim().slice(0, MAX_KEY_POINT_LENGTH)))
    .filter(Boolean)
    .slice(0, MAX_KEY_POINTS);
  return { texts: uniqueByText(texts), keyPoints: points };
}
