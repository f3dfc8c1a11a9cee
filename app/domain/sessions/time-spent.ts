import { translate } from "~/domain/i18n/catalog";
import type { AnyLocale } from "~/domain/i18n/locale";

/**
 * How long a student spent on an answer, in words, in the reader's language (ADR 0045). The
 * product shows time spent in minutes; under a minute that reads "0 minutes" for a real answer, so
 * seconds are shown there instead.
 */
export function formatTimeSpent(seconds: number, locale: AnyLocale = "en"): string {
  const whole = Number.isFinite(seconds) ? Math.max(0, Math.round(seconds)) : 0;
  if (whole < 60) return translate(locale, "results", "seconds", { count: whole });
  return translate(locale, "results", "minutes", { count: Math.round((whole / 60) * 10) / 10 });
}
