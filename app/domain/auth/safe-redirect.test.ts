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

/**
 * The open-redirect payloads of the usual cheat sheets (PayloadsAllTheThings "Open URL
 * Redirect", OWASP's unvalidated redirects cheat sheet), aimed at evil.example. Each must end
 * on this site: "/" or, where the payload is merely an odd same-site path, that path.
 */
const CHEAT_SHEET: Array<[payload: string, expected: string]> = [
  ["//evil.example", "/"],
  ["///evil.example", "/"],
  ["////evil.example", "/"],
  ["https://evil.example", "/"],
  ["https:evil.example", "/"],
  ["//evil.example/%2f..", "/"],
  ["///evil.example/%2f..", "/"],
  ["//evil.example/%2e%2e", "/"],
  ["//evil.example%2f%2e%2e", "/"],
  ["/\\/evil.example/", "/"],
  ["\\/\\/evil.example/", "/"],
  ["/\\evil.example", "/"],
  ["/%09/evil.example", "/"],
  ["/%5cevil.example", "/"],
  ["//%5cevil.example", "/"],
  ["/%2f%2fevil.example", "/"],
  ["//evil%E3%80%82example", "/"],
  ["//evil%00.example", "/"],
  ["http://trusted.example@evil.example", "/"],
  ["〱evil.example", "/"],
  ["javascript:alert(1)", "/"],
  ["java%0d%0ascript%0d%0a:alert(0)", "/"],
  ["/https:/%5cevil.example/", "/https:/%5cevil.example/"],
];

/** The ones from: dot segments, plain or percent-encoded, that resolve to "//". */
const DOT_SEGMENT_TRICKS = [
  "/.//evil.example",
  "/..//evil.example",
  "/%2e//evil.example",
  "/%2E//evil.example",
  "/%2e%2e//evil.example",
  "/.%2e//evil.example",
  "/a/..//evil.example",
  "/a/%2e%2e//evil.example",
  "/./\\evil.example",
  "/\t/.//evil.example",
  "/a/../%2f/evil.example",
];

/** How a browser on our sign-in page would follow the answer. */
function followedFrom(login: string, location: string): URL {
  return new URL(location, login);
}

describe("safeReturnPath against the open-redirect cheat sheet", () => {
  it("has the 23 payloads", () => {
    expect(CHEAT_SHEET).toHaveLength(23);
  });

  it.each(CHEAT_SHEET)("%s ends on this site (%s)", (payload, expected) => {
    const path = safeReturnPath(payload);
    expect(path).toBe(expected);
    expect(followedFrom("https://app.example/login", path).origin).toBe("https://app.example");
  });

  it.each(DOT_SEGMENT_TRICKS)("%s falls back to / rather than resolving to //evil.example", (payload) => {
    const path = safeReturnPath(payload);
    expect(path).toBe("/");
    expect(followedFrom("https://app.example/login", path).origin).toBe("https://app.example");
  });

  it("refuses sign-in and API routes however they are spelled", () => {
    for (const loop of ["/LOGIN", "/a/../login", "/%2e/login", "/%6cogin", "/API/logout", "/x/../api/login", "/api"]) {
      expect(safeReturnPath(loop)).toBe("/");
    }
  });

  it("keeps legitimate paths, with their query and fragment", () => {
    for (const path of [
      "/admin/tests?x=1#y",
      "/admin/tests",
      "/classes/ABCD2345#join",
      "/admin/analytics?cohortId=1&tab=overview",
      "/results/9f0c?back=/admin/tests",
      "/admin/question-bank?q=a%2Fb",
    ]) {
      expect(safeReturnPath(path)).toBe(path);
    }
  });

  it("returns the browser's resolved form of a harmless path", () => {
    expect(safeReturnPath("/admin/./tests/../tests")).toBe("/admin/tests");
    expect(safeReturnPath("/admin/tests?q=a b")).toBe("/admin/tests?q=a%20b");
  });
});
