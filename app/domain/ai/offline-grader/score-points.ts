/**
 * Score-point rubrics as exam boards write them ("Score 3 … Score 2 …", "3 points … 2 points …",
 * "Score Point 2 …", "2 points Proficient: …"): only full credit's description says what a right
 * answer is (docs/decisions/0034-offline-grader-rubric-forms-and-held-out-questions.md). The lower
 * levels describe partial answers and the holistic preamble describes the scoring, so neither is a
 * target. What is left may still be generic ("Four key elements", "fulfills all the requirements of
 * the task"): the grade is then marked as resting on a generic description, so it is not trusted.
 */

/** A line opening a score level, with its number and the rest of the line. */
const LEVEL_HEADING = /^\s*(?:score(?:\s+point)?\s+(\d+)|(\d+)\s*(?:points?|pts?\.?|marks?))\b\s*[:.\-–]?\s*(.*)$/i;
/** A label naming the level ("Proficient:", "Partially Proficient:") before its description. */
const LEVEL_LABEL = /^(?:[A-Z][a-z]+(?:\s+[A-Z][a-z]+){0,2})\s*:\s+/;
/** Text about how readers score, not what an answer says. */
const BOILERPLATE =
  /\b(?:readers?\s+independently|holistic(?:ally)?\s+scor|scored\s+on\s+a\s+\w+-point\s+scale|an?\s+\d-point\s+response\s+demonstrates|grammar,\s+spelling)/i;
/** A full-credit description that names no content of its own. */
const GENERIC =
  /^(?:\W*(?:the\s+response\s+(?:fulfills|meets|satisfies)\s+all\s+(?:of\s+)?the\s+requirements\s+of\s+the\s+task|the\s+information\s+given\s+is\s+text-based\s+and\s+relevant\s+to\s+the\s+task|(?:one|two|three|four|five|six|\d+)\s+key\s+elements?|the\s+response\s+demonstrates\b.*|other)\W*)+$/i;

type ScorePoints = {
  /** Full credit's description, without its label and the holistic boilerplate. */
  text: string;
  /** Whether it names no content of its own: nothing an answer could be matched with. */
  generic: boolean;
  /** "Four key elements": how many elements full credit asks for, when it says. */
  keyElements?: number;
};

const NUMBER_WORDS: Record<string, number> = { one: 1, two: 2, three: 3, four: 4, five: 5, six: 6 };

/** Full credit's description of a score-point rubric, or undefined when the text is not one. */
export function topScoreLevel(text: string): ScorePoints | undefined {
  const lines = text.split(/\r?\n/);
  const headings = lines.flatMap((line, index) => {
    const match = LEVEL_HEADING.exec(line);
    return match ? [{ index, level: Number(match[1] ?? match[2]), rest: match[3]! }] : [];
  });
  // Two levels at least, one of them above zero: a single "2 points" may be a sentence's number.
  if (new Set(headings.map(({ level }) => level)).size < 2) return undefined;
  const top = headings.reduce((best, heading) => (heading.level > best.level ? heading : best));
  if (top.level === 0) return undefined;
  const next = headings.find(({ index }) => index > top.index)?.index ?? lines.length;
  const body = [top.rest, ...lines.slice(top.index + 1, next)]
    .map((line) => line.replace(LEVEL_LABEL, "").trim())
    .filter((line) => /[a-z0-9]/i.test(line) && !BOILERPLATE.test(line));
  const description = body.join("\n");
  const sentences = description.split(/(?<=[.!?])\s+|\n+/).filter((sentence) => /[a-z0-9]/i.test(sentence));
  const elements = /\b(one|two|three|four|five|six|\d+)\s+key\s+elements?\b/i.exec(description)?.[1]?.toLowerCase();
  return {
    text: description,
    generic: sentences.every((sentence) => GENERIC.test(sentence.trim())),
    ...(elements ? { keyElements: NUMBER_WORDS[elements] ?? Number(elements) } : {}),
  };
}
