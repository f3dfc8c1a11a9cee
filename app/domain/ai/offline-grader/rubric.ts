import { alternativeLists, listedItems, listLines, requiredCount } from "./alternatives";
import { type RubricForms, rubricForms, type WrongItem } from "./rubric-forms";
import { topScoreLevel } from "./score-points";
import { textOf } from "./text";

/**
 * The reference side of a question, as the grader compares answers with it: the rubric's forms
 * (rubric-forms.ts) gathered from a text rubric, a JSON rubric, a reference answer and key points.
 */
export type ParsedRubric = RubricForms & {
  /** The points a complete answer makes, shown to the teacher (never quoted to a student with a wrong answer). */
  keyPoints: string[];
  /** Every piece of text a right answer may draw on (acceptable answers, criteria and counted items). */
  positiveTexts: string[];
  /** "List three of …": the answer is right when it gives `count` distinct items of `items`. */
  counted?: { count: number; items: string[] };
  /** A score-point rubric whose full-credit description is generic, with no reference answer to match instead (score-points.ts). */
  genericOnly?: boolean;
  /** Read as a score-point rubric: full credit's description alone. */
  scorePoints?: boolean;
};

/** JSON rubric keys whose values list the points an answer must make, all of them. */
const KEY_POINT_KEYS = /^(key_?points?|points|criteria|criterion|expected(_?points)?|must_?include|concepts|requirements?)$/i;
/** JSON rubric keys holding a full answer, or several acceptable ones. */
const ANSWER_KEYS =
  /^(reference_?answers?|model_?answers?|sample_?answers?|exemplars?|answers?|acceptable(_?answers)?|accept|correct_?answers?|alternatives?)$/i;
const INCORRECT_KEYS = /^(incorrect(_?examples|_?answers)?|wrong(_?answers)?|misconceptions?|common_?(errors|mistakes))$/i;
const MUST_NOT_KEYS = /^(must_?not(_?include)?|do_?not_?accept|not_?acceptable|unacceptable|reject(ed)?)$/i;
const MAX_KEY_POINTS = 10;
const MAX_KEY_POINT_LENGTH = 300;

/** A rubric stored as a JSON string is read as the object it encodes. */
function decodeRubric(rubric: unknown): unknown {
  if (typeof rubric !== "string") return rubric;
  const trimmed = rubric.trim();
  if (!/^[[{]/.test(trimmed)) return rubric;
  try {
    return JSON.parse(trimmed) as unknown;
  } catch {
    return rubric;
  }
}

/** Every string inside a rubric value of any shape (keys are labels, not content, so they are skipped). */
export function rubricStrings(rubric: unknown): string[] {
  const value = decodeRubric(rubric);
  if (typeof value === "string") return value.trim() ? [value] : [];
  if (Array.isArray(value)) return value.flatMap(rubricStrings);
  if (value && typeof value === "object") return Object.values(value).flatMap(rubricStrings);
  return [];
}

const clean = (text: string) => textOf(text).replace(/\s+/g, " ").trim();

function emptyForms(): RubricForms {
  return { acceptable: [], criteria: [], mustNot: [], incorrect: [] };
}

function merge(into: RubricForms, from: RubricForms): void {
  into.acceptable.push(...from.acceptable);
  into.criteria.push(...from.criteria);
  into.mustNot.push(...from.mustNot);
  into.incorrect.push(...from.incorrect);
}

const wrong = (texts: string[]): WrongItem[] => texts.map((text) => ({ text, bare: false }));

type RubricParts = {
  forms: RubricForms;
  /** The explicit key points of a JSON rubric. */
  listedPoints: string[];
  /** A JSON rubric's reference or acceptable answers as written: read like reference answers given apart. */
  answerTexts: string[];
};

/** The forms of a rubric of any shape, with a JSON rubric's key points and answers returned apart. */
function formsOf(rubric: unknown): RubricParts {
  const value = decodeRubric(rubric);
  const forms = emptyForms();
  const listedPoints: string[] = [];
  const answerTexts: string[] = [];
  if (typeof value === "string") merge(forms, rubricForms(value));
  else if (Array.isArray(value)) {
    for (const item of value) {
      const inner = formsOf(item);
      merge(forms, inner.forms);
      listedPoints.push(...inner.listedPoints);
      answerTexts.push(...inner.answerTexts);
    }
  } else if (value && typeof value === "object") {
    for (const [key, entry] of Object.entries(value)) {
      const strings = rubricStrings(entry).map(clean).filter(Boolean);
      if (strings.length === 0) continue;
      if (KEY_POINT_KEYS.test(key)) {
        // Key points are the parts of one full answer: all of them are required.
        forms.criteria.push(strings);
        listedPoints.push(...strings);
      } else if (ANSWER_KEYS.test(key)) answerTexts.push(...rubricStrings(entry).filter((text) => text.trim()));
      else if (INCORRECT_KEYS.test(key)) forms.incorrect.push(...wrong(strings));
      else if (MUST_NOT_KEYS.test(key)) forms.mustNot.push(...wrong(strings));
      else {
        const inner = formsOf(entry);
        merge(forms, inner.forms);
        answerTexts.push(...inner.answerTexts);
      }
    }
  }
  return { forms, listedPoints, answerTexts };
}

function uniqueByText(texts: string[]): string[] {
  const seen = new Set<string>();
  return texts.filter((text) => {
    const key = text.toLowerCase();
    if (!text || seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/** A line saying a list is not the whole set of right answers. */
const OPEN_LIST = /^\W*other\s+(?:acceptable|reasonable|correct|valid)\b/im;

/**
 * Alternatives written in prose ("e.g., a, b, … etc.", "such as", "a finite set of correct
 * answers here: …", "means a, b, or c") in the rubric and the reference answers, and the count a
 * question or rubric asks for ("list three of", "at least 4 of"). With a count and enough items
 * (the lines of a listed reference answer, else the alternatives), the items are counted together;
 * without one, each alternative is an acceptable answer on its own.
 */
function proseAlternatives(
  rubric: unknown,
  referenceAnswers: readonly string[],
  questionText: string,
  keyElements?: number,
): { acceptable: string[]; counted?: { count: number; items: string[] } } {
  const texts = [...rubricStrings(rubric), ...referenceAnswers];
  const alternatives = uniqueByText(texts.flatMap(alternativeLists).flat().map(clean));
  const count = keyElements ?? [questionText, ...texts].map(requiredCount).find((found) => found !== undefined);
  if (count !== undefined) {
    // A listed reference answer lists the items themselves; prose alternatives may be examples within one.
    // A list left open ("Other acceptable responses") gives examples: an answer may count items it does not list.
    // Without a listed reference answer, a rubric typed as a list ("Any two of the following:" over
    // one item a line) lists them.
    const open = [...referenceAnswers, ...rubricStrings(rubric)].some((text) => OPEN_LIST.test(text));
    const referenceLines = open ? [] : uniqueByText(referenceAnswers.flatMap(listLines).map(clean));
    const rubricLines = open ? [] : uniqueByText(rubricStrings(rubric).flatMap(listedItems).map(clean));
    const items = [referenceLines, rubricLines, alternatives].find((candidates) => candidates.length >= count) ?? [];
    if (items.length >= count) return { acceptable: [], counted: { count, items } };
  }
  return { acceptable: alternatives };
}

/** A paragraph a teacher labels as a full answer ("Model answer: …", "Sample answers:" over a list). */
const LABELLED_ANSWER =
  /^\s*(?:(?:an?|the)\s+)?(?:reference|model|sample|example|exemplar|expected|ideal)\s+(?:answers?|responses?)\s*(?:\([^)\n]*\))?\s*[:\-–]\s*/i;

/**
 * A paragraph that is the rubric's again after a labelled answer: what to accept or not, a score
 * level, notes. A model answer's own paragraphs ("Drawbacks: …") stay in it.
 */
const RUBRIC_PARAGRAPH =
  /^\s*(?:(?:also\s+)?accept|do\s+not\s+accept|don't\s+accept|not\s+acceptable|unacceptable|reject|incorrect|wrong\s+answers?|common\s+(?:errors|mistakes)|misconceptions?|(?:the\s+)?answers?\s+must\s+not|must\s+not|no\s+credit|rubric|criteria|scoring|marking|mark\s+scheme|grading|notes?|score(?:\s+point)?\s+\d|\d+\s*(?:points?|marks?)\b)/i;

/** A text rubric's labelled answers, and the rest of its text. */
function labelledAnswers(text: string): { answers: string[]; rest: string } {
  const answers: string[][] = [];
  const rest: string[] = [];
  let inAnswer = false;
  for (const paragraph of text.split(/\n\s*\n/)) {
    if (LABELLED_ANSWER.test(paragraph)) {
      answers.push([paragraph.replace(LABELLED_ANSWER, "").trim()]);
      inAnswer = true;
    } else if (inAnswer && !RUBRIC_PARAGRAPH.test(paragraph)) answers[answers.length - 1]!.push(paragraph.trim());
    else {
      inAnswer = false;
      rest.push(paragraph);
    }
  }
  return {
    answers: answers.flatMap((paragraphs) => {
      const body = paragraphs.join("\n\n");
      const items = paragraphs.length === 1 ? listedItems(body) : [];
      return (items.length >= 2 ? items : [body]).filter((answer) => /[a-z0-9]/i.test(answer));
    }),
    rest: rest.join("\n\n"),
  };
}

/**
 * The full answers a rubric holds (a JSON rubric's {"referenceAnswer": …}, as the product stores one,
 * or a text rubric's "Model answer: …" paragraph), read exactly as reference answers given apart,
 * and the rest of the rubric.
 */
function separateReferences(decoded: unknown): { references: string[]; rubric: unknown } {
  if (typeof decoded === "string") {
    const { answers, rest } = labelledAnswers(decoded);
    return { references: answers, rubric: rest };
  }
  if (!decoded || typeof decoded !== "object" || Array.isArray(decoded)) return { references: formsOf(decoded).answerTexts, rubric: decoded };
  const references: string[] = [];
  const rubric: Record<string, unknown> = {};
  for (const [key, entry] of Object.entries(decoded)) {
    if (ANSWER_KEYS.test(key)) references.push(...rubricStrings(entry).filter((text) => text.trim()));
    else if (typeof entry === "string") {
      const { answers, rest } = labelledAnswers(entry);
      references.push(...answers);
      rubric[key] = rest;
    } else rubric[key] = entry;
  }
  return { references, rubric };
}

/** A score-point rubric, as text or as a text inside a JSON rubric, cut to full credit's description. */
function atTopScoreLevel(rubric: unknown): { rubric: unknown; scorePoints?: ReturnType<typeof topScoreLevel> } {
  if (typeof rubric === "string") {
    const scorePoints = topScoreLevel(rubric);
    return scorePoints ? { rubric: scorePoints.text, scorePoints } : { rubric };
  }
  if (!rubric || typeof rubric !== "object" || Array.isArray(rubric)) return { rubric };
  for (const [key, entry] of Object.entries(rubric)) {
    const scorePoints = typeof entry === "string" ? topScoreLevel(entry) : undefined;
    if (scorePoints) return { rubric: { ...rubric, [key]: scorePoints.text }, scorePoints };
  }
  return { rubric };
}

/** A one-sentence criterion that only asks for the count ("list two of the words") or lists the counted items in prose. */
function restatesCount(group: string[], counted: ReadonlySet<string>): boolean {
  if (group.length !== 1) return false;
  const items = alternativeLists(group[0]!).flat().map(clean);
  return requiredCount(group[0]!) !== undefined || (items.length > 0 && items.every((item) => counted.has(item.toLowerCase())));
}

/**
 * Gathers the reference side. Reference answers are acceptable answers; explicit key points are a
 * criterion whose points are all required. The key points shown to the teacher are the explicit
 * ones, else the rubric's key-point list, else its acceptable answers and criteria.
 */
export function readRubric(rubricValue: unknown, givenReferences: readonly string[] = [], keyPoints: readonly string[] = [], questionText = ""): ParsedRubric {
  // A score-point rubric is read as full credit's description alone (score-points.ts). When that
  // description is generic and nothing else says what a right answer is, the whole text is kept
  // (reading nothing would fail every answer) and the grade is marked as resting on it, so its
  // confidence stays under the review line (confidence.ts).
  const separated = separateReferences(decodeRubric(rubricValue));
  const referenceAnswers = [...givenReferences, ...separated.references];
  const levels = atTopScoreLevel(separated.rubric);
  const scorePoints = levels.scorePoints;
  const genericOnly = scorePoints?.generic === true && referenceAnswers.length === 0 && keyPoints.length === 0 && scorePoints.keyElements === undefined;
  const rubric = scorePoints && !genericOnly ? levels.rubric : separated.rubric;
  const { forms, listedPoints } = formsOf(rubric);
  const explicitPoints = keyPoints.map(clean).filter(Boolean);
  const prose = proseAlternatives(rubric, referenceAnswers, questionText, scorePoints?.keyElements);
  const counted = new Set(prose.counted?.items.map((item) => item.toLowerCase()));
  const acceptable = uniqueByText([...referenceAnswers.map(clean), ...forms.acceptable.map(clean), ...prose.acceptable]).filter(
    (text) => !counted.has(text.toLowerCase()),
  );
  // The list a count is taken over, and the sentence asking for the count, are not also criteria.
  const criteria = [...(explicitPoints.length > 0 ? [explicitPoints] : []), ...forms.criteria.map((group) => group.map(clean).filter(Boolean))].filter(
    (group) => group.length > 0 && !group.some((point) => counted.has(point.toLowerCase())) && !(prose.counted && restatesCount(group, counted)),
  );
  const shownPoints = explicitPoints.length > 0 ? explicitPoints : listedPoints.length > 0 ? listedPoints : [...acceptable, ...criteria.flat()];
  return {
    acceptable,
    criteria,
    mustNot: forms.mustNot.map((item) => ({ ...item, text: clean(item.text) })).filter((item) => item.text),
    incorrect: forms.incorrect.map((item) => ({ ...item, text: clean(item.text) })).filter((item) => item.text),
    keyPoints: uniqueByText(shownPoints.map((point) => point.slice(0, MAX_KEY_POINT_LENGTH))).slice(0, MAX_KEY_POINTS),
    positiveTexts: uniqueByText([...acceptable, ...criteria.flat(), ...(prose.counted?.items ?? [])]),
    ...(prose.counted ? { counted: prose.counted } : {}),
    ...(genericOnly ? { genericOnly: true } : {}),
    ...(scorePoints ? { scorePoints: true } : {}),
  };
}
