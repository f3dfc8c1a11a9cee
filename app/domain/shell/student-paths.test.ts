import { describe, expect, it } from "vitest";

import { isStudentPath } from "./student-paths";

describe("isStudentPath", () => {
  it("is the join, test and results pages only", () => {
    for (const path of ["/join", "/test/abc", "/results/s1"]) expect(isStudentPath(path)).toBe(true);
    for (const path of ["/", "/admin/tests", "/joined", "/testing", "/api/sessions/x"]) expect(isStudentPath(path)).toBe(false);
  });
});
