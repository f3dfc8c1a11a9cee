import { describe, expect, it } from "vitest";

import { renderText } from "~/domain/i18n/catalog";

import { importAnswerIn } from "./import-reasons";
import { parseRosterCsv as parseCoded } from "./student-csv";

/** The CSV read, its reasons written in English as the import answers them (codes in the catalog, ADR 0045). */
function parseRosterCsv(raw: string): ReturnType<typeof parseCoded> {
  const parsed = parseCoded(raw);
  return parsed.ok ? importAnswerIn("en", parsed) : { ok: false, message: renderText("en", parsed.message) };
}

describe("a roster CSV", () => {
  it("reads the columns by name in any order and case, ignores others, and keeps each row's line", () => {
    const parsed = parseRosterCsv(
      "Grade,Family Name,Given Name,Student ID,Homeroom,Email\n6,Lovelace,Ada,S-1001,B2,ADA@school.org\n\n7,Turing,Alan,S-1002,B3,\n",
    );
    expect(parsed).toEqual({
      ok: true,
      rows: [
        { line: 2, student: { studentId: "S-1001", givenName: "Ada", familyName: "Lovelace", grade: "6", email: "ada@school.org", status: "active" } },
        { line: 4, student: { studentId: "S-1002", givenName: "Alan", familyName: "Turing", grade: "7", email: null, status: "active" } },
      ],
      refused: [],
    });
  });

  it("accepts first and last name, semicolons and tabs, and no e-mail column", () => {
    const parsed = parseRosterCsv("student_id;first name;last name;grade\nS-1;Grace;Hopper;K");
    expect(parsed.ok && parsed.rows.map((row) => row.student.familyName)).toEqual(["Hopper"]);
    const tabs = parseRosterCsv("studentid\tgivenname\tfamilyname\tgrade\nS-2\tKatherine\tJohnson\t5");
    expect(tabs.ok && tabs.rows.length).toBe(1);
  });

  it("refuses a row with its line and reason, and a second row for the same student, keeping the rest", () => {
    const parsed = parseRosterCsv(
      "student id,given name,family name,grade\nS-1,Ada,Lovelace,6\nS 2,Alan,Turing,7\nS-3,,Hopper,K\nS-1,Ada,Byron,6\nS-4,Katherine,Johnson,5",
    );
    expect(parsed.ok && parsed.rows.map((row) => row.student.studentId)).toEqual(["S-1", "S-4"]);
    expect(parsed.ok && parsed.refused).toEqual([
      { line: 3, reason: "A student ID may hold only letters, digits, dots, dashes and underscores" },
      { line: 4, reason: "Enter the student's given name" },
      { line: 5, reason: "Student ID S-1 is already on line 2." },
    ]);
    const coded = parseCoded("student id,given name,family name,grade\nS-1,Ada,Lovelace,6\nS-1,Ada,Byron,6");
    expect(coded.ok && importAnswerIn("es", coded).refused).toEqual([{ line: 3, reason: "El número de estudiante S-1 ya está en la línea 2." }]);
  });

  it("refuses a second row with the same e-mail in any case, which the apply could not store", () => {
    const parsed = parseRosterCsv(
      "student id,given name,family name,grade,email\nS-1,Ada,Lovelace,6,ada@school.org\nS-2,Ada,Byron,6,ADA@School.org\nS-3,Alan,Turing,7,",
    );
    expect(parsed.ok && parsed.rows.map((row) => row.student.studentId)).toEqual(["S-1", "S-3"]);
    expect(parsed.ok && parsed.refused).toEqual([{ line: 3, reason: "The e-mail address ada@school.org is already on line 2." }]);
  });

  it("stops reading at the row past 5,000 students", () => {
    const csv = `student id,given name,family name,grade\n${Array.from({ length: 5_001 }, (_, index) => `S-${index},A,B,6`).join("\n")}\n"never closed`;
    expect(parseRosterCsv(csv)).toEqual({ ok: false, message: "The CSV has more than 5000 students; import at most 5000 at a time." });
  });

  it("says what the header lacks, that the file is empty, or which quote is never closed", () => {
    expect(parseRosterCsv("student id,name,grade\nS-1,Ada,6")).toEqual({
      ok: false,
      message: "CSV line 1: the header row needs a column for given name, family name.",
    });
    expect(parseRosterCsv("  \n")).toEqual({ ok: false, message: "The CSV is empty: it needs a header row and a row for each student." });
    const unclosed = parseRosterCsv('student id,given name,family name,grade\nS-1,"Ada,Lovelace,6');
    expect(unclosed.ok).toBe(false);
  });

  it("reads a Language column by code or name into the record's language, and refuses a value it does not know with the row's line", () => {
    const parsed = parseRosterCsv(
      "student id,given name,family name,grade,Language\nS-1,Ana,Ruiz,4,Español\nS-2,Ben,Ng,4,spa\nS-3,Cy,Lo,4,English\nS-4,Di,Ko,4,\nS-5,Ed,Wu,4,Klingon\nS-6,Fa,Li,4,es-MX",
    );
    expect(parsed.ok && parsed.rows.map((row) => [row.student.studentId, row.student.language])).toEqual([
      ["S-1", "es"],
      ["S-2", "es"],
      ["S-3", "en"],
      ["S-4", null],
      ["S-6", "es"],
    ]);
    expect(parsed.ok && parsed.refused).toEqual([
      { line: 6, reason: 'The language "Klingon" is not one the student pages speak: write English or Spanish (en or es), or leave it blank.' },
    ]);
    // Without the column, a row says nothing of the language: the record keeps its own.
    const without = parseRosterCsv("student id,given name,family name,grade\nS-1,Ana,Ruiz,4");
    expect(without.ok && "language" in without.rows[0]!.student).toBe(false);
  });
});
