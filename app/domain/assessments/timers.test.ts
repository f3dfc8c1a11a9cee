import { describe, expect, it } from "vitest";

import { effectiveTimeLimit, formatTimeLimit } from "./timers";

describe("effectiveTimeLimit (the timer priority)", () => {
  const typeDefaults = { free_response: 300, chat: 600 };

  it("uses the question's own limit before everything else", () => {
    expect(effectiveTimeLimit({ questionLimit: 45, sectionLimit: 90, typeDefaults, type: "free_response" })).toEqual({
      seconds: 45,
      source: "question",
    });
  });

  it("falls back to the section default when the question has none", () => {
    expect(effectiveTimeLimit({ questionLimit: null, sectionLimit: 90, typeDefaults, type: "free_response" })).toEqual({
      seconds: 90,
      source: "section",
    });
    expect(effectiveTimeLimit({ sectionLimit: 90, typeDefaults, type: "chat" })).toEqual({ seconds: 90, source: "section" });
  });

  it("falls back to the default for the question's type", () => {
    expect(effectiveTimeLimit({ questionLimit: null, sectionLimit: null, typeDefaults, type: "chat" })).toEqual({
      seconds: 600,
      source: "type",
    });
  });

  it("has no limit when nothing is set", () => {
    expect(effectiveTimeLimit({ questionLimit: null, sectionLimit: null, typeDefaults, type: "multiple_choice" })).toEqual({
      seconds: null,
      source: "none",
    });
    expect(effectiveTimeLimit({ type: "scenario" })).toEqual({ seconds: null, source: "none" });
    expect(effectiveTimeLimit({ typeDefaults: null, type: "scenario" })).toEqual({ seconds: null, source: "none" });
  });

  it("counts 0 as set on the question", () => {
    expect(effectiveTimeLimit({ questionLimit: 0, sectionLimit: 90, typeDefaults, type: "chat" })).toEqual({
      seconds: 0,
      source: "question",
    });
  });

  it("counts 0 as set on the section", () => {
    expect(effectiveTimeLimit({ questionLimit: null, sectionLimit: 0, typeDefaults, type: "chat" })).toEqual({
      seconds: 0,
      source: "section",
    });
  });

  it("counts 0 as set in the type defaults", () => {
    expect(effectiveTimeLimit({ sectionLimit: null, typeDefaults: { scenario: 0 }, type: "scenario" })).toEqual({
      seconds: 0,
      source: "type",
    });
  });

  it("does not borrow another type's default", () => {
    expect(effectiveTimeLimit({ typeDefaults: { free_response: 300 }, type: "multiple_select" })).toEqual({
      seconds: null,
      source: "none",
    });
  });
});

describe("formatTimeLimit", () => {
  it("says No limit when there is none", () => {
    expect(formatTimeLimit(null)).toBe("No limit");
  });

  it("shows seconds under a minute", () => {
    expect(formatTimeLimit(0)).toBe("0 s");
    expect(formatTimeLimit(45)).toBe("45 s");
    expect(formatTimeLimit(59)).toBe("59 s");
  });

  it("shows whole minutes without seconds", () => {
    expect(formatTimeLimit(60)).toBe("1 min");
    expect(formatTimeLimit(300)).toBe("5 min");
  });

  it("shows minutes and the remaining seconds", () => {
    expect(formatTimeLimit(90)).toBe("1 min 30 s");
    expect(formatTimeLimit(330)).toBe("5 min 30 s");
    expect(formatTimeLimit(3601)).toBe("60 min 1 s");
  });
});
