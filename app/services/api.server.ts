import { json } from "@remix-run/cloudflare";
import type { z } from "zod";

import { safeFileName } from "~/domain/export/csv";
import { translate } from "~/domain/i18n/catalog";
import type { AnyLocale } from "~/domain/i18n/locale";
import { DomainError, invalid } from "~/lib/errors";
import { parseRequestJson } from "~/lib/json-bounds";

/** Pieces of resource routes (services/resource-route.server.ts): one error shape ({ message }) and zod-checked bodies. */
export function apiError(status: number, message: string, headers: Record<string, string> = {}): Response {
  return json({ message }, { status, headers });
}

/** Parses a JSON body with the payload's schema; a problem is an `invalid` failure naming the field. */
export async function parseJsonBody<Schema extends z.ZodTypeAny>(request: Request, schema: Schema): Promise<z.infer<Schema>> {
  const text = await request.text();
  // An empty body reads as {}: every field of the schema is then missing, each with its message.
  const parsed = schema.safeParse(text.trim() === "" ? {} : parseRequestJson(text));
  if (!parsed.success) throw invalidInput(parsed.error, "errors.invalidBody");
  return parsed.data;
}

/**
 * A schema's first problem as an `invalid` failure that names the field ("limit: must be at most
 * 200"); the problem and the fallback may be catalog codes, rendered by the API's error mapping.
 */
export function invalidInput(error: z.ZodError, fallback: string) {
  const issue = error.issues[0];
  const problem = issue?.message ?? fallback;
  if (!issue?.path.length) return invalid(problem);
  return new DomainError("invalid", "errors.fieldProblem", undefined, { field: issue.path.join("."), problem });
}

/** 405 naming the methods the route takes, in the request's language (ADR 0045). */
export function methodNotAllowed(allowed: string[], locale: AnyLocale): Response {
  const methods = allowed.join(` ${translate(locale, "errors", "or")} `);
  return json({ message: translate(locale, "errors", "methodNotAllowed", { methods }) }, { status: 405, headers: { Allow: allowed.join(", ") } });
}

/** A CSV download (the admin exports). The edge adds no-store, as on every user-data response. */
export function csvAttachment(fileName: string, csv: string): Response {
  // A byte-order mark so Excel reads the file as UTF-8 (students' names are not all ASCII).
  return new Response(`\uFEFF${csv}`, {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="${safeFileName(fileName)}"`,
    },
  });
}
