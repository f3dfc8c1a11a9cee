import { describe, expect, it } from "vitest";

import { can, type Scope } from "~/domain/auth/policy";
import { renderText } from "~/domain/i18n/catalog";

import { importedTeacherRole, linksToStudentRecord, outsideYourClasses, rosterRowAccess, type RosterRowTarget } from "./roster-access";

const NEW: RosterRowTarget = { exists: false };
const MINE: RosterRowTarget = { exists: true, inCallersReach: true };
const OUTSIDE: RosterRowTarget = { exists: true, inCallersReach: false };

describe("who may touch a roster row's record", () => {
  const DISTRICT: Scope = { kind: "district" };
  const TEACHER: Scope = { kind: "teacher", teacherId: "t-1" };
  it.each<[string, Scope, RosterRowTarget, string]>([
    ["district", DISTRICT, NEW, "create"],
    ["district", DISTRICT, MINE, "update"],
    ["district", DISTRICT, OUTSIDE, "update"],
    ["teacher", TEACHER, NEW, "create"],
    ["teacher", TEACHER, MINE, "update"],
    ["teacher", TEACHER, OUTSIDE, "refuse"],
  ])("%s scope, %j: %s", (_name, scope, target, access) => {
    expect(rosterRowAccess(scope, target)).toBe(access);
  });

  it("is never reached by a student account: the policy refuses it the import and the enrollment", () => {
    for (const actor of ["student-account", "student-pass", "signed-out"] as const) {
      expect(can(actor, "import", "roster")).toBe("no");
      expect(can(actor, "enroll", "roster")).toBe("no");
    }
  });

  it("refuses a record outside the caller's classes with the typed ID alone", () => {
    expect(renderText("en", outsideYourClasses("S-1003"))).toBe("S-1003 belongs to a student outside your classes: ask a district admin to add them");
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
