import { describe, expect, it } from "vitest";

import { translate } from "../i18n/catalog";
import { feedbackMovesOnMs } from "./feedback-display";

describe("feedbackMovesOnMs", () => {
  it("keeps the feedback until Next question unless the test asks for the timed display", () => {
    expect(feedbackMovesOnMs("until_next", 1)).toBeNull();
    expect(feedbackMovesOnMs(undefined, 2)).toBeNull();
  });

  it("moves on after SPEC's 3 seconds, lengthened by extended time and never shortened", () => {
    expect(feedbackMovesOnMs("timed", undefined)).toBe(3000);
    expect(feedbackMovesOnMs("timed", 1)).toBe(3000);
    expect(feedbackMovesOnMs("timed", 1.5)).toBe(4500);
    expect(feedbackMovesOnMs("timed", 2)).toBe(6000);
  });

  it("never moves a student with no time limit on by itself", () => {
    expect(feedbackMovesOnMs("timed", "unlimited")).toBeNull();
  });

  it("says in whole seconds when the next question comes", () => {
    expect(translate("en", "feedback", "movesOn", { seconds: 5 })).toBe("The next question comes in 5 seconds.");
    expect(translate("es", "feedback", "movesOn", { seconds: 5 })).toBe("La siguiente pregunta aparece en 5 segundos.");
  });
});
