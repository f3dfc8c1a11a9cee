import { describe, expect, it } from "vitest";

import { JOINED_PASS_MINUTES, joinedPass, joinedStudentOf, passReach, readPassValue, RESULTS_WINDOW_MINUTES, sessionOf, sessionPass } from "./student-pass";

const MINUTE = 60_000;
const ada = { cohortId: "class-1", studentId: "S-1", displayName: "Ada" };

describe("the student pass", () => {
  it("reads back what the server wrote, and nothing else (an older release's list of sessions opens nothing)", () => {
    expect(readPassValue(joinedPass(ada, 5))).toEqual({ kind: "joined", student: ada, issuedAt: 5 });
    expect(readPassValue(sessionPass("s-1", 5))).toEqual({ kind: "session", sessionId: "s-1", issuedAt: 5 });
    for (const value of [
      null,
      "s-1",
      ["s-1", "s-2"],
      { kind: "session", sessionId: "s-1" },
      { kind: "joined", student: { cohortId: "c" }, issuedAt: 1 },
      { kind: "other", issuedAt: 1 },
    ]) {
      expect(readPassValue(value)).toBeNull();
    }
  });

  it("holds one student at a time: a joined pass names no session, a session pass no student", () => {
    const now = 1_000_000;
    expect(joinedStudentOf(joinedPass(ada, now), now)).toEqual(ada);
    expect(sessionOf(joinedPass(ada, now))).toBeNull();
    expect(joinedStudentOf(sessionPass("s-1", now), now)).toBeNull();
    expect(sessionOf(sessionPass("s-1", now))).toBe("s-1");
  });

  it("lets a join start the test for JOINED_PASS_MINUTES only", () => {
    const issued = 1_000_000;
    expect(joinedStudentOf(joinedPass(ada, issued), issued + JOINED_PASS_MINUTES * MINUTE - 1)).toEqual(ada);
    expect(joinedStudentOf(joinedPass(ada, issued), issued + JOINED_PASS_MINUTES * MINUTE)).toBeNull();
  });

  it("opens the test while it runs, the results for RESULTS_WINDOW_MINUTES after it ends, then nothing", () => {
    const ended = 5_000_000;
    expect(passReach({ completed: false, completedAt: null }, ended + 999 * MINUTE)).toBe("test");
    expect(passReach({ completed: true, completedAt: ended }, ended)).toBe("results");
    expect(passReach({ completed: true, completedAt: ended }, ended + RESULTS_WINDOW_MINUTES * MINUTE - 1)).toBe("results");
    expect(passReach({ completed: true, completedAt: ended }, ended + RESULTS_WINDOW_MINUTES * MINUTE)).toBe("nothing");
  });
});
