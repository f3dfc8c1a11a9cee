import { describe, expect, it } from "vitest";

import { importProgressText, importToast } from "./import-toast";

describe("importToast", () => {
  it("counts each kind apart, never adding students and enrollments together", () => {
    expect(
      importToast({ created: { students: 24, enrollments: 24, classes: 1, teachers: 0 }, updated: { students: 0 }, unchanged: { students: 0 }, refused: [] }),
    ).toBe("1 class, 24 students, 24 enrollments created");
  });

  it("names what was updated, removed and left alone, and the rows refused", () => {
    expect(
      importToast({
        created: { students: 1 },
        updated: { students: 2 },
        removed: { enrollments: 1 },
        unchanged: { students: 20, enrollments: 21 },
        refused: [{}, {}],
      }),
    ).toBe("1 student created; 2 students updated; 1 enrollment removed; 20 students, 21 enrollments unchanged; 2 rows refused");
    expect(importToast({ created: {}, updated: {}, unchanged: {}, refused: [] })).toBe("Nothing to import");
  });

  it("counts every refused row of a OneRoster answer, which lists only the first", () => {
    expect(importToast({ created: {}, updated: {}, unchanged: {}, refused: [{}, {}], refusedTotal: 23_456 })).toBe("23456 rows refused");
  });
});

describe("the import dialog's progress line", () => {
  it("says how many changes are saved of all, and that it is importing before the first figure", () => {
    expect(importProgressText({ done: 400, total: 457 })).toBe("Importing: 400 of 457 changes saved");
    expect(importProgressText(null)).toBe("Importing…");
    // A bundle read in parts counts people, first while it is read, then as each part is checked or imported.
    expect(importProgressText({ done: 0, total: 0, of: "people" }, true)).toBe("Checking: reading the bundle…");
    expect(importProgressText({ done: 2_500, total: 100_000, of: "people" }, true)).toBe("Checking: 2,500 of 100,000 people checked");
    expect(importProgressText({ done: 5_000, total: 100_000, of: "people" })).toBe("Importing: 5,000 of 100,000 people imported");
  });
});
