import { describe, expect, it } from "vitest";

import { renderText } from "~/domain/i18n/catalog";

import { isDuplicate, type PrerequisiteEdge, SELF_PREREQUISITE, wouldCreateCycle } from "./prerequisites";

const needs = (competencyId: string, prerequisiteId: string): PrerequisiteEdge => ({ competencyId, prerequisiteId });

describe("wouldCreateCycle", () => {
  it("allows the first prerequisite", () => {
    expect(wouldCreateCycle([], "A", "B")).toBe(false);
  });

  it("refuses a competency needing itself", () => {
    expect(wouldCreateCycle([], "A", "A")).toBe(true);
  });

  it("refuses a direct loop: A needs B, then B needs A", () => {
    expect(wouldCreateCycle([needs("A", "B")], "B", "A")).toBe(true);
  });

  it("refuses a transitive loop: A needs B needs C, then C needs A", () => {
    expect(wouldCreateCycle([needs("A", "B"), needs("B", "C")], "C", "A")).toBe(true);
  });

  it("refuses a longer loop whatever order the edges are listed in", () => {
    const edges = [needs("C", "D"), needs("A", "B"), needs("D", "E"), needs("B", "C")];
    expect(wouldCreateCycle(edges, "E", "A")).toBe(true);
    expect(wouldCreateCycle(edges, "D", "B")).toBe(true);
  });

  it("allows a chain to grow in the same direction", () => {
    expect(wouldCreateCycle([needs("A", "B"), needs("B", "C")], "A", "C")).toBe(false);
    expect(wouldCreateCycle([needs("A", "B"), needs("B", "C")], "C", "D")).toBe(false);
  });

  it("allows a diamond: A needs B and C, both need D", () => {
    const edges = [needs("A", "B"), needs("A", "C"), needs("B", "D")];
    expect(wouldCreateCycle(edges, "C", "D")).toBe(false);
    expect(wouldCreateCycle([...edges, needs("C", "D")], "A", "D")).toBe(false);
  });

  it("refuses closing a diamond back to its top", () => {
    const diamond = [needs("A", "B"), needs("A", "C"), needs("B", "D"), needs("C", "D")];
    expect(wouldCreateCycle(diamond, "D", "A")).toBe(true);
  });

  it("terminates on existing loops that do not involve the new pair", () => {
    const edges = [needs("X", "Y"), needs("Y", "X"), needs("A", "X")];
    expect(wouldCreateCycle(edges, "B", "A")).toBe(false);
  });

  it("allows unrelated competencies", () => {
    expect(wouldCreateCycle([needs("A", "B"), needs("C", "D")], "B", "C")).toBe(false);
  });
});

describe("isDuplicate", () => {
  const edges = [needs("A", "B"), needs("C", "D")];

  it("spots the same pair", () => {
    expect(isDuplicate(edges, "A", "B")).toBe(true);
    expect(isDuplicate(edges, "C", "D")).toBe(true);
  });

  it("treats the reverse pair as different", () => {
    expect(isDuplicate(edges, "B", "A")).toBe(false);
  });

  it("treats a pair sharing only one side as different", () => {
    expect(isDuplicate(edges, "A", "D")).toBe(false);
    expect(isDuplicate([], "A", "B")).toBe(false);
  });
});

describe("the refusal of a competency as its own prerequisite", () => {
  it("is a catalog code: the product's English, and Spanish for a client that asks for it", () => {
    expect(renderText("en", SELF_PREREQUISITE.message)).toBe("A competency cannot be its own prerequisite.");
    expect(renderText("es", SELF_PREREQUISITE.message)).toBe("Una competencia no puede ser su propio requisito previo.");
  });
});
