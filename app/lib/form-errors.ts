import type { ZodError } from "zod";

/** The first message for each field of a failed parse, keyed by its dotted path ("options.0.text"). */
export function fieldErrors(error: ZodError): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const issue of error.issues) {
    const key = issue.path.join(".") || "_form";
    errors[key] ??= issue.message;
  }
  return errors;
}
