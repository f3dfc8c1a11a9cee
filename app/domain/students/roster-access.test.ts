import { describe, expect, it } from "vitest";

import type { Role } from "~/domain/auth/roles";

import { importedTeacherRole, linksToStudentRecord, outsideYourClasses, rosterRowAccess, type RosterRowTarget } from "./roster-access";

const NEW: RosterRowTarget = { exists: false };
const MINE: RosterRowTarget = { exists: true, onCallersRoster: true };
const OUTSIDE: RosterRowTarget = { exists: true, onCallersRoster: false };

describe("who may touch a roster row's record", () => {
  it.each<[Role, RosterRowTarget, string]>([
    ["admin", NEW, "create"],
    ["admin", MINE, "update"],
    ["admin", OUTSIDE, "update"],
    ["teacher", NEW, "create"],
    ["teacher", MINE, "update"],
    ["teacher", OUTSIDE, "refuse"],
    ["student", NEW, "refuse"],
    ["student", MINE, "refuse"],
    ["student", OUTSIDE, "refuse"],
  ])("%s, %j: %s", (role, target, access) => {
    expect(rosterRowAccess({ role }, target)).toBe(access);
  });

  it("refuses a record outside the caller's classes with the typed ID alone", () => {
    expect(outsideYourClasses("S-1003")).toBe("S-1003 belongs to a student outside your classes: ask a district admin to add them");
  });
});

describe("identity by e-mail and imported roles", () => {
  it("links only a student account to the record carrying its e-mail", () => {
    expect(linksToStudentRecord({ role: "student" })).toBe(true);
    expect(linksToStudentRecord({ role: "teacher" })).toBe(false);
    expect(linksToStudentRecord({ role: "admin" })).toBe(false);
  });

  it("never changes an account's role: a student account named as a teacher is refused", () => {
    expect(importedTeacherRole("teacher")).toBe("teacher");
    expect(importedTeacherRole("admin")).toBe("admin");
    expect(importedTeacherRole("student")).toBeNull();
  });
});
