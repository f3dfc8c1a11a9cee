import { type Difficulty } from "~/domain/questions/question-types";
import { inferredQuestionType } from "~/domain/questions/types";

import { type DraftOption, type DraftQuestion, type FormattedTest } from "../schemas";
import { DEFAULT_COMPETENCY, ImportError, normaliseNewlines, type ParsedImport } from "./shared";

/** The plain format the import screen shows as its example; the parser below reads it back. */
export const IMPORT_FORMAT_EXAMPLE = `Title: Fractions Check
Subject: Mathematics
Grade: 5

1. What is 1/2 + 1/4? [easy] (Competency: Adding fractions)
A) 3/4 *
B) 2/6
C) 1/8

2. Which fractions equal 1/2? [hard] (Competency: Equivalent fractions)
A) 2/4 *
B) 3/6 *
C) 2/3

3. Explain why 2/4 equals 1/2. [medium] (Competency: Equivalent fractions)
Answer: Both describe the same part of a whole; multiply top and bottom of 1/2 by 2.`;

type Details = ParsedImport["details"];

const HEADER = /^(title|subject|grade(?:\s*level)?|description)\s*:\s*(.*)$/i;
export const NUMBERED_QUESTION = /^(?:q(?:uestion)?\s*)?\d{1,3}\s*[.)]\s+(.*)$/i;
const OPTION = /^\*?\s*([A-Za-z])\s*[.)]\s+(.*)$/;
const ANSWER = /^answer\s*:\s*(.*)$/i;
const DIFFICULTY_TAG = /\[(easy|medium|hard)\]/i;
const COMPETENCY_TAG = /\((?:competency|skill)\s*:\s*([^)]*)\)/i;

interface PendingQuestion {
  line: number;
  textLines: string[];
  options: { text: string; isCorrect: boolean; letter: string }[];
  answerLines: string[] | null;
}

/**
 * Numbered questions ("1." or "1)"), options "A)" / "a." with "*" marking each correct one, an
 * optional "Answer:" (the reference answer of an open question, or the letters of the correct
 * options), optional [easy|medium|hard] and (Competency: …), optional header lines.
 */
export function parseNumbered(raw: string): ParsedImport {
  const details: Details = {};
  const pending: PendingQuestion[] = [];
  normaliseNewlines(raw)
    .split("\n")
    .forEach((rawLine, index) => readLine(rawLine.trim(), index + 1, details, pending));
  const competency = details.subject?.trim() || DEFAULT_COMPETENCY;
  return { questions: pending.map((question) => finishQuestion(question, competency)), details };
}

function readLine(line: string, lineNumber: number, details: Details, pending: PendingQuestion[]): void {
  if (!line) return;
  const current = pending.at(-1);
  const question = NUMBERED_QUESTION.exec(line);
  if (question) {
    pending.push({ line: lineNumber, textLines: [question[1] ?? ""], options: [], answerLines: null });
    return;
  }
  if (!current) {
    const header = HEADER.exec(line);
    if (header) return setDetail(details, header[1] ?? "", header[2] ?? "");
    throw new ImportError(`Line ${lineNumber}: expected a header (Title:, Subject:, Grade:, Description:) or a numbered question such as "1. …".`);
  }
  const answer = ANSWER.exec(line);
  if (answer) {
    current.answerLines = [answer[1] ?? ""];
    return;
  }
  if (current.answerLines) {
    current.answerLines.push(line);
    return;
  }
  const option = OPTION.exec(line);
  if (option) {
    const { text, isCorrect } = starredOption(line.startsWith("*"), option[2] ?? "");
    current.options.push({ text, isCorrect, letter: (option[1] ?? "").toUpperCase() });
    return;
  }
  if (current.options.length > 0) {
    throw new ImportError(`Line ${lineNumber}: expected another option ("B) …") or the next numbered question.`);
  }
  current.textLines.push(line);
}

function setDetail(details: Details, name: string, value: string): void {
  const key: keyof FormattedTest = name.toLowerCase().startsWith("grade") ? "gradeLevel" : (name.toLowerCase() as "title");
  details[key] = value.trim();
}

/** "A) 3/4 *", "A) * 3/4" or "* A) 3/4" marks the correct option; the star is not part of the text. */
function starredOption(starBeforeLetter: boolean, text: string): { text: string; isCorrect: boolean } {
  const starred = starBeforeLetter || /^\*|\*$/.test(text.trim());
  return {
    text: text
      .trim()
      .replace(/^\*\s*|\s*\*$/g, "")
      .trim(),
    isCorrect: starred,
  };
}

function finishQuestion(pending: PendingQuestion, defaultCompetency: string): DraftQuestion {
  const joined = pending.textLines.join("\n");
  const difficulty = (DIFFICULTY_TAG.exec(joined)?.[1]?.toLowerCase() ?? "medium") as Difficulty;
  const competency = COMPETENCY_TAG.exec(joined)?.[1]?.trim() || defaultCompetency;
  const text = joined
    .replace(DIFFICULTY_TAG, "")
    .replace(COMPETENCY_TAG, "")
    .replace(/[ \t]{2,}/g, " ")
    .trim();
  if (!text) throw new ImportError(`Line ${pending.line}: the question has no text.`);
  const answer = (pending.answerLines ?? []).join("\n").trim();
  if (pending.options.length === 0) {
    return { text, type: inferredQuestionType([]), difficulty, options: [], competency, rubric: answer };
  }
  const options = markAnswerLetters(pending, answer);
  const correctCount = options.filter((option) => option.isCorrect).length;
  if (options.length < 2) throw new ImportError(`Line ${pending.line}: a question with options needs at least two.`);
  if (correctCount === 0) {
    throw new ImportError(`Line ${pending.line}: mark the correct option with "*" (for example "A) 3/4 *").`);
  }
  return { text, type: inferredQuestionType(options), difficulty, options, competency, rubric: "" };
}

/** "Answer: B", "Answer: A, C" or "Answer: 3/4" after options marks those correct as well as any "*". */
function markAnswerLetters(pending: PendingQuestion, answer: string): DraftOption[] {
  const letters: string[] = /^[A-Za-z](\s*[,;&]?\s*[A-Za-z])*$/.test(answer) ? (answer.toUpperCase().match(/[A-Z]/g) ?? []) : [];
  for (const letter of letters) {
    if (!pending.options.some((option) => option.letter === letter)) {
      throw new ImportError(`Line ${pending.line}: "Answer: ${answer}" names option ${letter}, which the question does not have.`);
    }
  }
  const byText = (option: { text: string }) => option.text.toLowerCase() === answer.toLowerCase();
  return pending.options.map((option) => ({
    text: option.text,
    isCorrect: option.isCorrect || letters.includes(option.letter) || byText(option),
  }));
}
