import { inferredQuestionType } from "~/domain/questions/types";

import { type DraftQuestion } from "../schemas";
import { DEFAULT_COMPETENCY, ImportError, normaliseNewlines, type ParsedImport } from "./shared";

/**
 * Moodle's Aiken format (https://docs.moodle.org/en/Aiken_format): a question line, options
 * "A." or "A)", then "ANSWER: B". Forgiving where it costs nothing: questions over several lines,
 * no blank line between questions, lower-case letters, and "ANSWER: A, C" as multiple select.
 */
const AIKEN_OPTION = /^([A-Za-z])[.)]\s+(.*)$/;
const AIKEN_ANSWER = /^ANSWER\s*:\s*(.*)$/i;

interface PendingQuestion {
  line: number;
  textLines: string[];
  options: { letter: string; text: string }[];
}

export function parseAiken(raw: string): ParsedImport {
  const questions: DraftQuestion[] = [];
  let pending: PendingQuestion | null = null;
  normaliseNewlines(raw)
    .split("\n")
    .forEach((rawLine, index) => {
      const line = rawLine.trim();
      const lineNumber = index + 1;
      if (!line) return;
      const answer = AIKEN_ANSWER.exec(line);
      if (answer) {
        if (!pending) throw new ImportError(`Line ${lineNumber}: "${line}" comes before any question.`);
        questions.push(finishQuestion(pending, answer[1] ?? "", lineNumber));
        pending = null;
        return;
      }
      const option = AIKEN_OPTION.exec(line);
      if (option && pending && pending.textLines.length > 0) {
        pending.options.push({ letter: (option[1] ?? "").toUpperCase(), text: (option[2] ?? "").trim() });
        return;
      }
      if (pending && pending.options.length > 0) {
        throw new ImportError(`Line ${lineNumber}: expected another option or an "ANSWER:" line for the question on line ${pending.line}.`);
      }
      if (pending) pending.textLines.push(line);
      else pending = { line: lineNumber, textLines: [line], options: [] };
    });
  if (pending) {
    const unfinished: PendingQuestion = pending;
    throw new ImportError(`Line ${unfinished.line}: the question "${preview(unfinished)}" has no "ANSWER:" line.`);
  }
  return { questions, details: {} };
}

function finishQuestion(pending: PendingQuestion, answerText: string, lineNumber: number): DraftQuestion {
  if (pending.options.length < 2) {
    throw new ImportError(`Line ${pending.line}: the question "${preview(pending)}" needs at least two options (A. …, B. …).`);
  }
  const letters = answerText
    .split(/[\s,;&]+/)
    .map((letter) => letter.trim().toUpperCase())
    .filter(Boolean);
  if (letters.length === 0) throw new ImportError(`Line ${lineNumber}: "ANSWER:" names no option letter.`);
  for (const letter of letters) {
    if (!pending.options.some((option) => option.letter === letter)) {
      throw new ImportError(`Line ${lineNumber}: ANSWER: ${letter} does not match an option.`);
    }
  }
  const options = pending.options.map((option) => ({ text: option.text, isCorrect: letters.includes(option.letter) }));
  return {
    text: pending.textLines.join("\n"),
    type: inferredQuestionType(options),
    difficulty: "medium",
    options,
    competency: DEFAULT_COMPETENCY,
    rubric: "",
  };
}

function preview(pending: PendingQuestion): string {
  const text = pending.textLines.join(" ");
  return text.length > 60 ? `${text.slice(0, 57)}…` : text;
}
