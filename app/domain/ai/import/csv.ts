import { CsvQuoteError, type CsvRow, readCsvRows } from "~/domain/csv-rows";
import type { ContentLanguage } from "~/domain/questions/content-language";
import { DIFFICULTIES, type Difficulty, OPTION_RULES, QUESTION_TYPES, type QuestionType } from "~/domain/questions/question-types";
import { inferredQuestionType, QUESTION_TYPE_HANDLERS } from "~/domain/questions/types";

import { type DraftOption } from "../schemas";
import { DEFAULT_COMPETENCY, type ImportedQuestion, ImportError, type ParsedImport, plainText } from "./shared";

/**
 * A spreadsheet export with a header row: text, type, options, correct, difficulty, competency
 * (any order and case; only text is required), and language (en or es, English or Spanish, per row;
 * ADR 0044). Options and correct answers are separated by "|";
 * a correct answer is an option's text, its letter (A|C) or its 1-based number.
 */
const COLUMN_ALIASES: Record<string, Column> = {
  text: "text",
  question: "text",
  type: "type",
  options: "options",
  choices: "options",
  correct: "correct",
  answer: "correct",
  answers: "correct",
  difficulty: "difficulty",
  competency: "competency",
  rubric: "rubric",
  language: "language",
};
type Column = "text" | "type" | "options" | "correct" | "difficulty" | "competency" | "rubric" | "language";

/** What a Language cell may say: the code, or the language's name in English or in itself. */
const LANGUAGE_ALIASES: Record<string, ContentLanguage> = { en: "en", english: "en", es: "es", spanish: "es", español: "es", espanol: "es" };

/** Each type's own name and the aliases its folder lists (domain/questions/types). */
const TYPE_ALIASES: Record<string, QuestionType> = {
  ...Object.fromEntries(QUESTION_TYPES.map((type) => [type, type])),
  ...Object.fromEntries(QUESTION_TYPES.flatMap((type) => QUESTION_TYPE_HANDLERS[type].importAliases.map((alias) => [alias, type]))),
};

/** Reads the rows, or says which line's quoted cell is never closed. */
function readImportRows(raw: string): CsvRow[] {
  try {
    return readCsvRows(raw);
  } catch (error) {
    if (error instanceof CsvQuoteError) throw new ImportError(error.message);
    throw error;
  }
}

/** Reads the header's column positions, or null when the first row is not a question header. */
export function csvColumns(header: string[]): Partial<Record<Column, number>> | null {
  const columns: Partial<Record<Column, number>> = {};
  header.forEach((name, index) => {
    const column = COLUMN_ALIASES[name.trim().toLowerCase()];
    if (column && columns[column] === undefined) columns[column] = index;
  });
  return columns.text === undefined || header.length < 2 ? null : columns;
}

export function parseCsv(raw: string): ParsedImport {
  const [header, ...rows] = readImportRows(raw);
  const columns = header ? csvColumns(header.cells) : null;
  if (!columns) throw new ImportError('CSV line 1: the header row needs a "text" column.');
  return { questions: rows.map((row, index) => rowToQuestion(row, index + 1, columns)), details: {} };
}

function rowToQuestion(row: CsvRow, rowNumber: number, columns: Partial<Record<Column, number>>): ImportedQuestion {
  const where = `CSV row ${rowNumber} (line ${row.line})`;
  // Spreadsheets exported from an LMS may hold HTML; the bank stores plain text.
  const cell = (column: Column) => (columns[column] === undefined ? "" : plainText(row.cells[columns[column]] ?? ""));
  const text = cell("text");
  if (!text) throw new ImportError(`${where}: the question text is empty.`);
  const optionTexts = splitList(cell("options"));
  const options = optionTexts.length ? markCorrect(optionTexts, splitList(cell("correct")), where) : [];
  const type = questionType(cell("type"), options, where);
  return {
    text,
    type,
    difficulty: difficulty(cell("difficulty"), where),
    options,
    competency: cell("competency") || DEFAULT_COMPETENCY,
    rubric: cell("rubric") || (options.length ? "" : cell("correct")),
    ...language(cell("language"), where),
  };
}

/** A row's own language, or nothing (the import's language) when its cell is blank. */
function language(value: string, where: string): { language?: ContentLanguage } {
  if (!value) return {};
  const known = LANGUAGE_ALIASES[value.trim().toLowerCase()];
  if (!known) throw new ImportError(`${where}: language "${value}" is not en or es.`);
  return { language: known };
}

function splitList(value: string): string[] {
  return value
    ? value
        .split("|")
        .map((item) => item.trim())
        .filter(Boolean)
    : [];
}

/** Option text wins over letters and numbers, so an option that reads "A" or "2" still matches itself. */
function markCorrect(optionTexts: string[], correct: string[], where: string): DraftOption[] {
  if (correct.length === 0) throw new ImportError(`${where}: the "correct" column names no correct option.`);
  const correctIndexes = new Set(correct.map((answer) => optionIndex(optionTexts, answer, where)));
  return optionTexts.map((text, index) => ({ text, isCorrect: correctIndexes.has(index) }));
}

function optionIndex(optionTexts: string[], answer: string, where: string): number {
  const byText = optionTexts.findIndex((option) => option.toLowerCase() === answer.toLowerCase());
  if (byText >= 0) return byText;
  const index = /^[A-Za-z]$/.test(answer) ? answer.toUpperCase().charCodeAt(0) - 65 : /^\d+$/.test(answer) ? Number(answer) - 1 : -1;
  if (index < 0 || index >= optionTexts.length) {
    throw new ImportError(`${where}: the correct answer "${answer}" is not one of the options.`);
  }
  return index;
}

function questionType(value: string, options: DraftOption[], where: string): QuestionType {
  const correctCount = options.filter((option) => option.isCorrect).length;
  const inferred = inferredQuestionType(options);
  const type = value ? (TYPE_ALIASES[value.toLowerCase().replace(/[-_]/g, " ")] ?? TYPE_ALIASES[value.toLowerCase()]) : inferred;
  if (!type) throw new ImportError(`${where}: unknown type "${value}" (use ${QUESTION_TYPES.join(", ")}).`);
  const isChoice = QUESTION_TYPE_HANDLERS[type].kind === "choice";
  if (isChoice && options.length < 2) throw new ImportError(`${where}: a ${type} question needs at least two options.`);
  if (!isChoice && options.length > 0) throw new ImportError(`${where}: a ${type} question has no options.`);
  if (OPTION_RULES[type] === "one correct" && correctCount > 1) {
    throw new ImportError(`${where}: a ${type} question has exactly one correct option; use ${inferred}.`);
  }
  return type;
}

function difficulty(value: string, where: string): Difficulty {
  if (!value) return "medium";
  const normalised = value.toLowerCase() as Difficulty;
  if (!DIFFICULTIES.includes(normalised)) throw new ImportError(`${where}: difficulty "${value}" is not easy, medium or hard.`);
  return normalised;
}
