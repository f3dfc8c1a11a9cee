import { describe, expect, it } from "vitest";

import { inlinesStylesheet, isStudentPath } from "./student-paths";

describe("isStudentPath", () => {
  it("is the join, test and results pages only", () => {
    for (const path of ["/join", "/test/abc", "/results/s1"]) expect(isStudentPath(path)).toBe(true);
    for (const path of ["/", "/admin/tests", "/joined", "/testing", "/api/sessions/x"]) expect(isStudentPath(path)).toBe(false);
  });
});

describe("inlinesStylesheet", () => {
  it("is the student pages and the landing page, not the admin screens", () => {
    for (const path of ["/", "/join", "/test/abc", "/results/s1"]) expect(inlinesStylesheet(path)).toBe(true);
    for (const path of ["/admin/tests", "/login", "/admin"]) expect(inlinesStylesheet(path)).toBe(false);
  });
});
