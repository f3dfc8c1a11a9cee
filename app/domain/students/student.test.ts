import { describe, expect, it } from "vitest";

import { renderText } from "~/domain/i18n/catalog";

import {
  classMatchesNote,
  languageFromCell,
  likePattern,
  sameStudentRecord,
  searchPrefixRange,
  studentDisplayName,
  studentInputSchema,
  studentListQuerySchema,
  studentListTotal,
  studentTotalText,
} from "./student";

const valid = { studentId: "S-1001", givenName: " Ada ", familyName: "Lovelace", grade: "6" };

describe("a student record's input", () => {
  it("trims names, lower-cases the e-mail, treats a blank e-mail as none and defaults to active", () => {
    expect(studentInputSchema.parse({ ...valid, email: " Ada@School.ORG " })).toEqual({
      studentId: "S-1001",
      givenName: "Ada",
      familyName: "Lovelace",
      grade: "6",
      email: "ada@school.org",
      status: "active",
    });
    expect(studentInputSchema.parse({ ...valid, email: "" }).email).toBeNull();
    expect(studentInputSchema.parse(valid).email).toBeNull();
  });

  it("refuses what a district would not issue or a teacher did not mean, naming the field", () => {
    const problem = (input: object) => {
      const parsed = studentInputSchema.safeParse(input);
      return parsed.success ? null : parsed.error.issues.map((issue) => `${issue.path.join(".")}: ${issue.message}`);
    };
    expect(problem({ ...valid, studentId: "  " })).toEqual(["studentId: Enter the student's student ID"]);
    expect(problem({ ...valid, studentId: "S 1001" })).toEqual(["studentId: A student ID may hold only letters, digits, dots, dashes and underscores"]);
    expect(problem({ ...valid, studentId: "x".repeat(65) })).toEqual(["studentId: The student ID must be at most 64 characters"]);
    expect(problem({ ...valid, givenName: undefined })).toEqual(["givenName: Enter the student's given name"]);
    expect(problem({ ...valid, email: "not-an-address" })).toEqual(["email: Enter a valid e-mail address"]);
    expect(problem({ ...valid, status: "gone" })).toEqual(["status: status must be active or inactive"]);
    expect(problem({ ...valid, givenName: "Ada\u0000", familyName: "Love\udc00lace" })).toEqual([
      "givenName: The given name may not contain control characters (such as NUL) or a broken character (half of an emoji)",
      "familyName: The family name may not contain control characters (such as NUL) or a broken character (half of an emoji)",
    ]);
    expect(problem({ ...valid, nickname: "Ada" })?.[0]).toContain("nickname");
  });

  it("takes a preferred language of en, es or null (not set); left out, the record keeps its own", () => {
    expect(studentInputSchema.parse({ ...valid, language: "es" }).language).toBe("es");
    expect(studentInputSchema.parse({ ...valid, language: null }).language).toBeNull();
    expect("language" in studentInputSchema.parse(valid)).toBe(false);
    expect(studentInputSchema.safeParse({ ...valid, language: "fr" }).error?.issues[0]?.message).toBe("language must be en or es (or null for not set)");
    const record = { givenName: "Ada", familyName: "Lovelace", grade: "6", email: null, status: "active" as const, language: "es" as const };
    const input = studentInputSchema.parse(valid);
    expect(sameStudentRecord(record, input)).toBe(true);
    expect(sameStudentRecord(record, { ...input, language: null })).toBe(false);
  });

  it("reads a roster's Language cell by code or name, in any case and with or without accents", () => {
    for (const cell of ["es", "ES", "es-MX", "spa", "Spanish", "Español", "espanol"])
      expect(languageFromCell(cell), cell).toEqual({ ok: true, language: "es" });
    for (const cell of ["en", "eng", "English", "en-US", "Inglés"]) expect(languageFromCell(cell), cell).toEqual({ ok: true, language: "en" });
    expect(languageFromCell("  ")).toEqual({ ok: true, language: null });
    const french = languageFromCell("French");
    expect(french).toMatchObject({ ok: false });
    expect(!french.ok && renderText("en", french.reason)).toEqual(expect.stringContaining('"French"'));
    expect(!french.ok && renderText("es", french.reason)).toEqual(expect.stringContaining("«French»"));
  });
});

describe("the student list's query", () => {
  it("defaults to the first page and refuses a page that is not a whole number", () => {
    expect(studentListQuerySchema.parse({})).toEqual({ page: 1 });
    expect(studentListQuerySchema.parse({ q: " Love ", page: "2" })).toEqual({ q: "Love", page: 2 });
    expect(studentListQuerySchema.safeParse({ page: "1e18" }).success).toBe(false);
    expect(studentListQuerySchema.safeParse({ sort: "name" }).success).toBe(false);
  });
});

describe("names and searches", () => {
  it("shows a student by given name, then family name", () => {
    expect(studentDisplayName({ givenName: "Ada", familyName: "Lovelace" })).toBe("Ada Lovelace");
  });

  it("says which classes a class search found", () => {
    expect(classMatchesNote("zzz", 0, false)).toBe("No class name contains “zzz”.");
    expect(classMatchesNote("Math 7", 1, false)).toBe("Students on the class whose name contains “Math 7”. Only one:");
    expect(classMatchesNote("M", 10, true)).toBe("Students on the first 10 classes whose names contain “M” (and more: type more of the name). Only one:");
  });

  it("searches class names for % and _ literally, not as wildcards", () => {
    expect(likePattern("Love")).toBe("%Love%");
    expect(likePattern("50%_x\\")).toBe("%50\\%\\_x\\\\%");
  });

  it("counts a list exactly up to 1,000 students, then at least enough for the next page; the last page exactly", () => {
    expect(studentListTotal(413, 0, 50, 50)).toEqual({ total: 413, totalIsAtLeast: false });
    expect(studentListTotal(1000, 950, 50, 50)).toEqual({ total: 1000, totalIsAtLeast: false });
    // The count stopped at 1,001: a full page with a row after it, on the first page and deeper.
    expect(studentListTotal(1001, 0, 51, 50)).toEqual({ total: 1001, totalIsAtLeast: true });
    expect(studentListTotal(1001, 1000, 51, 50)).toEqual({ total: 1051, totalIsAtLeast: true });
    // The last page (rows, none after them) tells the total; a page past the end tells nothing new.
    expect(studentListTotal(1001, 1050, 50, 50)).toEqual({ total: 1100, totalIsAtLeast: false });
    expect(studentListTotal(1001, 1100, 0, 50)).toEqual({ total: 1100, totalIsAtLeast: true });
    expect(studentTotalText(413, false)).toBe("413");
    expect(studentTotalText(1001, true)).toBe("more than 1,000");
  });

  it("searches by a prefix range in lower case as SQLite folds it (ASCII only), % and _ literally", () => {
    expect(searchPrefixRange("Ada Love")).toEqual({ from: "ada love", until: "ada love\u{10FFFF}" });
    expect(searchPrefixRange("ÉLO").from).toBe("Élo");
    expect(searchPrefixRange("50%_x").from).toBe("50%_x");
    const { from, until } = searchPrefixRange("lov");
    for (const key of ["lov", "lovelace ada", "lové"]) expect(key >= from && key < until, key).toBe(true);
    for (const key of ["lou", "low", "lo"]) expect(key >= from && key < until, key).toBe(false);
  });
});
