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
