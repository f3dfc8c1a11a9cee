import { describe, expect, it } from "vitest";

import { translate } from "~/domain/i18n/catalog";
import type { AnyLocale } from "~/domain/i18n/locale";

import { clockAnnouncement, type ClockWarning, questionClockWarnings, testClockWarnings } from "./clock-announcements";

/** A clock's warnings as the server writes them for the page, in a language. */
const written = (warnings: ClockWarning[], locale: AnyLocale) =>
  warnings.map(({ upTo, key, values }) => ({ upTo, text: translate(locale, "test", key, values) }));

const testClockAnnouncement = (seconds: number | null, locale: AnyLocale = "en") => clockAnnouncement(written(testClockWarnings(), locale), seconds);
const questionClockAnnouncement = (seconds: number | null, secondsGiven: number | null, locale: AnyLocale = "en") =>
  clockAnnouncement(written(questionClockWarnings(secondsGiven), locale), seconds);

/** Everything a screen reader would hear as a clock counts down from `from` to 0: each new text once. */
function heard(from: number, say: (seconds: number) => string): string[] {
  const said: string[] = [];
  let last = "";
  for (let seconds = from; seconds >= 0; seconds--) {
    const text = say(seconds);
    if (text && text !== last) said.push(text);
    last = text;
  }
  return said;
}

/** What a screen reader hears as the clocks run (WCAG 2.2.1, 4.1.3): warnings before the end, never one a second. */
describe("clock announcements", () => {
  it("speaks at five minutes, one minute and the end of a twenty-minute test, and nothing in between", () => {
    expect(heard(20 * 60, testClockAnnouncement)).toEqual(["5 minutes left in the test.", "1 minute left in the test.", "Time's up!"]);
  });

  it("warns at 30 and 10 seconds before a question's time runs out", () => {
    expect(heard(90, (seconds) => questionClockAnnouncement(seconds, 90))).toEqual([
      "30 seconds left for this question.",
      "10 seconds left for this question.",
      "Question time expired.",
    ]);
  });

  it("warns once at 1 minute too when the question gives 2 minutes or more", () => {
    expect(heard(120, (seconds) => questionClockAnnouncement(seconds, 120))).toEqual([
      "1 minute left for this question.",
      "30 seconds left for this question.",
      "10 seconds left for this question.",
      "Question time expired.",
    ]);
    expect(heard(119, (seconds) => questionClockAnnouncement(seconds, 119))[0]).toBe("30 seconds left for this question.");
  });

  it("says nothing while the clocks are stopped for a break (the countdowns are null)", () => {
    expect(testClockAnnouncement(null)).toBe("");
    expect(questionClockAnnouncement(null, 60)).toBe("");
  });

  it("speaks Spanish with the catalog's plurals", () => {
    expect(heard(20 * 60, (seconds) => testClockAnnouncement(seconds, "es"))).toEqual([
      "Quedan 5 minutos de la prueba.",
      "Queda 1 minuto de la prueba.",
      "¡Se acabó el tiempo!",
    ]);
    expect(heard(120, (seconds) => questionClockAnnouncement(seconds, 120, "es"))).toEqual([
      "Queda 1 minuto para esta pregunta.",
      "Quedan 30 segundos para esta pregunta.",
      "Quedan 10 segundos para esta pregunta.",
      "Se acabó el tiempo de esta pregunta.",
    ]);
  });
});
