import { describe, expect, it } from "vitest";

import type { RosterChange } from "./oneroster-plan";
import { ROSTER_CHANGES_PER_PART, rosterPartPlan, rosterParts, writtenByTheRequest } from "./roster-parts";

const enrollments = (count: number): RosterChange[] =>
  Array.from({ length: count }, (_, index) => ({ kind: "enroll-teacher", cohortId: `class-${index}`, userId: "teacher" }));

describe("a roster import in parts", () => {
  it("is written by the request up to one part's changes, and by the queue past it", () => {
    expect(writtenByTheRequest(enrollments(0))).toBe(true);
    expect(writtenByTheRequest(enrollments(ROSTER_CHANGES_PER_PART))).toBe(true);
    expect(writtenByTheRequest(enrollments(ROSTER_CHANGES_PER_PART + 1))).toBe(false);
  });

  it("keeps the plan's order across its parts, and its progress counts changes", () => {
    const changes = enrollments(ROSTER_CHANGES_PER_PART * 2 + 57);
    const parts = rosterParts(changes);
    expect(parts.map((part) => part.length)).toEqual([ROSTER_CHANGES_PER_PART, ROSTER_CHANGES_PER_PART, 57]);
    expect(parts.flat()).toEqual(changes);
    expect(rosterPartPlan(changes.length)).toEqual({ total: changes.length, size: ROSTER_CHANGES_PER_PART });
  });
});
