import { describe, expect, it } from "vitest";

import { deletionSummary } from "./screen-actions";

describe("what a deletion removed, in words", () => {
  const removed = { sessions: 25, answers: 1, gradingLogs: 0, overrides: 0, enrollments: 2, students: 1, accounts: 1 };

  it("counts each kind", () => {
    expect(deletionSummary(removed)).toBe("Erased with 25 sessions, 1 answer, 0 model grading logs, 0 grade overrides, 2 class memberships.");
  });

  it("says when session objects are still to be emptied", () => {
    expect(deletionSummary(removed, 1)).toMatch(/ 1 session's stored attempt is still to be emptied: the nightly run empties them\.$/);
    expect(deletionSummary(removed, 300)).toMatch(/ 300 sessions' stored attempts are still to be emptied/);
  });
});
