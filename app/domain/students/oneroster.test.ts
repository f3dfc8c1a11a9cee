import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";

import { describe, expect, it } from "vitest";

import { type OneRosterBundle, readOneRosterBundle } from "./oneroster";

const fixtures = join(__dirname, "../../../tests/fixtures/oneroster");

function bundleFiles(folder: string): Map<string, string> {
  const directory = join(fixtures, folder);
  return new Map(readdirSync(directory).map((name) => [name, readFileSync(join(directory, name), "utf8")]));
}

function read(files: Map<string, string>): OneRosterBundle {
  const result = readOneRosterBundle(files);
  if (!result.ok) throw new Error(result.message);
  return result.bundle;
}

describe("reading a OneRoster CSV bundle", () => {
  it("reads a 1.1 bundle: roles from users.csv, columns by name in any order, other people and files left out", () => {
    const bundle = read(bundleFiles("v1.1"));
    expect(bundle.version).toBe("1.1");
    expect(bundle.classes.map((row) => [row.sourcedId, row.title, row.removed])).toEqual([
      ["class-math7", "Math 7 - Period 2", false],
      ["class-sci7", "Science 7 - Period 4", false],
    ]);
    expect(bundle.teachers).toEqual([
      { file: "users.csv", line: 2, sourcedId: "user-t1", email: "mrivera@riverside.example", givenName: "Marta", familyName: "Rivera" },
    ]);
    expect(bundle.students.map((row) => [row.sourcedId, row.student.studentId, row.student.familyName, row.student.grade, row.student.status])).toEqual([
      ["user-s1", "S-2001", "Okafor", "07", "active"],
      ["user-s2", "S-2002", "Chen", "07", "active"],
      ["user-s3", "S-2003", "Lopez, Jr.", "07", "active"],
      ["user-s4", "S-2004", "Noor", "07", "inactive"],
    ]);
    expect(bundle.refused).toEqual([{ file: "users.csv", line: 7, reason: "Enter the student's grade" }]);
    // The administrator's enrollment is not a student's or a teacher's.
    expect(bundle.enrollments.map((row) => `${row.classSourcedId}:${row.userSourcedId}:${row.role}`)).toEqual([
      "class-math7:user-t1:teacher",
      "class-math7:user-s1:student",
      "class-math7:user-s2:student",
      "class-math7:user-s3:student",
      "class-sci7:user-t1:teacher",
      "class-sci7:user-s1:student",
      "class-sci7:user-s4:student",
      "class-art7:user-s2:student",
    ]);
  });

  it("reads the same roster from a 1.2 bundle, where roles.csv carries each user's primary role", () => {
    const older = read(bundleFiles("v1.1"));
    const newer = read(bundleFiles("v1.2"));
    expect(newer.version).toBe("1.2");
    const people = (bundle: OneRosterBundle) => ({
      students: bundle.students.map((row) => row.student),
      teachers: bundle.teachers.map(({ email, sourcedId }) => ({ email, sourcedId })),
      enrollments: bundle.enrollments.map(({ classSourcedId, userSourcedId, role, removed }) => ({ classSourcedId, userSourcedId, role, removed })),
    });
    expect(people(newer)).toEqual(people(older));
  });

  it("honours a delta bundle: tobedeleted removes, and of two rows for one record the later modified wins", () => {
    const bundle = read(bundleFiles("delta"));
    expect(bundle.classes).toEqual([]);
    expect(bundle.students.map((row) => [row.student.studentId, row.student.grade])).toEqual([
      ["S-2002", "08"],
      ["S-2006", "07"],
    ]);
    expect(bundle.enrollments.map((row) => [row.sourcedId, row.removed])).toEqual([
      ["enr-4", true],
      ["enr-3", false],
      ["enr-10", false],
      ["enr-11", false],
    ]);
  });

  it("follows the manifest: an absent file is not read, a listed one must be in the zip", () => {
    const files = bundleFiles("v1.1");
    files.set("classes.csv", "not,a,class,file");
    files.set("manifest.csv", files.get("manifest.csv")!.replace("file.classes,bulk", "file.classes,absent"));
    expect(read(files).classes).toEqual([]);

    files.delete("users.csv");
    expect(readOneRosterBundle(files)).toEqual({ ok: false, message: "manifest.csv lists users.csv as bulk, but the zip does not have it." });
  });

  it("refuses a bundle it cannot read with a message that says why", () => {
    expect(readOneRosterBundle(new Map([["users.csv", "sourcedId\n"]]))).toMatchObject({ ok: false, message: expect.stringContaining("no manifest.csv") });
    const files = bundleFiles("v1.1");
    files.set("manifest.csv", files.get("manifest.csv")!.replace("oneroster.version,1.1", "oneroster.version,1.0"));
    expect(readOneRosterBundle(files)).toEqual({ ok: false, message: 'manifest.csv names OneRoster version "1.0"; this import reads versions 1.1 and 1.2.' });
    const noTitle = bundleFiles("v1.1");
    noTitle.set("classes.csv", "sourcedId,name\nc1,Math");
    expect(readOneRosterBundle(noTitle)).toEqual({ ok: false, message: "classes.csv line 1: the header row has no title column." });
  });

  it("refuses single rows with their file and line: an unknown status, a teacher with no e-mail", () => {
    const files = bundleFiles("v1.1");
    files.set(
      "users.csv",
      "sourcedId,status,role,givenName,familyName,identifier,grades,email\nu1,archived,student,A,B,S1,07,\nu2,,teacher,T,R,T1,,\nu3,,student,C,D,S3,07,",
    );
    const bundle = read(files);
    expect(bundle.refused).toEqual([
      { file: "users.csv", line: 2, reason: 'Unknown status "archived".' },
      { file: "users.csv", line: 3, reason: "A teacher needs a valid e-mail address to sign in." },
    ]);
    expect(bundle.students.map((row) => row.student.studentId)).toEqual(["S3"]);
  });

  it("refuses a later student or teacher with an e-mail an earlier row has, in any case", () => {
    const files = bundleFiles("v1.1");
    files.set(
      "users.csv",
      "sourcedId,status,role,givenName,familyName,identifier,grades,email\n" +
        "u1,,student,A,B,S1,07,ada@school.org\nu2,,student,C,D,S2,07,Ada@School.ORG\nt1,,teacher,T,R,,,mr@school.org\nt2,,teacher,U,S,,,MR@school.org",
    );
    const bundle = read(files);
    expect(bundle.refused).toEqual([
      { file: "users.csv", line: 3, reason: "The e-mail address ada@school.org is already on line 2." },
      { file: "users.csv", line: 5, reason: "The e-mail address mr@school.org is already on line 4." },
    ]);
    expect([...bundle.students, ...bundle.teachers].map((row) => row.sourcedId)).toEqual(["u1", "t1"]);
  });

  it("refuses names and titles with control characters or broken characters, row by row", () => {
    const files = bundleFiles("v1.1");
    files.set("classes.csv", "sourcedId,title\nc1,Math\u0000\nc2,Science");
    files.set(
      "users.csv",
      "sourcedId,role,givenName,familyName,identifier,grades,email\nu1,student,A\ud83d,B,S1,07,\nt1,teacher,T\u001b,R,,,t@school.org\nu2,student,C,D,S2,07,",
    );
    const bundle = read(files);
    expect(bundle.refused.map((refusal) => [refusal.file, refusal.line, refusal.reason])).toEqual([
      ["classes.csv", 2, "The class title may not contain control characters (such as NUL) or a broken character (half of an emoji)."],
      ["users.csv", 2, "The given name may not contain control characters (such as NUL) or a broken character (half of an emoji)"],
      ["users.csv", 3, "A teacher's name may not contain control characters (such as NUL) or a broken character (half of an emoji)."],
    ]);
    expect(bundle.classes.map((row) => row.sourcedId)).toEqual(["c2"]);
  });

  it("stops reading a file at the row past 50,000, before the rest is parsed", () => {
    const files = bundleFiles("v1.1");
    files.set("enrollments.csv", `sourcedId,classSourcedId,userSourcedId,role\n${"e,c,u,student\n".repeat(50_001)}"never closed`);
    expect(readOneRosterBundle(files)).toEqual({ ok: false, message: "enrollments.csv has more than 50000 rows; a bundle may have at most 50000 a file." });
  });
});
