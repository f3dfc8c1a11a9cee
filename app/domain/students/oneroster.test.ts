import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";

import { describe, expect, it } from "vitest";

import { renderText } from "~/domain/i18n/catalog";

import { importAnswerIn } from "./import-reasons";
import { identifierFallbackNote, type OneRosterBundle, readOneRosterBundle as readCoded, recreateDeletedField } from "./oneroster";

const fixtures = join(__dirname, "../../../tests/fixtures/oneroster");

function bundleFiles(folder: string): Map<string, string> {
  const directory = join(fixtures, folder);
  return new Map(readdirSync(directory).map((name) => [name, readFileSync(join(directory, name), "utf8")]));
}

/** The bundle read, its reasons and notes written in English as the import answers them (codes in the catalog, ADR 0045). */
function readOneRosterBundle(files: Map<string, string>): ReturnType<typeof readCoded> {
  const result = readCoded(files);
  return result.ok ? { ok: true, bundle: importAnswerIn("en", result.bundle) } : { ok: false, message: renderText("en", result.message) };
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
      // `grades` is optional in OneRoster: a student without one is kept, their grade blank.
      ["user-s5", "S-2005", "Nograde", "", "active"],
    ]);
    expect(bundle.refused).toEqual([]);
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
    const coded = readCoded(noTitle);
    expect(!coded.ok && renderText("es", coded.message)).toBe("classes.csv, línea 1: a la fila de encabezado le falta la columna title.");
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
    // Codes with their values, so the preview can say them in Spanish too.
    expect(readCoded(files).ok && importAnswerIn("es", (readCoded(files) as { bundle: OneRosterBundle }).bundle).refused.map((row) => row.reason)).toEqual([
      "Estado desconocido: «archived».",
      "Un maestro necesita una dirección de correo electrónico válida para iniciar sesión.",
    ]);
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

  /**
   * Bundles shaped like public ones other projects write (our own rows, their shapes): the Moodle
   * enrolment plugin's (catalyst/moodle-enrol_oneroster, tests/fixtures/csv_data: a 1.2 bundle with
   * blank manifest values, `prefferedGivenName`, a roles.csv with `dataLastModified`, and a 1.1
   * "minimal" bundle with no grades and teachers without e-mail) and a test platform's import
   * sample (oat-sa/oneroster-import, data/samples/OneRosterv1p1BaseCSV: no `grades` column,
   * identifiers with spaces). Before, they imported 0, 0 and 0 of their 3, 3 and 3 students.
   */
  it("reads a 1.2 export with blank manifest values and misspelt headers: every student, the preferred name, roles from roles.csv", () => {
    const bundle = read(bundleFiles("moodle-1.2"));
    expect(bundle.students.map((row) => [row.sourcedId, row.student.studentId, row.student.givenName, row.student.grade])).toEqual([
      ["usr-910-201", "t.brandt", "Tom", "09"],
      ["usr-910-202", "s.adeyemi", "Sade", "10"],
      ["usr-910-203", "l.moreau", "Lina", ""],
    ]);
    expect(bundle.teachers.map((row) => row.sourcedId)).toEqual(["usr-910-100", "usr-910-300"]);
    expect(bundle.refused).toEqual([]);
    expect(bundle.seen.users.get("usr-910-300")).toEqual({ file: "users.csv", line: 4, what: "teacher", refused: false });
    expect(bundle.seen.users.get("usr-910-400")).toMatchObject({ what: "guardian" });
    expect(bundle.seen.classes.get("cls-910-geo")).toEqual({ file: "classes.csv", line: 3, what: "tobedeleted", refused: false });
  });

  it("reads a 1.1 export with no grades at all, remembering a refused teacher for the enrollments they cause", () => {
    const bundle = read(bundleFiles("moodle-1.1-minimal"));
    expect(bundle.students.map((row) => [row.student.studentId, row.student.grade])).toEqual([
      ["usr-510-2", ""],
      ["usr-510-4", ""],
      ["usr-510-5", ""],
    ]);
    expect(bundle.refused).toEqual([{ file: "users.csv", line: 2, reason: "A teacher needs a valid e-mail address to sign in." }]);
    expect(bundle.seen.users.get("usr-510-1")).toEqual({ file: "users.csv", line: 2, what: "teacher", refused: true });
  });

  it("falls back to the sourcedId when the identifier cannot be a student ID, with a note for the preview", () => {
    const bundle = read(bundleFiles("platform-1.1"));
    expect(bundle.students.map((row) => row.student.studentId)).toEqual(["cand-01", "cand-02", "cand-03"]);
    expect(bundle.notes).toEqual([
      { file: "users.csv", line: 2, note: renderText("en", identifierFallbackNote("candidate number 1", "cand-01")) },
      { file: "users.csv", line: 3, note: renderText("en", identifierFallbackNote("candidate number 2", "cand-02")) },
    ]);
    expect(renderText("en", bundle.notes[0]!.note)).toBe(
      'The identifier "candidate number 1" cannot be a student ID (letters, digits, dots, dashes and underscores, up to 64), so the student ID is the sourcedId, cand-01.',
    );
    // When the sourcedId cannot be one either, the row is refused as before.
    const files = bundleFiles("platform-1.1");
    files.set("users.csv", "sourcedId,role,givenName,familyName,identifier\nuser one,student,A,B,id one");
    expect(read(files).refused).toEqual([{ file: "users.csv", line: 2, reason: "A student ID may hold only letters, digits, dots, dashes and underscores" }]);
  });

  it("reads the standard spelling before a misspelt one, and a blank manifest value as absent", () => {
    const files = bundleFiles("v1.1");
    files.set("users.csv", "sourcedId,role,givenName,familyName,preferredGivenName,prefferedGivenName\nu1,student,Ada,Okafor,Addie,Ade");
    expect(read(files).students[0]!.student.givenName).toBe("Addie");
    files.set("manifest.csv", files.get("manifest.csv")!.replace("file.classes,bulk", "file.classes,"));
    files.delete("classes.csv");
    expect(read(files).classes).toEqual([]);
  });

  it("reads the Re-create them tick as the form and the API send it", () => {
    expect(recreateDeletedField.parse(undefined)).toBe(false);
    expect(["1", "true", "on"].map((value) => recreateDeletedField.parse(value))).toEqual([true, true, true]);
    expect(["0", "false"].map((value) => recreateDeletedField.parse(value))).toEqual([false, false]);
    expect(recreateDeletedField.safeParse("yes").success).toBe(false);
  });
});
