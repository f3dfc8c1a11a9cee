import { describe, expect, it } from "vitest";

import { effectiveTimeLimit, formatTimeLimit } from "./timers";

describe("effectiveTimeLimit: own, then section, then type default, then none", () => {
  const typeDefaults = { free_response: 300 };
  it("prefers the question's own limit", () => {
    expect(effectiveTimeLimit({ questionLimit: 30, sectionLimit: 60, typeDefaults, type: "free_response" })).toEqual({ seconds: 30, source: "question" });
  });
  it("falls back to the section, then the type default, then no limit", () => {
    expect(effectiveTimeLimit({ questionLimit: null, sectionLimit: 60, typeDefaults, type: "free_response" })).toEqual({ seconds: 60, source: "section" });
    expect(effectiveTimeLimit({ questionLimit: null, sectionLimit: null, typeDefaults, type: "free_response" })).toEqual({ seconds: 300, source: "type" });
    expect(effectiveTimeLimit({ questionLimit: null, sectionLimit: null, typeDefaults, type: "chat" })).toEqual({ seconds: null, source: "none" });
  });
  it("treats 0 as a set limit at every level", () => {
    expect(effectiveTimeLimit({ questionLimit: 0, sectionLimit: 60, type: "chat" }).source).toBe("question");
    expect(effectiveTimeLimit({ sectionLimit: 0, typeDefaults: { chat: 9 }, type: "chat" }).source).toBe("section");
  });
});

describe("formatTimeLimit", () => {
  it("reads as people say it", () => {
    expect(formatTimeLimit(null)).toBe("No limit");
    expect(formatTimeLimit(45)).toBe("45 s");
    expect(formatTimeLimit(240)).toBe("4 min");
    expect(formatTimeLimit(330)).toBe("5 min 30 s");
  });
});
