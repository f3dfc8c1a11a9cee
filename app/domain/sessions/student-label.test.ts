import { describe, expect, it } from "vitest";

import { studentLabel } from "./student-label";

describe("studentLabel", () => {
  it("gives the name with the ID after it", () => {
    expect(studentLabel({ studentName: "Alice Smith", studentId: "alice-01" })).toBe("Alice Smith (alice-01)");
  });

  it("gives the ID alone without a name", () => {
    expect(studentLabel({ studentName: null, studentId: "alice-01" })).toBe("alice-01");
    expect(studentLabel({ studentName: "  ", studentId: "alice-01" })).toBe("alice-01");
  });
});
