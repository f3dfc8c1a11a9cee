import { describe, expect, it } from "vitest";

import { formattedTestSchema } from "../schemas";
import { detectFormat, formatOffline, IMPORT_FORMAT_EXAMPLE, MAX_IMPORT_CHARACTERS, parseStructured } from "./index";

const SAMPLES = {
  gift: "$CATEGORY: Geography\n::Capital:: The capital of Italy is {=Rome ~Milan ~Naples}.\n\nRome is in Europe.{T}",
  aiken: "What is 3 x 4?\nA. 12\nB. 7\nANSWER: A",
  csv: 'text,options,correct\n"Largest ocean, by area?",Pacific|Atlantic,Pacific',
  numbered: IMPORT_FORMAT_EXAMPLE,
} as const;

describe("detectFormat", () => {
  it.each(Object.entries(SAMPLES))("recognises %s", (format, raw) => {
    expect(detectFormat(raw)).toBe(format);
  });

  it("does not take free text with braces or commas for GIFT or CSV", () => {
    expect(detectFormat("Text, images and video are media.\nA loop looks like while (x) {}")).toBe("numbered");
    expect(detectFormat("Write a short essay on rivers. {}")).toBe("gift");
  });

  it("leaves numbered questions with Answer letters to the numbered reader", () => {
    expect(detectFormat("1. What is 3 x 4?\nA. 12\nB. 7\nANSWER: A")).toBe("numbered");
  });
});

describe("formatOffline", () => {
  it.each(Object.entries(SAMPLES))("returns a test that passes the formatted-test schema for %s", (format, raw) => {
    const result = formatOffline(raw);
    expect(result).toMatchObject({ ok: true, format });
    if (result.ok) expect(formattedTestSchema.parse(result.test)).toEqual(result.test);
  });

  it("fills the details a format does not name", () => {
    const result = formatOffline(SAMPLES.aiken);
    expect(result.ok && result.test).toMatchObject({
      title: "Imported Test",
      description: "Imported from pasted content (1 question).",
      subject: "General",
      gradeLevel: "General",
      placementDuration: 15,
      diagnosticDuration: 25,
    });
  });

  it("keeps the details a numbered header names", () => {
    const result = formatOffline(SAMPLES.numbered);
    expect(result.ok && result.test).toMatchObject({ title: "Fractions Check", subject: "Mathematics", gradeLevel: "5" });
  });

  it("rejects empty, oversized and over-long content with a clear message", () => {
    expect(formatOffline("  \n")).toEqual({ ok: false, message: "Paste some questions to import." });
    const huge = formatOffline("x".repeat(MAX_IMPORT_CHARACTERS + 1));
    expect(huge.ok === false && huge.message).toMatch(/limit is 200,000/);
    const many = Array.from({ length: 101 }, (_, index) => `Question ${index}?\nA. yes\nB. no\nANSWER: A`).join("\n\n");
    expect(formatOffline(many)).toEqual({
      ok: false,
      message: "The pasted content has 101 questions; a test holds at most 100. Split it into several imports.",
    });
  });

  it("reports schema limits by question number", () => {
    const result = formatOffline(`1. ${"long ".repeat(1100)}`);
    expect(result.ok === false && result.message).toMatch(/^Question 1 \(text\): /);
  });

  it("reports a parse error instead of throwing", () => {
    expect(formatOffline("Just some notes about fractions.")).toMatchObject({ ok: false, message: /^Line 1:/ });
  });
});

describe("parseStructured", () => {
  it("reads GIFT, Aiken and CSV exactly", () => {
    for (const raw of [SAMPLES.gift, SAMPLES.aiken, SAMPLES.csv]) expect(parseStructured(raw)?.ok).toBe(true);
  });

  it("returns null for free text and the numbered format, so a model can read them", () => {
    expect(parseStructured("Photosynthesis turns light into sugar.")).toBeNull();
    expect(parseStructured(SAMPLES.numbered)).toBeNull();
  });

  it("reports errors in structured text", () => {
    expect(parseStructured("Pick\nA. x\nB. y\nANSWER: Q")).toEqual({ ok: false, message: "Line 4: ANSWER: Q does not match an option." });
  });
});
