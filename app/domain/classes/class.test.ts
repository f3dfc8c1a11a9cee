import { describe, expect, it } from "vitest";
import type { ZodTypeAny } from "zod";

import { renderText } from "~/domain/i18n/catalog";
import { fieldErrors } from "~/lib/form-errors";

import { classCreateSchema, classMemberSchema, classUpdateSchema, joinCodeLookupSchema, joinUrl, resolveDefaultTest, rosterSearchStatus } from "./class";
import { CLASS_MESSAGES, classActionSchema } from "./screen-actions";

function errorsOf(schema: ZodTypeAny, input: unknown): Record<string, string> {
  const result = schema.safeParse(input);
  if (result.success) throw new Error(`expected a refusal, got ${JSON.stringify(result.data)}`);
  return fieldErrors(result.error);
}

/** The refusals as a reader sees them: catalog codes rendered in the language (ADR 0045), sentences as they are. */
const renderedErrorsOf = (schema: ZodTypeAny, input: unknown, locale: "en" | "es" = "en") =>
  Object.fromEntries(Object.entries(errorsOf(schema, input)).map(([field, text]) => [field, renderText(locale, text)]));

describe("cohortCreateSchema", () => {
  it("requires a name with the product's message", () => {
    expect(errorsOf(classCreateSchema, {})).toEqual({ name: "Please enter a cohort name." });
    expect(errorsOf(classCreateSchema, { name: "   " })).toEqual({ name: "Please enter a cohort name." });
  });

  it("reads a blank join code as none (generated later), and upper-cases and trims a typed one", () => {
    expect(classCreateSchema.parse({ name: " Period 3 ", joinCode: "  " })).toEqual({
      name: "Period 3",
      joinCode: null,
      isActive: true,
      access: "open",
      aiGrading: true,
    });
    expect(classCreateSchema.parse({ name: "Period 3", joinCode: " math-7b " }).joinCode).toBe("MATH-7B");
    expect(classCreateSchema.parse({ name: "Period 3", joinCode: null }).joinCode).toBeNull();
  });

  it("makes a class open unless it is made rostered, and refuses any other access", () => {
    expect(classCreateSchema.parse({ name: "x", access: "rostered" }).access).toBe("rostered");
    expect(errorsOf(classCreateSchema, { name: "x", access: "closed" })).toEqual({ access: "access must be open or rostered" });
  });

  it("refuses an over-long join code or one that would not survive a URL", () => {
    expect(errorsOf(classCreateSchema, { name: "x", joinCode: "A".repeat(51) })).toEqual({ joinCode: "The join code must be at most 50 characters" });
    expect(errorsOf(classCreateSchema, { name: "x", joinCode: "A/B" })).toEqual({ joinCode: "Use only letters, digits, - and _ in a join code" });
  });

  it("reads the 'No default test' choice as null and checks the mode", () => {
    expect(classCreateSchema.parse({ name: "x", testConfigId: "" }).testConfigId).toBeNull();
    expect(classCreateSchema.parse({ name: "x", testConfigId: "t1", testMode: "diagnostic" })).toMatchObject({ testConfigId: "t1", testMode: "diagnostic" });
    expect(errorsOf(classCreateSchema, { name: "x", testConfigId: "t1", testMode: "final" })).toEqual({
      testMode: "Test mode must be placement or diagnostic",
    });
    expect(errorsOf(classCreateSchema, { name: "x", isActive: "yes" })).toEqual({ isActive: "isActive must be true or false" });
  });
});

describe("cohortUpdateSchema", () => {
  it("leaves fields not sent undefined, so the class keeps them", () => {
    expect(classUpdateSchema.parse({ name: "x" })).toEqual({ name: "x", joinCode: null, testConfigId: undefined, testMode: undefined, isActive: undefined });
    expect(classUpdateSchema.parse({ name: "x", testConfigId: null, testMode: null })).toMatchObject({ testConfigId: null, testMode: null });
  });
});

describe("resolveDefaultTest", () => {
  const existing = { testConfigId: "t1", testMode: "diagnostic" as const };

  it("has no mode without a test, whatever mode is sent", () => {
    expect(resolveDefaultTest(null, { testMode: "diagnostic" })).toEqual({ testConfigId: null, testMode: null });
    expect(resolveDefaultTest(existing, { testConfigId: null, testMode: "diagnostic" })).toEqual({ testConfigId: null, testMode: null });
  });

  it("defaults the mode to placement when a test is chosen without one", () => {
    expect(resolveDefaultTest(null, { testConfigId: "t2" })).toEqual({ testConfigId: "t2", testMode: "placement" });
    expect(resolveDefaultTest(existing, { testConfigId: "t2" })).toEqual({ testConfigId: "t2", testMode: "placement" });
  });

  it("keeps the class's test and mode when neither is sent, and changes only the mode when only it is sent", () => {
    expect(resolveDefaultTest(existing, {})).toEqual(existing);
    expect(resolveDefaultTest(existing, { testMode: "placement" })).toEqual({ testConfigId: "t1", testMode: "placement" });
  });

  it("lets the student choose the mode when a test is set with the mode sent as null, and keeps that choice on later updates", () => {
    expect(resolveDefaultTest(null, { testConfigId: "t2", testMode: null })).toEqual({ testConfigId: "t2", testMode: null });
    expect(resolveDefaultTest(existing, { testMode: null })).toEqual({ testConfigId: "t1", testMode: null });
    const choosing = { testConfigId: "t1", testMode: null };
    expect(resolveDefaultTest(choosing, {})).toEqual(choosing);
    expect(resolveDefaultTest(choosing, { testConfigId: "t2" })).toEqual({ testConfigId: "t2", testMode: "placement" });
  });
});

describe("cohortMemberSchema", () => {
  it("needs a name and a student id, trimmed, with the product's message", () => {
    const message = "Please enter both your name and student ID.";
    expect(renderedErrorsOf(classMemberSchema, { cohortId: "c1", studentId: " ", displayName: "Ada" })).toEqual({ studentId: message });
    expect(renderedErrorsOf(classMemberSchema, { cohortId: "c1", studentId: "s1" })).toEqual({ displayName: message });
    expect(renderedErrorsOf(classMemberSchema, { cohortId: "c1", studentId: "s1" }, "es")).toEqual({
      displayName: "Ingresa tu nombre y tu número de estudiante.",
    });
    expect(classMemberSchema.parse({ cohortId: "c1", studentId: " s-1 ", displayName: " Ada " })).toEqual({
      cohortId: "c1",
      studentId: "s-1",
      displayName: "Ada",
    });
  });

  it("caps each at 100 characters", () => {
    expect(renderedErrorsOf(classMemberSchema, { cohortId: "c1", studentId: "s".repeat(101), displayName: "Ada" })).toEqual({
      studentId: "Your name and student ID must each be at most 100 characters",
    });
  });
});

describe("joinCodeLookupSchema and joinUrl", () => {
  it("reads a code as the join field does", () => {
    expect(joinCodeLookupSchema.parse(" democlass ")).toBe("DEMOCLASS");
    const refusal = (code: string, locale: "en" | "es" = "en") => renderText(locale, joinCodeLookupSchema.safeParse(code).error?.issues[0]?.message ?? "");
    expect(refusal("  ")).toBe("Please enter the join code provided by your teacher.");
    expect(refusal("A".repeat(51))).toBe("The join code must be at most 50 characters");
    expect(refusal("A".repeat(51), "es")).toBe("El código de la clase puede tener como máximo 50 caracteres");
  });

  it("points at the join screen with the code", () => {
    expect(joinUrl("https://school.example", "AB2CD3EF")).toBe("https://school.example/join?code=AB2CD3EF");
  });
});

describe("cohortActionSchema", () => {
  it("carries the product's toasts, titling the name error 'Name required'", () => {
    // The toasts are catalog codes (ADR 0045): the staff screens read them in English.
    const inEnglish = ({ success, failure }: { success: string; failure: string }) => ({
      success: renderText("en", success),
      failure: renderText("en", failure),
    });
    expect(inEnglish(CLASS_MESSAGES.intents.create)).toEqual({ success: "Cohort created", failure: "Failed to create cohort. Please try again." });
    expect(inEnglish(CLASS_MESSAGES.intents.update)).toEqual({ success: "Cohort updated", failure: "Failed to update cohort. Please try again." });
    expect(inEnglish(CLASS_MESSAGES.intents.delete)).toEqual({ success: "Cohort deleted", failure: "Failed to delete cohort." });
    expect(CLASS_MESSAGES.titled).toEqual([{ title: "Name required", message: "Please enter a cohort name." }]);
  });

  it("parses each intent", () => {
    expect(classActionSchema.parse({ intent: "create", values: { name: "A" } })).toMatchObject({ intent: "create", values: { name: "A", isActive: true } });
    expect(classActionSchema.parse({ intent: "update", id: "c1", values: { name: "A", testConfigId: null, testMode: null } })).toMatchObject({
      intent: "update",
      id: "c1",
    });
    expect(classActionSchema.parse({ intent: "delete", id: "c1" })).toEqual({ intent: "delete", id: "c1" });
  });
});

describe("rosterSearchStatus", () => {
  it("counts the students found, and says when there are none", () => {
    expect(rosterSearchStatus(0)).toBe("No students found to add");
    expect(rosterSearchStatus(1)).toBe("1 student found");
    expect(rosterSearchStatus(3)).toBe("3 students found");
  });
});
