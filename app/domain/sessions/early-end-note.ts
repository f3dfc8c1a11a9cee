import { translate } from "~/domain/i18n/catalog";
import type { AnyLocale } from "~/domain/i18n/locale";

import type { CompletionReason } from "./session-contract";

/**
 * The results page's plain sentence for a session that ended before the engine's stop (ADR 0012):
 * the student ended it, time ran out, or the teacher ended it (ADR 0046). Null when the test ran to its end.
 */
export function earlyEndNote(
  session: { completedReason: CompletionReason | null; questionsAnswered: number; questionsNotAnswered: number },
  locale: AnyLocale = "en",
): string | null {
  if (session.questionsNotAnswered <= 0) return null;
  const answered = session.questionsAnswered;
  if (session.completedReason === "submitted") return translate(locale, "results", "endedEarly", { answered });
  if (session.completedReason === "time_up") return translate(locale, "results", "timeRanOut", { answered });
  if (session.completedReason === "ended_by_teacher") return translate(locale, "results", "endedByTeacher", { answered });
  return null;
}
