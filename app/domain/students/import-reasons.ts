import { renderText } from "~/domain/i18n/catalog";
import { codeWith } from "~/domain/i18n/coded";
import type { AnyLocale } from "~/domain/i18n/locale";
import type { ZipProblem } from "~/lib/zip-files";

type ImportAnswer = { refused: { reason: string }[]; notes?: { note: string }[] };

/**
 * A roster import's answer as its reader sees it: each refused row's reason and each note, codes
 * of the `roster` catalog with their values, written in the screen's language (ADR 0045); a reason
 * that is still a sentence (a schema's message) stays as it is.
 */
export function importAnswerIn<Answer extends ImportAnswer>(locale: AnyLocale, answer: Answer): Answer {
  return {
    ...answer,
    refused: answer.refused.map((row) => ({ ...row, reason: renderText(locale, row.reason) })),
    ...(answer.notes ? { notes: answer.notes.map((row) => ({ ...row, note: renderText(locale, row.note) })) } : {}),
  };
}

/** The `roster` code of each reason a bundle's zip cannot be read. */
const ZIP_REASONS: Record<ZipProblem, string> = {
  twice: "roster.zipTwice",
  encrypted: "roster.zipEncrypted",
  compression: "roster.zipCompression",
  notUtf8: "roster.zipNotUtf8",
  memberTooLarge: "roster.zipMemberTooLarge",
  totalTooLarge: "roster.zipTotalTooLarge",
  ratio: "roster.zipRatio",
  tooManyFiles: "roster.zipTooManyFiles",
};

/** Why an uploaded zip cannot be read, as a code with the values the zip reader names (a file, a limit). */
export function zipReason(problem: ZipProblem, values: Record<string, string | number>): string {
  return codeWith(ZIP_REASONS[problem], values);
}
