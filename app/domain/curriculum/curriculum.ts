import { z } from "zod";

import { CURRICULUM_LIMITS } from "~/domain/content-limits";
import { storableText } from "~/domain/text-fields";
import { optionalText } from "~/lib/schema-fields";

import { MISSING_SELECTION } from "./prerequisites";

/** Competencies, modules, prerequisites and curriculums. */

export const competencySchema = z.object({
  description: storableText(
    z.string({ required_error: "Description is required" }).trim().min(1, "Description is required").max(CURRICULUM_LIMITS.competencyDescriptionChars),
    "The description",
    { multiLine: true },
  ),
  moduleId: z
    .string()
    .nullable()
    .optional()
    .transform((value) => value || null),
  gradeLevel: optionalText(50),
  subject: optionalText(100),
});
export type CompetencyInput = z.infer<typeof competencySchema>;

export const moduleSchema = z.object({
  name: storableText(z.string({ required_error: "Name is required" }).trim().min(1, "Name is required").max(CURRICULUM_LIMITS.moduleNameChars), "The name"),
});

export const prerequisiteSchema = z.object({
  prerequisiteId: z.string({ required_error: MISSING_SELECTION.message }).trim().min(1, MISSING_SELECTION.message),
});

export const curriculumSchema = z.object({
  name: storableText(z.string({ required_error: "Name is required" }).trim().min(1, "Name is required").max(200), "The name"),
  description: optionalText(5000),
  gradeLevel: optionalText(50),
  subject: optionalText(100),
});
export type CurriculumInput = z.infer<typeof curriculumSchema>;

export const curriculumMembershipSchema = z.object({
  competencyId: z.string({ required_error: "competencyId is required" }).trim().min(1, "competencyId is required"),
});
