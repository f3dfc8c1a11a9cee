import { describe, expect, it } from "vitest";

import { analyticsHref, analyticsScopeFromQuery, MALFORMED_CLASS_ID, MALFORMED_TEST_ID, MALFORMED_WINDOW_ID, parseAnalyticsScope } from "./analytics-scope";

const refusal = (run: () => unknown) => {
  try {
    run();
    return null;
  } catch (error) {
    return { kind: (error as { kind?: string }).kind, message: (error as Error).message };
  }
};

describe("parseAnalyticsScope", () => {
  it("accepts generated ids and reads a blank test as every test", () => {
    const id = "0b7c6a52-8d0e-4c1e-9d3f-1b2a3c4d5e6f";
    expect(parseAnalyticsScope(id, undefined)).toEqual({ cohortId: id, testConfigId: null, windowId: null });
    expect(parseAnalyticsScope(` ${id} `, "  ", " ")).toEqual({ cohortId: id, testConfigId: null, windowId: null });
    expect(parseAnalyticsScope("class_1", "test-2", "all")).toEqual({ cohortId: "class_1", testConfigId: "test-2", windowId: "all" });
  });

  it("refuses a missing, malformed or overlong id as invalid (400), naming the parameter", () => {
    expect(refusal(() => parseAnalyticsScope("", null))).toEqual({ kind: "invalid", message: MALFORMED_CLASS_ID });
    expect(refusal(() => parseAnalyticsScope("a b", null))).toEqual({ kind: "invalid", message: MALFORMED_CLASS_ID });
    expect(refusal(() => parseAnalyticsScope("x".repeat(201), null))).toEqual({ kind: "invalid", message: MALFORMED_CLASS_ID });
    expect(refusal(() => parseAnalyticsScope("c1", "'; drop table tests; --"))).toEqual({ kind: "invalid", message: MALFORMED_TEST_ID });
    expect(refusal(() => parseAnalyticsScope("c1", null, "fall 2026"))).toEqual({ kind: "invalid", message: MALFORMED_WINDOW_ID });
  });

  it("reads the exports' query", () => {
    expect(analyticsScopeFromQuery(new URL("http://x/export?cohortId=c1&testConfigId=t1"))).toEqual({ cohortId: "c1", testConfigId: "t1", windowId: null });
    expect(analyticsScopeFromQuery(new URL("http://x/export?cohortId=c1&windowId=w1"))).toEqual({ cohortId: "c1", testConfigId: null, windowId: "w1" });
    expect(refusal(() => analyticsScopeFromQuery(new URL("http://x/export")))?.kind).toBe("invalid");
  });

  it("writes the page's address with the window when one is chosen", () => {
    expect(analyticsHref({ cohortId: "c1", testConfigId: "t1", windowId: "w1" })).toBe("/admin/analytics?cohortId=c1&testConfigId=t1&windowId=w1");
    expect(analyticsHref({ cohortId: "c1" })).toBe("/admin/analytics?cohortId=c1");
  });
});
