import { describe, expect, it } from "vitest";

import { renderText } from "~/domain/i18n/catalog";
import type { OneRosterBundle } from "~/domain/students/oneroster";
import { emailInUse, studentAccountNotTeacher } from "~/domain/students/roster-access";

import { importAnswerIn } from "./import-reasons";
import { deletedOnRequestMessage, newClassCount, planOneRoster, type RosterExisting, studentIdChanges } from "./oneroster-plan";

/** Refused rows' reasons written in English, as the import answers them (codes in the catalog, ADR 0045). */
const inEnglish = <Row extends { reason: string }>(refused: Row[]) => importAnswerIn("en", { refused }).refused;

/** An empty database, fresh each time (a test adds to its lists). */
const nothing = (): RosterExisting => ({
  classes: [],
  studentsBySource: [],
  studentsByDistrictId: [],
  studentEmails: [],
  districtIdTakenInTheirClasses: new Set(),
  accountsBySource: [],
  accountsByEmail: [],
  members: [],
  teaching: [],
  freshJoinCodes: [],
  deletedOnRequest: new Map(),
});

const student = (line: number, sourcedId: string, studentId: string, email: string | null = null) => ({
  file: "users.csv",
  line,
  sourcedId,
  student: { studentId, givenName: "Ada", familyName: `Okafor ${studentId}`, grade: "5", email, status: "active" as const },
});
const enrollment = (line: number, classSourcedId: string, userSourcedId: string, role: "student" | "teacher" = "student", removed = false) => ({
  file: "enrollments.csv",
  line,
  sourcedId: `e${line}`,
  classSourcedId,
  userSourcedId,
  role,
  removed,
});

const bundle = (parts: Partial<OneRosterBundle> = {}): OneRosterBundle => ({
  version: "1.1",
  classes: [{ file: "classes.csv", line: 2, sourcedId: "c1", title: "Math 5", removed: false }],
  students: [student(2, "s1", "S-1", "ada@school.example"), student(3, "s2", "S-2")],
  teachers: [{ file: "users.csv", line: 4, sourcedId: "t1", email: "lin@school.example", givenName: "Lin", familyName: "Wu" }],
  enrollments: [enrollment(2, "c1", "s1"), enrollment(3, "c1", "s2"), enrollment(4, "c1", "t1", "teacher")],
  refused: [],
  notes: [],
  seen: { users: new Map(), classes: new Map() },
  ...parts,
});

/** Ids in the order the plan asks for them, so a test can name them. */
const counter = () => {
  let next = 0;
  return () => `id-${++next}`;
};

/** What D1 holds after `changes` were written: the same bundle planned again against it. */
function written(plan: ReturnType<typeof planOneRoster>): RosterExisting {
  const existing = nothing();
  for (const change of plan.changes) {
    if (change.kind === "create-class") existing.classes.push({ id: change.id, sourceId: change.sourceId, name: change.name, isActive: true });
    if (change.kind === "create-student") {
      const record = { id: change.id, sourceId: change.sourceId, districtStudentId: change.student.studentId, ...change.student };
      existing.studentsBySource.push(record);
      existing.studentsByDistrictId.push(record);
    }
    if (change.kind === "create-teacher") {
      const account = { id: change.id, ...change.account, role: "teacher" as const };
      existing.accountsBySource.push(account);
      existing.accountsByEmail.push(account);
    }
    if (change.kind === "enroll-student") existing.members.push({ cohortId: change.cohortId, studentId: change.studentId, recordId: change.recordId });
    if (change.kind === "enroll-teacher") existing.teaching.push({ cohortId: change.cohortId, userId: change.userId });
  }
  return existing;
}

describe("planOneRoster", () => {
  it("plans a new district's bundle: a rostered class with a fresh join code, its students, its teacher and their enrollments", () => {
    const plan = planOneRoster(bundle(), { ...nothing(), freshJoinCodes: ["JOIN01"] }, { apply: true, newId: counter() });
    expect(plan.changes.map((change) => change.kind)).toEqual([
      "create-class",
      "create-student",
      "create-student",
      "create-teacher",
      "enroll-student",
      "enroll-student",
      "enroll-teacher",
    ]);
    expect(plan.changes[0]).toEqual({ kind: "create-class", id: "id-1", name: "Math 5", joinCode: "JOIN01", sourceId: "c1" });
    expect(plan.changes[4]).toEqual({ kind: "enroll-student", cohortId: "id-1", recordId: "id-2", studentId: "S-1", displayName: "Ada Okafor S-1" });
    expect(plan.outcome).toEqual({
      applied: true,
      created: { classes: 1, students: 2, teachers: 1, enrollments: 3 },
      updated: { classes: 0, students: 0, teachers: 0, enrollments: 0 },
      unchanged: { classes: 0, students: 0, teachers: 0, enrollments: 0 },
      removed: { enrollments: 0 },
      refused: [],
      refusedTotal: 0,
      notes: [],
      notesTotal: 0,
      deletedOnRequest: [],
      recreateDeleted: false,
    });
  });

  it("plans no change for the same bundle against what it wrote", () => {
    const first = planOneRoster(bundle(), { ...nothing(), freshJoinCodes: ["JOIN01"] }, { apply: true, newId: counter() });
    const again = planOneRoster(bundle(), written(first), { apply: false });
    expect(again.changes).toEqual([]);
    expect(again.outcome.unchanged).toEqual({ classes: 1, students: 2, teachers: 1, enrollments: 3 });
    expect(again.outcome.applied).toBe(false);
  });

  it("applies a delta: a removed enrollment taken off, a walk-in's typed ID becoming the rostered student, a removed class kept by name", () => {
    const first = planOneRoster(bundle(), { ...nothing(), freshJoinCodes: ["JOIN01"] }, { apply: true, newId: counter() });
    const existing = written(first);
    existing.members = [
      { cohortId: "id-1", studentId: "S-1", recordId: "id-2" },
      { cohortId: "id-1", studentId: "S-2", recordId: null },
    ];
    const delta = bundle({
      classes: [{ file: "classes.csv", line: 2, sourcedId: "c1", title: "Renamed", removed: true }],
      enrollments: [enrollment(2, "c1", "s1", "student", true), enrollment(3, "c1", "s2"), enrollment(5, "c9", "s1", "student", true)],
    });
    const plan = planOneRoster(delta, existing, { apply: true });
    expect(plan.changes).toEqual([
      { kind: "update-class", id: "id-1", name: "Math 5", isActive: false },
      { kind: "unenroll-student", cohortId: "id-1", recordId: "id-2" },
      { kind: "enroll-student", cohortId: "id-1", recordId: "id-3", studentId: "S-2", displayName: "Ada Okafor S-2" },
    ]);
    expect(plan.outcome).toMatchObject({ removed: { enrollments: 1 }, updated: { classes: 1, enrollments: 1 }, unchanged: { enrollments: 1 } });
  });

  it("refuses each row it cannot use with its file, line and why, sorted, and plans the rest", () => {
    const holder = {
      id: "r9",
      sourceId: null,
      districtStudentId: "S-9",
      givenName: "Zora",
      familyName: "Neale",
      grade: "5",
      email: "zora@school.example",
      status: "active" as const,
    };
    const studentAccount = { id: "u1", email: "kid@school.example", firstName: null, lastName: null, sourceId: null, role: "student" as const };
    const plan = planOneRoster(
      bundle({
        students: [student(2, "s1", "S-1"), student(3, "s2", "S-1"), student(5, "s3", "S-9"), student(6, "s4", "S-4", "zora@school.example")],
        // s3 is a record of its own (r8), imported before; S-9 is another record's ID.
        teachers: [{ file: "users.csv", line: 4, sourcedId: "t1", email: "kid@school.example", givenName: "", familyName: "" }],
        enrollments: [enrollment(2, "c2", "s1"), enrollment(3, "c1", "s5")],
        refused: [{ file: "classes.csv", line: 9, reason: "No title." }],
      }),
      {
        ...nothing(),
        freshJoinCodes: ["JOIN01"],
        studentsBySource: [{ ...holder, id: "r8", sourceId: "s3", districtStudentId: "S-8" }],
        studentsByDistrictId: [holder],
        studentEmails: [{ email: "zora@school.example", id: "r9" }],
        accountsByEmail: [studentAccount],
      },
      { apply: false, newId: counter() },
    );
    expect(inEnglish(plan.outcome.refused)).toEqual([
      { file: "classes.csv", line: 9, reason: "No title." },
      { file: "users.csv", line: 3, reason: "Student ID S-1 is already on line 2." },
      { file: "users.csv", line: 4, reason: renderText("en", studentAccountNotTeacher("kid@school.example")) },
      { file: "users.csv", line: 5, reason: "Student ID S-9 belongs to another student." },
      { file: "users.csv", line: 6, reason: renderText("en", emailInUse("zora@school.example")) },
      { file: "enrollments.csv", line: 2, reason: "Enrollment skipped: class c2 is not in classes.csv or an earlier import." },
      { file: "enrollments.csv", line: 3, reason: "Enrollment skipped: student s5 is not in users.csv or an earlier import." },
    ]);
    expect(plan.outcome.refusedTotal).toBe(7);
    expect(plan.outcome.created).toEqual({ classes: 1, students: 1, teachers: 0, enrollments: 0 });
  });

  it("refuses a new district ID a walk-in already typed in one of the student's classes", () => {
    const record = {
      id: "r1",
      sourceId: "s1",
      districtStudentId: "OLD-1",
      givenName: "Ada",
      familyName: "Okafor",
      grade: "5",
      email: null,
      status: "active" as const,
    };
    const existing = { ...nothing(), studentsBySource: [record], studentsByDistrictId: [] };
    const renamed = bundle({ students: [student(2, "s1", "S-1")], enrollments: [] });
    expect(studentIdChanges(renamed, existing)).toEqual([{ recordId: "r1", districtId: "S-1" }]);
    const plan = planOneRoster(renamed, { ...existing, districtIdTakenInTheirClasses: new Set(["r1"]), freshJoinCodes: ["JOIN01"] }, { apply: false });
    expect(inEnglish(plan.outcome.refused)).toEqual([
      { file: "users.csv", line: 2, reason: "Student ID S-1 is already taken in one of this student's classes." },
    ]);
  });

  it("counts the new classes the store finds join codes for: not a known one, not one removed", () => {
    const classes = [
      { file: "classes.csv", line: 2, sourcedId: "c1", title: "A", removed: false },
      { file: "classes.csv", line: 3, sourcedId: "c2", title: "B", removed: false },
      { file: "classes.csv", line: 4, sourcedId: "c3", title: "C", removed: true },
    ];
    expect(newClassCount(bundle({ classes }), new Set(["c1"]))).toBe(1);
  });

  it("names the row that caused a skipped enrollment, after it: a teacher enrolled as a student, a class marked tobedeleted, a refused user", () => {
    const seen = (file: string, line: number, what: string, refused = false) => ({ file, line, what, refused });
    const plan = planOneRoster(
      bundle({
        students: [student(2, "s1", "S-1"), student(3, "s2", "S-1")],
        enrollments: [enrollment(2, "c1", "t1"), enrollment(3, "c2", "s1"), enrollment(4, "c1", "s2"), enrollment(5, "c1", "p1"), enrollment(6, "c1", "s9")],
        refused: [{ file: "users.csv", line: 6, reason: "Enter the student's family name" }],
        seen: {
          users: new Map([
            ["s1", seen("users.csv", 2, "student")],
            ["s2", seen("users.csv", 3, "student")],
            ["t1", seen("users.csv", 4, "teacher")],
            ["p1", seen("users.csv", 5, "parent")],
            ["s9", seen("users.csv", 6, "student", true)],
          ]),
          classes: new Map([["c2", seen("classes.csv", 3, "tobedeleted")]]),
        },
      }),
      { ...nothing(), freshJoinCodes: ["JOIN01"] },
      { apply: false, newId: counter() },
    );
    expect(inEnglish(plan.outcome.refused)).toEqual([
      { file: "users.csv", line: 3, reason: "Student ID S-1 is already on line 2." },
      { file: "users.csv", line: 6, reason: "Enter the student's family name" },
      { file: "enrollments.csv", line: 2, reason: "Enrollment skipped: user t1 is a teacher in users.csv line 4." },
      { file: "enrollments.csv", line: 3, reason: "Enrollment skipped: class c2 is marked tobedeleted in classes.csv line 3." },
      { file: "enrollments.csv", line: 4, reason: "Enrollment skipped: user s2 was refused in users.csv line 3." },
      { file: "enrollments.csv", line: 5, reason: "Enrollment skipped: user p1 is a parent in users.csv line 5." },
      { file: "enrollments.csv", line: 6, reason: "Enrollment skipped: user s9 was refused in users.csv line 6." },
    ]);
  });

  it("skips a student deleted on request, says so with the day, and creates them only when the admin asks", () => {
    const deleted = { ...nothing(), freshJoinCodes: ["JOIN01"], deletedOnRequest: new Map([["s2", "2026-11-26T19:16:00.000Z"]]) };
    const skipped = planOneRoster(bundle(), deleted, { apply: true, newId: counter() });
    expect(skipped.outcome.deletedOnRequest).toEqual([{ file: "users.csv", line: 3, deletedAt: "2026-11-26T19:16:00.000Z" }]);
    expect(skipped.outcome.recreateDeleted).toBe(false);
    expect(skipped.outcome.created.students).toBe(1);
    expect(skipped.changes.filter((change) => change.kind === "create-student").map((change) => change.sourceId)).toEqual(["s1"]);
    expect(inEnglish(skipped.outcome.refused)).toEqual([
      {
        file: "enrollments.csv",
        line: 3,
        reason: "Enrollment skipped: student s2 (users.csv line 3) was deleted on request and is not re-created.",
      },
    ]);

    const recreated = planOneRoster(bundle(), { ...deleted, freshJoinCodes: ["JOIN01"] }, { apply: true, recreateDeleted: true, newId: counter() });
    expect(recreated.outcome).toMatchObject({ created: { students: 2, enrollments: 3 }, refused: [], recreateDeleted: true });
    expect(recreated.changes).toContainEqual(expect.objectContaining({ kind: "create-student", sourceId: "s2", recreated: true }));
    // A student whose record is there is matched as before and never asked about.
    const first = planOneRoster(bundle(), { ...nothing(), freshJoinCodes: ["JOIN01"] }, { apply: true, newId: counter() });
    expect(planOneRoster(bundle(), { ...written(first), deletedOnRequest: deleted.deletedOnRequest }, { apply: false }).outcome.deletedOnRequest).toEqual([]);
  });

  it("carries the reading's notes into the outcome", () => {
    const note = { file: "users.csv", line: 2, note: "The identifier is not a student ID." };
    expect(planOneRoster(bundle({ notes: [note] }), { ...nothing(), freshJoinCodes: ["JOIN01"] }, { apply: false }).outcome.notes).toEqual([note]);
  });

  it("says how many students deleted on request the bundle names, on which days, and what becomes of them", () => {
    const now = new Date("2026-11-27T12:00:00Z");
    const one = { applied: false, recreateDeleted: false, deletedOnRequest: [{ file: "users.csv", line: 3, deletedAt: "2026-11-26T19:16:00.000Z" }] };
    expect(deletedOnRequestMessage({ ...one, deletedOnRequest: [] }, "UTC", now)).toBeNull();
    expect(deletedOnRequestMessage(one, "America/New_York", now)).toBe(
      '1 student deleted on request on Nov 26 would be re-created. They are left out unless you tick "Re-create them".',
    );
    const two = { ...one, deletedOnRequest: [...one.deletedOnRequest, { file: "users.csv", line: 5, deletedAt: "2025-03-02T10:00:00.000Z" }] };
    expect(deletedOnRequestMessage({ ...two, applied: true }, "UTC", now)).toBe("2 students deleted on request on Mar 2, 2025 and Nov 26 were left out.");
    expect(deletedOnRequestMessage({ ...one, applied: true, recreateDeleted: true }, "UTC", now)).toBe(
      "1 student deleted on request on Nov 26 was re-created.",
    );
  });
});
