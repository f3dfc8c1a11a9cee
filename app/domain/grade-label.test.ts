import { describe, expect, it } from "vitest";

import { gradeCell, gradeLabel } from "./grade-label";

describe("gradeLabel", () => {
  it("says Grade once, whether or not the grade was written with it", () => {
    expect(gradeLabel("5")).toBe("Grade 5");
    expect(gradeLabel("Grade 5")).toBe("Grade 5");
    expect(gradeLabel(" grade 05 ")).toBe("grade 05");
    expect(gradeLabel("Kindergarten")).toBe("Kindergarten");
    expect(gradeLabel("K")).toBe("Grade K");
    expect(gradeLabel("Grader")).toBe("Grade Grader");
    expect(gradeLabel("")).toBeNull();
    expect(gradeLabel(null)).toBeNull();
  });
});

describe("gradeCell", () => {
  it("shows a grade as written under a Grade heading, and a blank one as a dash", () => {
    expect(gradeCell("5")).toBe("5");
    expect(gradeCell("  ")).toBe("—");
    expect(gradeCell(null)).toBe("—");
  });
});
