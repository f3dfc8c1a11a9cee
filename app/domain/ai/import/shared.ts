import { DEFAULT_DIAGNOSTIC_DURATION, DEFAULT_PLACEMENT_DURATION } from "~/domain/assessments/test-config";
import type { ContentLanguage } from "~/domain/questions/content-language";
import { htmlToPlainText } from "~/domain/questions/plain-text";

import { type DraftQuestion, type FormattedDraft, formattedDraftSchema } from "../schemas";

const importedTestSchema = formattedDraftSchema.omit({ language: true });

/** Limits shared by every import format: the schema allows 100 questions, pasted text is bounded. */
export const MAX_IMPORT_CHARACTERS = 200_000;
export const MAX_IMPORT_QUESTIONS = 100;

export type ImportFormat = "gift" | "aiken" | "csv" | "numbered";

/** A formatted test as read from the paste: the import's language is the job's to add (ADR 0044). */
type ImportedTest = Omit<FormattedDraft, "language">;

export type ImportResult = { ok: true; test: ImportedTest; format: ImportFormat } | { ok: false; message: string };

/** An imported question: a draft, and its own language when the pasted text names one (a CSV's Language column; ADR 0044). */
export type ImportedQuestion = DraftQuestion & { language?: ContentLanguage };

/** What a format parser returns: its questions plus whatever test details the text itself named. */
export interface ParsedImport {
  questions: ImportedQuestion[];
  details: Partial<Pick<FormattedDraft, "title" | "description" | "subject" | "gradeLevel">>;
}

/** A problem in the pasted text; the message already names the line or row. */
export class ImportError extends Error {
  override name = "ImportError";
}

export const DEFAULT_COMPETENCY = "General";

/** 1-based line number of a character offset, for error messages. */
export function lineNumberAt(text: string, offset: number): number {
  return text.slice(0, offset).split("\n").length;
}

/** Windows and old-Mac line endings become "\n" so every parser counts lines the same way. */
export function normaliseNewlines(text: string): string {
  return text.replace(/\r\n?/g, "\n");
}

/**
 * Text that holds HTML tags (GIFT's [html] format, Moodle exports) becomes plain text, line breaks
 * kept; "3 < 5" without tags is left alone. The server sanitizes again anyway.
 */
export function plainText(text: string): string {
  return /<\/?[a-z][a-z0-9]*(\s[^<>]*)?\/?>/i.test(text) ? htmlToPlainText(text, { keepLineBreaks: true }) : text.trim();
}

export function checkInputSize(raw: string): void {
  if (raw.length > MAX_IMPORT_CHARACTERS) {
    throw new ImportError(
      `The pasted content has ${raw.length.toLocaleString("en-US")} characters; the limit is ${MAX_IMPORT_CHARACTERS.toLocaleString("en-US")}. Split it into several imports.`,
    );
  }
}

function checkQuestionCount(count: number): void {
  if (count === 0) throw new ImportError("No questions were found in the pasted content.");
  if (count > MAX_IMPORT_QUESTIONS) {
    throw new ImportError(`The pasted content has ${count} questions; a test holds at most ${MAX_IMPORT_QUESTIONS}. Split it into several imports.`);
  }
}

/** Fills the details the format did not name and validates the result against the shared schema. */
export function buildFormattedTest(parsed: ParsedImport): ImportedTest {
  checkQuestionCount(parsed.questions.length);
  const count = parsed.questions.length;
  const candidate: ImportedTest = {
    title: parsed.details.title?.trim() || "Imported Test",
    description: parsed.details.description?.trim() || `Imported from pasted content (${count} question${count === 1 ? "" : "s"}).`,
    subject: parsed.details.subject?.trim() || DEFAULT_COMPETENCY,
    gradeLevel: parsed.details.gradeLevel?.trim() || "General",
    placementDuration: DEFAULT_PLACEMENT_DURATION,
    diagnosticDuration: DEFAULT_DIAGNOSTIC_DURATION,
    questions: parsed.questions,
  };
  const result = importedTestSchema.safeParse(candidate);
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  const path = issue?.path ?? [];
  const where =
    path[0] === "questions" && typeof path[1] === "number"
      ? `Question ${path[1] + 1}${path[2] ? ` (${path.slice(2).join(".")})` : ""}`
      : path.join(".") || "The test";
  throw new ImportError(`${where}: ${issue?.message ?? "is not valid"}.`);
}
