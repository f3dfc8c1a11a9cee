import { z } from "zod";

/** Competencies, modules, prerequisites and curriculums (SPEC.md section 5). */
const optionalText = (max: number) =>
  z
    .string()
    .max(max, `Must be at most ${max} characters`)
    .nullable()
    .optional()
    .transform((value) => (value?.trim() ? value.trim() : null));

export const competencySchema = z.object({
  description: z.string({ required_error: "Description is required" }).trim().min(1, "Description is required").max(1000),
  moduleId: z.string().nullable().optional().transform((value) => value || null),
  gradeLevel: optionalText(50),
  subject: optionalText(100),
});
export type CompetencyInput = z.infer<typeof competencySchema>;

export const moduleSchema = z.object({
  name: z.string({ required_error: "Name is required" }).trim().min(1, "Name is required").max(200),
});

export const prerequisiteSchema = z.object({
  prerequisiteId: z.string({ required_error: "Please select both a competency and its prerequisite." }).trim().min(1, "Please select both a competency and its prerequisite."),
});

export const curriculumSchema = z.object({
  name: z.string({ required_error: "Name is required" }).trim().min(1, "Name is required").max(200),
  description: optionalText(5000),
  gradeLevel: optionalText(50),
  subject: optionalText(100),
});
export type CurriculumInput = z.infer<typeof curriculumSchema>;

export const curriculumMembershipSchema = z.object({
  competencyId: z.string({ required_error: "competencyId is required" }).trim().min(1, "competencyId is required"),
});
