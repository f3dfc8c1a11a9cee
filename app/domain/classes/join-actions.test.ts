import { describe, expect, it } from "vitest";

import { renderText } from "~/domain/i18n/catalog";

import { joinActionSchema } from "./join-actions";

/** The schema's message is a catalog code (ADR 0045): as the student reads it, in English and in Spanish. */
const said = (message: string | undefined, locale: "en" | "es" = "en") => renderText(locale, message ?? "");

describe("joinActionSchema", () => {
  it("upper-cases and trims the join code, and asks for a blank one", () => {
    expect(joinActionSchema.parse({ intent: "lookup", code: " democlass " })).toEqual({ intent: "lookup", code: "DEMOCLASS" });
    for (const code of [undefined, "", "   "]) {
      const parsed = joinActionSchema.safeParse({ intent: "lookup", code });
      expect(parsed.success).toBe(false);
      expect(said(parsed.error?.issues[0]?.message)).toBe("Please enter the join code provided by your teacher.");
      expect(said(parsed.error?.issues[0]?.message, "es")).toBe("Ingresa el código de la clase que te dio tu maestro.");
    }
    expect(joinActionSchema.safeParse({ intent: "lookup", code: "A".repeat(51) }).success).toBe(false);
  });

  it("needs a name and a student ID after trimming; the resume code is optional and upper-cased", () => {
    const base = { intent: "start", code: "democlass", cohortId: "c1", displayName: " Ada ", studentId: " S-1 " };
    expect(joinActionSchema.parse(base)).toEqual({
      intent: "start",
      code: "DEMOCLASS",
      cohortId: "c1",
      displayName: "Ada",
      studentId: "S-1",
      resumeCode: undefined,
    });
    expect(joinActionSchema.parse({ ...base, resumeCode: " abc234 " })).toMatchObject({ resumeCode: "ABC234" });
    expect(joinActionSchema.parse({ ...base, resumeCode: "" })).toMatchObject({ resumeCode: undefined });
    expect(joinActionSchema.safeParse({ ...base, resumeCode: "ABCDEFG" }).success).toBe(false);
    for (const blank of [{ displayName: "  " }, { studentId: "" }, { studentId: undefined }]) {
      const parsed = joinActionSchema.safeParse({ ...base, ...blank });
      expect(said(parsed.error?.issues[0]?.message)).toBe("Please enter both your name and student ID.");
    }
    expect(joinActionSchema.safeParse({ ...base, cohortId: "" }).success).toBe(false);
  });
});
