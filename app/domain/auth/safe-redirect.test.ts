import { describe, expect, it } from "vitest";

import { safeReturnPath } from "./safe-redirect";

describe("safeReturnPath", () => {
  it("allows same-site paths, including query and hash", () => {
    expect(safeReturnPath("/admin/tests?x=1")).toBe("/admin/tests?x=1");
    expect(safeReturnPath("/")).toBe("/");
    expect(safeReturnPath("/classes/ABCD2345#join")).toBe("/classes/ABCD2345#join");
  });

  it("rejects protocol-relative URLs", () => {
    expect(safeReturnPath("//evil.com")).toBe("/");
    expect(safeReturnPath("//evil.com/admin")).toBe("/");
  });

  it("rejects absolute URLs and other schemes", () => {
    expect(safeReturnPath("https://evil.com")).toBe("/");
    expect(safeReturnPath("http://evil.com/")).toBe("/");
    expect(safeReturnPath("javascript:alert(1)")).toBe("/");
  });

  it("rejects backslash tricks that browsers treat as //", () => {
    expect(safeReturnPath("/\\evil")).toBe("/");
    expect(safeReturnPath("/\\evil.com/path")).toBe("/");
    expect(safeReturnPath("\\\\evil.com")).toBe("/");
  });

  it("rejects relative paths without a leading slash and the empty string", () => {
    expect(safeReturnPath("admin/tests")).toBe("/");
    expect(safeReturnPath("")).toBe("/");
  });

  it("rejects non-strings", () => {
    for (const value of [undefined, null, 42, {}, ["/admin"], true]) {
      expect(safeReturnPath(value)).toBe("/");
    }
  });

  it("rejects API routes such as /api/logout", () => {
    expect(safeReturnPath("/api/logout")).toBe("/");
    expect(safeReturnPath("/api/login?returnTo=/x")).toBe("/");
  });

  it("rejects the sign-in page, with or without a query, to avoid a loop", () => {
    expect(safeReturnPath("/login")).toBe("/");
    expect(safeReturnPath("/login?returnTo=/admin")).toBe("/");
  });

  it("does not over-match paths that merely start with the same letters", () => {
    expect(safeReturnPath("/login-help")).toBe("/login-help");
    expect(safeReturnPath("/apiary")).toBe("/apiary");
  });

  it("returns the given fallback when rejecting", () => {
    expect(safeReturnPath("//evil.com", "/dashboard")).toBe("/dashboard");
    expect(safeReturnPath(undefined, "/dashboard")).toBe("/dashboard");
    expect(safeReturnPath("/admin", "/dashboard")).toBe("/admin");
  });

  it("never returns a path a browser would resolve to another origin (for the cases it rejects)", () => {
    const base = "https://app.example/login";
    for (const value of ["//evil.com", "/\\evil.com", "https://evil.com"]) {
      expect(new URL(safeReturnPath(value), base).origin).toBe("https://app.example");
    }
  });
});

describe("safeReturnPath against browser URL quirks", () => {
  it("refuses paths that browsers would read as another origin", () => {
    for (const sneaky of ["/\t/evil.com", "/\n/evil.com", "/\r/evil.com", "/%5C/evil.com".replace("%5C", "\\")]) {
      expect(safeReturnPath(sneaky)).toBe("/");
    }
  });

  it("refuses the sign-in page in any spelling, so sign-in never loops", () => {
    for (const loop of ["/login/", "/login#x", "/login?returnTo=/x", "/login//"]) {
      expect(safeReturnPath(loop)).toBe("/");
    }
  });

  it("keeps the query and fragment of an allowed path", () => {
    expect(safeReturnPath("/admin/analytics?cohortId=1#top")).toBe("/admin/analytics?cohortId=1#top");
  });
});
