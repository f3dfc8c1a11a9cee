import { describe, expect, it } from "vitest";

import { auditEntryStudents, shownAuditDetail } from "./audit-entry";

describe("a class entry naming its students", () => {
  const classView = { action: "class.growth_viewed" as const, studentRecordId: null, detail: { from: "w1", to: "w2", students: ["s1", "s2", 3] } };

  it("is about each student it names; a student's entry is about its student only", () => {
    expect(auditEntryStudents(classView)).toEqual(["s1", "s2"]);
    expect(auditEntryStudents({ action: "student.viewed", studentRecordId: "s9", detail: null })).toEqual(["s9"]);
    expect(auditEntryStudents({ action: "roster.imported", studentRecordId: null, detail: { students: ["not ids"] } })).toEqual([]);
  });

  it("shows its detail without the list the Student column names", () => {
    expect(shownAuditDetail(classView)).toBe('{"from":"w1","to":"w2"}');
    expect(shownAuditDetail({ action: "roster.imported", detail: { students: 24 } })).toBe('{"students":24}');
    expect(shownAuditDetail({ action: "student.viewed", detail: null })).toBe("");
  });
});
