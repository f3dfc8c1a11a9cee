import { describe, expect, it } from "vitest";
import type { ZodTypeAny } from "zod";

import { fieldErrors } from "~/lib/form-errors";

import { competencySchema, curriculumMembershipSchema, curriculumSchema, moduleSchema, prerequisiteSchema } from "./curriculum";

/** The messages a form shows for an input the schema refuses. */
function errorsOf(schema: ZodTypeAny, input: unknown): Record<string, string> {
  const result = schema.safeParse(input);
  if (result.success) throw new Error(`expected a refusal, got ${JSON.stringify(result.data)}`);
  return fieldErrors(result.error);
}

describe("competencySchema", () => {
  it("requires a description, word for word", () => {
    expect(errorsOf(competencySchema, {})).toEqual({ description: "Description is required" });
    expect(errorsOf(competencySchema, { description: "   " })).toEqual({ description: "Description is required" });
  });

  it("needs nothing else and stores blanks as null", () => {
    expect(competencySchema.parse({ description: "Adds fractions" })).toEqual({
      description: "Adds fractions",
      moduleId: null,
      gradeLevel: null,
      subject: null,
    });
    expect(competencySchema.parse({ description: "Adds fractions", moduleId: "", gradeLevel: "  ", subject: null })).toEqual({
      description: "Adds fractions",
      moduleId: null,
      gradeLevel: null,
      subject: null,
    });
  });

  it("keeps the optional fields, trimmed", () => {
    expect(competencySchema.parse({ description: " Adds fractions ", moduleId: "m1", gradeLevel: " 6 ", subject: "Math " })).toEqual({
      description: "Adds fractions",
      moduleId: "m1",
      gradeLevel: "6",
      subject: "Math",
    });
  });

  it("refuses an over-long grade level", () => {
    expect(errorsOf(competencySchema, { description: "x", gradeLevel: "g".repeat(51) })).toEqual({
      gradeLevel: "Must be at most 50 characters",
    });
  });
});

describe("moduleSchema", () => {
  it("requires a name, word for word", () => {
    expect(errorsOf(moduleSchema, {})).toEqual({ name: "Name is required" });
    expect(errorsOf(moduleSchema, { name: " " })).toEqual({ name: "Name is required" });
    expect(moduleSchema.parse({ name: " Number sense " })).toEqual({ name: "Number sense" });
  });
});

describe("curriculumSchema", () => {
  it("requires a name, word for word", () => {
    expect(errorsOf(curriculumSchema, {})).toEqual({ name: "Name is required" });
    expect(errorsOf(curriculumSchema, { name: "", description: "Everything" })).toEqual({ name: "Name is required" });
  });

  it("stores blank optional fields as null", () => {
    expect(curriculumSchema.parse({ name: "Grade 6 Math", description: "", gradeLevel: "   ", subject: null })).toEqual({
      name: "Grade 6 Math",
      description: null,
      gradeLevel: null,
      subject: null,
    });
    expect(curriculumSchema.parse({ name: "Grade 6 Math" })).toEqual({
      name: "Grade 6 Math",
      description: null,
      gradeLevel: null,
      subject: null,
    });
  });

  it("keeps the optional fields, trimmed", () => {
    expect(curriculumSchema.parse({ name: "Grade 6 Math", description: " Core skills ", gradeLevel: "6", subject: "Math" })).toEqual({
      name: "Grade 6 Math",
      description: "Core skills",
      gradeLevel: "6",
      subject: "Math",
    });
  });
});

describe("prerequisiteSchema", () => {
  it("asks for both selections when the prerequisite is missing or blank", () => {
    const message = "Please select both a competency and its prerequisite.";
    expect(errorsOf(prerequisiteSchema, {})).toEqual({ prerequisiteId: message });
    expect(errorsOf(prerequisiteSchema, { prerequisiteId: "  " })).toEqual({ prerequisiteId: message });
  });

  it("accepts a chosen prerequisite", () => {
    expect(prerequisiteSchema.parse({ prerequisiteId: "c2" })).toEqual({ prerequisiteId: "c2" });
  });
});

describe("curriculumMembershipSchema", () => {
  it("needs a competency id", () => {
    expect(errorsOf(curriculumMembershipSchema, { competencyId: "" })).toEqual({ competencyId: "competencyId is required" });
    expect(curriculumMembershipSchema.parse({ competencyId: "c1" })).toEqual({ competencyId: "c1" });
  });
});
