import { describe, expect, it } from "vitest";

import { renderText } from "~/domain/i18n/catalog";

import { erasedToast } from "./screen-actions";

/** The toast's description as a staff screen shows it: in English, its counts filled in. */
const summary = (...args: Parameters<typeof erasedToast>) => {
  const toast = erasedToast(...args);
  return renderText("en", toast.description!, toast.values);
};

describe("what a deletion removed, in words", () => {
  const removed = { sessions: 25, answers: 1, gradingLogs: 0, overrides: 0, enrollments: 2, students: 1, accounts: 1 };

  it("counts each kind", () => {
    expect(summary(removed)).toBe("Erased with 25 sessions, 1 answer, 0 model grading logs, 0 grade overrides, 2 class memberships.");
    expect(renderText("en", erasedToast(removed).title)).toBe("Student deleted");
  });

  it("says when session objects are still to be emptied", () => {
    expect(summary(removed, 1)).toMatch(/ 1 session's stored attempt is still to be emptied: the nightly run empties them\.$/);
    expect(summary(removed, 300)).toMatch(/ 300 sessions' stored attempts are still to be emptied/);
  });
});
