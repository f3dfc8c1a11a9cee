import { describe, expect, it } from "vitest";

import type { OneRosterOutcome } from "./oneroster-plan";
import { mergedOutcome, PartBuffers, PartDealer, partOutcome } from "./roster-shards";

const outcome = (refused: { file: string; line: number }[], students = 1): OneRosterOutcome => ({
  applied: true,
  created: { classes: 2, students, enrollments: 3, teachers: 0 },
  updated: { classes: 1, students: 0, enrollments: 0, teachers: 1 },
  unchanged: { classes: 4, students: 0, enrollments: 0, teachers: 0 },
  removed: { enrollments: 1 },
  refused: refused.map((row) => ({ ...row, reason: "why" })),
  refusedTotal: refused.length,
  notes: [],
  notesTotal: 0,
  deletedOnRequest: [],
  recreateDeleted: false,
});

describe("dealing a bundle's rows into parts", () => {
  it("fills each part with its share of users, and sends a user's later rows, or a row sharing an identifier or e-mail, to that user's part", () => {
    const dealer = new PartDealer(2);
    expect(dealer.dealUser({ sourcedId: "a", identifier: "A1", email: "a@x.org" })).toBe(0);
    expect(dealer.dealUser({ sourcedId: "b", identifier: "", email: "" })).toBe(0);
    expect(dealer.dealUser({ sourcedId: "c", identifier: "C1", email: "" })).toBe(1);
    // The same e-mail (any case) as a, the same identifier as c, and a's sourcedId again.
    expect(dealer.dealUser({ sourcedId: "d", identifier: "", email: "A@X.org" })).toBe(0);
    expect(dealer.dealUser({ sourcedId: "e", identifier: "C1", email: "" })).toBe(1);
    expect(dealer.dealUser({ sourcedId: "a", identifier: "", email: "" })).toBe(0);
    expect(dealer.dealUser({ sourcedId: "f", identifier: "", email: "" })).toBe(1);
    expect(dealer.dealUser({ sourcedId: "g", identifier: "", email: "" })).toBe(2);
    expect([dealer.partOfUser("e"), dealer.partOfUser("g")]).toEqual([1, 2]);
    // A user users.csv does not list is dealt a place as a user would be, once.
    expect([dealer.partOfUser("nobody"), dealer.partOfUser("nobody"), dealer.partOfUser("else")]).toEqual([2, 2, 3]);
    expect(dealer.count).toBe(4);
    expect(new PartDealer().count).toBe(1);
  });

  it("hands a part's rows back as a chunk once it holds enough, and the rest when drained", () => {
    const buffers = new PartBuffers(20);
    expect(buffers.add(0, "users.csv", { line: 2, cells: ["a", "b"] })).toBeNull();
    expect(buffers.add(1, "users.csv", { line: 3, cells: ["c"] })).toBeNull();
    expect(buffers.add(0, "enrollments.csv", { line: 5, cells: ["x", "y"] })).toEqual({
      part: 0,
      rows: { "users.csv": [{ line: 2, cells: ["a", "b"] }], "enrollments.csv": [{ line: 5, cells: ["x", "y"] }] },
    });
    expect(buffers.drain()).toEqual([{ part: 1, rows: { "users.csv": [{ line: 3, cells: ["c"] }] } }]);
    expect(buffers.drain()).toEqual([]);
  });
});

describe("an import's answer from its parts", () => {
  it("counts classes and their refused rows from the first part only, where every class is planned", () => {
    const later = partOutcome(
      outcome([
        { file: "classes.csv", line: 2 },
        { file: "users.csv", line: 9 },
      ]),
      3,
    );
    expect([later.created.classes, later.updated.classes, later.unchanged.classes, later.refusedTotal]).toEqual([0, 0, 0, 1]);
    expect(later.refused.map((row) => row.file)).toEqual(["users.csv"]);
    expect(partOutcome(outcome([{ file: "classes.csv", line: 2 }]), 0).refusedTotal).toBe(1);
  });

  it("adds the parts' counts and lists their refused rows in the plan's order, the first 1,000 of them", () => {
    const many = Array.from({ length: 900 }, (_, index) => ({ file: "enrollments.csv", line: 2 + 2 * index }));
    const merged = mergedOutcome(
      [
        outcome([{ file: "users.csv", line: 40 }, ...many], 5),
        outcome(
          many.map((row) => ({ ...row, line: row.line + 1 })),
          7,
        ),
      ],
      { apply: false, recreateDeleted: false },
    );
    expect(merged.applied).toBe(false);
    expect(merged.created).toEqual({ classes: 4, students: 12, enrollments: 6, teachers: 0 });
    expect(merged.removed.enrollments).toBe(2);
    expect(merged.refusedTotal).toBe(1_801);
    expect(merged.refused).toHaveLength(1_000);
    expect(merged.refused.slice(0, 4).map((row) => `${row.file}:${row.line}`)).toEqual([
      "users.csv:40",
      "enrollments.csv:2",
      "enrollments.csv:3",
      "enrollments.csv:4",
    ]);
  });
});
