import { json } from "@remix-run/cloudflare";
import type { z } from "zod";

import { safeFileName } from "~/domain/export/csv";
import { invalid } from "~/lib/errors";
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
  if (!parsed.success) throw invalidInput(parsed.error, "Invalid request body");
  return parsed.data;
}

/** A schema's first problem as an `invalid` failure that names the field ("limit: must be at most 200"). */
export function invalidInput(error: z.ZodError, fallback: string) {
  const issue = error.issues[0];
  const where = issue?.path.length ? `${issue.path.join(".")}: ` : "";
  return invalid(`${where}${issue?.message ?? fallback}`);
}

export function methodNotAllowed(allowed: string[]): Response {
  return json({ message: `Method not allowed. Use ${allowed.join(" or ")}.` }, { status: 405, headers: { Allow: allowed.join(", ") } });
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
