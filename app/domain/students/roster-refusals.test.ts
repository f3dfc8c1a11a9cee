import { describe, expect, it } from "vitest";

import { listedRows, oneRosterImportQuerySchema, REFUSED_ROWS_LISTED, refusedRowsCsv, refusedRowsShown } from "./roster-refusals";

const refusal = (line: number) => ({ file: "enrollments.csv", line, reason: `Enrollment skipped: class c${line} is not in classes.csv or an earlier import.` });
const note = (line: number) => ({ file: "users.csv", line, note: `Student ID is the sourcedId s${line}: the identifier "" cannot be a student ID.` });
const outcome = (count: number, notes = 0) => ({
  applied: true,
  refused: Array.from({ length: count }, (_, index) => refusal(index + 2)),
  refusedTotal: count,
  notes: Array.from({ length: notes }, (_, index) => note(index + 2)),
  notesTotal: notes,
});

describe("the refused rows an answer lists", () => {
  it("lists them all up to the limit, then the first ones in order, counting every one", () => {
    expect(listedRows(outcome(3))).toEqual(outcome(3));
    const many = listedRows(outcome(23_456));
    expect(many.refusedTotal).toBe(23_456);
    expect(many.refused).toHaveLength(REFUSED_ROWS_LISTED);
    expect(many.refused.at(0)).toEqual(refusal(2));
    expect(many.refused.at(-1)).toEqual(refusal(REFUSED_ROWS_LISTED + 1));
  });

  it("cuts the notes the same way: a district whose export leaves every identifier blank has one a student", () => {
    const blankIdentifiers = listedRows(outcome(0, 50_000));
    expect(blankIdentifiers.notesTotal).toBe(50_000);
    expect(blankIdentifiers.notes).toHaveLength(REFUSED_ROWS_LISTED);
    expect(blankIdentifiers.notes.at(0)).toEqual(note(2));
    // Listed whole, 50,000 notes would pass a D1 value's 2 MB, and the queued import could not be stored.
    expect(JSON.stringify(outcome(0, 50_000)).length).toBeGreaterThan(2_000_000);
    expect(JSON.stringify(blankIdentifiers).length).toBeLessThan(200_000);
  });

  it("stays far inside a D1 value of 2 MB at the limit, with reasons of a few hundred characters", () => {
    const long = { ...outcome(50_000), refused: outcome(50_000).refused.map((row) => ({ ...row, reason: row.reason.padEnd(400, ".") })) };
    expect(JSON.stringify(listedRows(long)).length).toBeLessThan(600_000);
  });

  it("tells the dialog how many it shows of how many, only when it does not show them all", () => {
    expect(refusedRowsShown({ refused: listedRows(outcome(23_456)).refused, refusedTotal: 23_456 })).toBe("Showing the first 1,000 of 23,456 refused rows.");
    expect(refusedRowsShown(outcome(1_000))).toBeNull();
    expect(refusedRowsShown({ refused: [refusal(2)] })).toBeNull();
  });
});

describe("every refused row as CSV", () => {
  it("is a header and one row a refusal, a formula-looking cell made harmless", () => {
    expect(refusedRowsCsv([refusal(7), { file: "users.csv", line: 3, reason: "=HYPERLINK(1), refused" }])).toBe(
      'file,line,reason\r\nenrollments.csv,7,Enrollment skipped: class c7 is not in classes.csv or an earlier import.\r\nusers.csv,3,"\'=HYPERLINK(1), refused"',
    );
  });
});

describe("the OneRoster import's query", () => {
  it("applies by default, previews with dryRun, and answers the preview's refused rows as CSV with refused=csv", () => {
    expect(oneRosterImportQuerySchema.parse({})).toEqual({ apply: true, refusedCsv: false });
    expect(oneRosterImportQuerySchema.parse({ dryRun: "1" })).toEqual({ apply: false, refusedCsv: false });
    expect(oneRosterImportQuerySchema.parse({ refused: "csv" })).toEqual({ apply: false, refusedCsv: true });
    expect(oneRosterImportQuerySchema.safeParse({ refused: "json" }).success).toBe(false);
    expect(oneRosterImportQuerySchema.safeParse({ other: "1" }).success).toBe(false);
  });
});
