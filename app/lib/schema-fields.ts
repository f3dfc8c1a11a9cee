import { z } from "zod";

/**
 * Field shapes several payload schemas share, so the form, the screen action and the API read
 * a field the same way.
 */

/** Optional text: blank (or only spaces) means none; otherwise the trimmed text. */
export const optionalText = (max: number) =>
  z
    .string()
    .max(max, `Must be at most ${max} characters`)
    .nullable()
    .optional()
    .transform((value) => (value?.trim() ? value.trim() : null));

/** A record id sent by a page. Empty or unknown ids reach the model, which answers not_found (never a create). */
export const recordId = z.string({ required_error: "Missing id", invalid_type_error: "Missing id" }).trim();

/** Seconds, optional: blank (or only spaces), null or missing means none; text from forms is read as a number. */
export const optionalSeconds = (label: string) =>
  z.preprocess(
    (value) => {
      if (value == null) return null;
      if (typeof value !== "string") return value;
      const text = value.trim();
      return text === "" ? null : Number(text);
    },
    z
      .number({ invalid_type_error: `${label} must be a number` })
      .int(`${label} must be a whole number of seconds`)
      .min(0, `${label} cannot be negative`)
      .max(24 * 60 * 60, `${label} cannot exceed 24 hours`)
      .nullable(),
  );
