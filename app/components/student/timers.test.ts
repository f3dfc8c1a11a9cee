import { describe, expect, it } from "vitest";

import { timerAnnouncement } from "./timers";

/** What a screen reader hears as the clocks run (WCAG 4.1.3): a few announcements, never one a second. */
describe("timerAnnouncement", () => {
  it("speaks at five minutes, one minute and the end of a twenty-minute test, and nothing in between", () => {
    const heard: string[] = [];
    for (let seconds = 20 * 60; seconds >= 0; seconds--) {
      const said = timerAnnouncement(seconds, null);
      if (said && said !== heard.at(-1)) heard.push(said);
    }
    expect(heard).toEqual(["5 minutes left in the test.", "1 minute left in the test.", "Time's up!"]);
  });

  it("adds only the question's own expiry, and says nothing while the clocks are stopped for a break", () => {
    expect(timerAnnouncement(900, 0)).toBe("Question time expired.");
    expect(timerAnnouncement(900, 12)).toBe("");
    // On a break the countdowns are null (use-answer-submission.ts): silence.
    expect(timerAnnouncement(null, null)).toBe("");
  });
});
