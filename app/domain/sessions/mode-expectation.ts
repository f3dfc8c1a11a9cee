import type { ExtendedTime } from "~/domain/accommodations/accommodations";
import { accommodatedSessionSeconds } from "~/domain/accommodations/timing";
import type { TestMode } from "~/domain/adaptive/engine";
import { translate } from "~/domain/i18n/catalog";
import type { AnyLocale } from "~/domain/i18n/locale";

/**
 * A mode a student may start, as the Take a Test page shows it: its time (the student's own, with
 * extended time, ADR 0032), how many questions it asks ("20 questions", "5 to 20 questions": the
 * engine's own range, ADR 0012), and 'Before You Begin''s line on what to expect. The words are
 * written on the server and sent as text, so the student page's JavaScript carries none of this
 * arithmetic (its budget: tests/integration/budgets.test.ts).
 */
export type ModeChoice = {
  value: TestMode;
  title: string;
  /** The test's own minutes. */
  minutes: number;
  questions: string;
  /** The student's time: "15 minutes", "22 minutes 30 seconds", "no time limit". */
  time: string;
  /** The mode's card: "22 minutes 30 seconds · 5 to 20 questions". */
  summary: string;
  /** "Placement Test: 22 minutes 30 seconds, with your extended time, 5 to 20 questions." */
  expectation: string;
};

/** 1350 seconds as "22 minutes 30 seconds"; whole minutes without seconds; in the student's language (ADR 0045). */
export function durationWords(seconds: number, locale: AnyLocale = "en"): string {
  const minutes = Math.floor(seconds / 60);
  const rest = seconds % 60;
  const say = (key: "minutes" | "seconds", n: number) => translate(locale, "start", key, { n });
  if (!minutes) return say("seconds", rest);
  return rest ? translate(locale, "start", "minutesSeconds", { minutes: say("minutes", minutes), seconds: say("seconds", rest) }) : say("minutes", minutes);
}

/** The mode's time and expectation for a student with this extended time (1: none), written in the student's language. */
export function withStudentTime(
  mode: Omit<ModeChoice, "time" | "summary" | "expectation">,
  extendedTime: ExtendedTime = 1,
  locale: AnyLocale = "en",
): ModeChoice {
  const extended = extendedTime !== 1;
  const time =
    extendedTime === "unlimited"
      ? translate(locale, "start", "noTimeLimit")
      : durationWords(extended ? accommodatedSessionSeconds(mode.minutes * 60, extendedTime) : mode.minutes * 60, locale);
  const values = { mode: mode.title, time, questions: mode.questions };
  const expectation = translate(locale, "start", extended ? "expectationExtended" : "expectation", values);
  return { ...mode, time, summary: translate(locale, "start", "modeSummary", values), expectation };
}
