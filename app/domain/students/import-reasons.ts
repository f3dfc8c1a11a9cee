import { renderText } from "~/domain/i18n/catalog";
import type { AnyLocale } from "~/domain/i18n/locale";

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
