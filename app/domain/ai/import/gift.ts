import { type GIFTQuestion, type NumericalChoice, type NumericalFormat, parse, type TextChoice, type TextFormat } from "gift-pegjs";

import { htmlToPlainText } from "~/domain/questions/plain-text";
import { inferredQuestionType } from "~/domain/questions/types";

import { type DraftOption, type DraftQuestion } from "../schemas";
import { DEFAULT_COMPETENCY, ImportError, lineNumberAt, normaliseNewlines, type ParsedImport, plainText } from "./shared";

/**
 * Moodle GIFT (https://docs.moodle.org/en/GIFT_format) through gift-pegjs, which already handles
 * comments, escapes, titles, multi-line questions and weights. Descriptions (text without an answer
 * block) are not questions and are skipped; $CATEGORY sets the competency of the questions after it.
 */
export function parseGift(raw: string): ParsedImport {
  const questions: DraftQuestion[] = [];
  let competency = DEFAULT_COMPETENCY;
  for (const question of parseOrExplain(raw)) {
    if (question.type === "Category") {
      competency = categoryCompetency(question.title) || DEFAULT_COMPETENCY;
      continue;
    }
    if (question.type === "Description") continue;
    const draft = toDraft(question);
    if (draft.options.length > 0 && !draft.options.some((option) => option.isCorrect)) {
      throw new ImportError(
        `GIFT question ${questions.length + 1}${whereInText(raw, question)}: no answer is marked correct (use "=" or a positive %weight%).`,
      );
    }
    questions.push({ ...draft, competency });
  }
  return { questions, details: {} };
}

/** gift-pegjs gives no positions for parsed questions: find the title or the stem's start, best effort. */
function whereInText(raw: string, question: AnswerQuestion): string {
  const needle = question.title ? `::${question.title}::` : question.stem.text.slice(0, 30);
  const offset = needle ? normaliseNewlines(raw).indexOf(needle) : -1;
  return offset >= 0 ? ` (line ${lineNumberAt(normaliseNewlines(raw), offset)})` : "";
}

function parseOrExplain(raw: string): GIFTQuestion[] {
  const { text, insertedLines } = separateCategories(normaliseNewlines(raw));
  try {
    return parse(text);
  } catch (error) {
    const location = (error as { location?: { start?: { line: number; column: number } } }).location?.start;
    if (!location) throw error;
    const message = error instanceof Error ? error.message : "unexpected text";
    const line = location.line - insertedLines.filter((inserted) => inserted < location.line).length;
    throw new ImportError(`GIFT line ${line}, column ${location.column}: ${message}`);
  }
}

/**
 * gift-pegjs needs a blank line after "$CATEGORY: …", which hand-written files often omit. This
 * adds it and remembers where (lines of the new text), so errors still name the pasted text's lines.
 */
function separateCategories(text: string): { text: string; insertedLines: number[] } {
  const lines = text.split("\n");
  const output: string[] = [];
  const insertedLines: number[] = [];
  lines.forEach((line, index) => {
    output.push(line);
    const next = lines[index + 1];
    if (/^\s*\$CATEGORY\s*:/i.test(line) && next !== undefined && next.trim() !== "") {
      output.push("");
      insertedLines.push(output.length);
    }
  });
  return { text: output.join("\n"), insertedLines };
}

/** "$course$/Science/Astronomy" names the competency "Astronomy". */
function categoryCompetency(path: string): string {
  const segments = path.split("/").map((segment) => segment.trim());
  return segments.filter((segment) => segment && !/^\$\w+\$$/.test(segment)).pop() ?? "";
}

type AnswerQuestion = Exclude<GIFTQuestion, { type: "Category" | "Description" }>;

function toDraft(question: AnswerQuestion): Omit<DraftQuestion, "competency"> {
  const text = formatText(question.stem) || question.title?.trim() || "";
  const base = { text, difficulty: "medium" as const, options: [] as DraftOption[], rubric: "" };
  const generalFeedback = question.globalFeedback ? formatText(question.globalFeedback) : "";
  // A short answer, a number, an essay or matching pairs has no options: the student writes it.
  const written = inferredQuestionType([]);
  switch (question.type) {
    case "MC":
      return multipleChoice(base, question.choices, generalFeedback);
    case "TF": {
      const options = [
        { text: "True", isCorrect: question.isTrue },
        { text: "False", isCorrect: !question.isTrue },
      ];
      return {
        ...base,
        type: inferredQuestionType(options),
        options,
        rubric: joinGuidance([], [...[question.trueFeedback, question.falseFeedback].map(feedbackText), generalFeedback]),
      };
    }
    case "Short":
      return {
        ...base,
        type: written,
        rubric: joinGuidance(
          [acceptedAnswers(question.choices.filter(isAccepted).map((choice) => formatText(choice.text)))],
          [...question.choices.map((choice) => feedbackText(choice.feedback)), generalFeedback],
        ),
      };
    case "Numerical":
      return { ...base, type: written, rubric: joinGuidance([numericalAnswers(question.choices)], generalFeedback) };
    case "Essay":
      return { ...base, type: written, rubric: generalFeedback };
    case "Matching":
      // The bank has no matching type: the student writes the pairs, the rubric holds them.
      return {
        ...base,
        type: written,
        text: `${text}\n${question.matchPairs.map((pair) => `- ${formatText(pair.subquestion)}`).join("\n")}`,
        rubric: joinGuidance(
          [`Matches: ${question.matchPairs.map((pair) => `${formatText(pair.subquestion)} → ${pair.subanswer.trim()}`).join("; ")}`],
          generalFeedback,
        ),
      };
  }
}

/** One correct choice is multiple choice; several correct or positively weighted ones, multiple select. */
function multipleChoice(base: Omit<DraftQuestion, "competency" | "type">, choices: TextChoice[], generalFeedback: string): Omit<DraftQuestion, "competency"> {
  const options = choices.map((choice) => ({ text: formatText(choice.text), isCorrect: isAccepted(choice) }));
  const feedback = choices.map((choice) => (choice.feedback ? `${formatText(choice.text)}: ${formatText(choice.feedback)}` : "")).filter(Boolean);
  return {
    ...base,
    type: inferredQuestionType(options),
    options,
    rubric: joinGuidance([], [...feedback, generalFeedback]),
  };
}

function isAccepted(choice: TextChoice | NumericalChoice): boolean {
  return choice.isCorrect || (choice.weight ?? 0) > 0;
}

function numericalAnswers(choices: NumericalChoice[] | NumericalFormat): string {
  const formats = Array.isArray(choices) ? choices.filter(isAccepted).map((choice) => choice.text) : [choices];
  return acceptedAnswers(formats.map(describeNumber));
}

function describeNumber(format: NumericalFormat): string {
  if (format.type === "high-low") return `between ${format.numberLow} and ${format.numberHigh}`;
  if (format.type === "range" && format.range) return `${format.number} ± ${format.range}`;
  return String(format.number);
}

function acceptedAnswers(answers: string[]): string {
  const listed = answers.filter(Boolean);
  return listed.length ? `Accepted answers: ${listed.join("; ")}` : "";
}

/** Feedback (GIFT's `#` and `####`) is kept as grading guidance after the accepted answers. */
function joinGuidance(answers: string[], feedback: string | string[]): string {
  const guidance = (Array.isArray(feedback) ? feedback : [feedback]).filter(Boolean);
  return [...answers.filter(Boolean), ...(guidance.length ? [`Feedback: ${guidance.join(" ")}`] : [])].join("\n");
}

function feedbackText(feedback: TextFormat | null): string {
  return feedback ? formatText(feedback) : "";
}

/** [html] text becomes plain text; other formats only when they hold tags (Moodle's default allows HTML). */
function formatText(text: TextFormat): string {
  return (text.format === "html" ? htmlToPlainText(text.text, { keepLineBreaks: true }) : plainText(text.text)).trim();
}
