import { json, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import type { z } from "zod";

import { safeFileName } from "~/domain/export/csv";
import { invalid } from "~/lib/errors";
import { parseRequestJson } from "~/lib/json-bounds";
import { describeFailure } from "./http-errors.server";

/** Helpers for /api routes: one error shape ({ message }) and zod-checked bodies. */
export function apiError(status: number, message: string, headers: Record<string, string> = {}): Response {
  return json({ message }, { status, headers });
}

/**
 * Wraps every /api loader and action: a thrown Response (the role check) is answered as it is,
 * a DomainError with its kind's status and message, anything else is logged and answered with
 * a generic 500 that never carries the error's own text.
 */
export function apiRoute(handler: (args: LoaderFunctionArgs) => Promise<Response>) {
  return async (args: LoaderFunctionArgs): Promise<Response> => {
    try {
      return await handler(args);
    } catch (error) {
      if (error instanceof Response) return error;
      const { status, message, headers } = describeFailure(error, `${args.request.method} ${new URL(args.request.url).pathname}`);
      return apiError(status, message, headers);
    }
  };
}

/** Parses a JSON body with the payload's schema; a problem is an `invalid` failure naming the field. */
export async function parseJsonBody<Schema extends z.ZodTypeAny>(request: Request, schema: Schema): Promise<z.infer<Schema>> {
  const text = await request.text();
  // An empty body reads as {}: every field of the schema is then missing, each with its message.
  const parsed = schema.safeParse(text.trim() === "" ? {} : parseRequestJson(text));
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const where = issue?.path.length ? `${issue.path.join(".")}: ` : "";
    throw invalid(`${where}${issue?.message ?? "Invalid request body"}`);
  }
  return parsed.data;
}

export function methodNotAllowed(allowed: string[]): Response {
  return json({ message: `Method not allowed. Use ${allowed.join(" or ")}.` }, { status: 405, headers: { Allow: allowed.join(", ") } });
}

type Handler = () => Promise<Response>;

/**
 * Dispatches a resource route's action by method; any other method gets a JSON 405 naming
 * the allowed ones (GET included when the route has a loader).
 */
export function byMethod(request: Request, handlers: Partial<Record<"POST" | "PUT" | "PATCH" | "DELETE", Handler>>, hasGet = true) {
  const handler = handlers[request.method as keyof typeof handlers];
  if (handler) return handler();
  return Promise.resolve(methodNotAllowed([...(hasGet ? ["GET"] : []), ...Object.keys(handlers)]));
}

/** Reads a path parameter Remix guarantees for the route. */
export function param(params: Record<string, string | undefined>, name: string): string {
  return params[name] ?? "";
}

/** A CSV download (admin exports, issue 10). The edge adds no-store, as on every user-data response. */
export function csvAttachment(fileName: string, csv: string): Response {
  // A byte-order mark so Excel reads the file as UTF-8 (students' names are not all ASCII).
  return new Response(`\uFEFF${csv}`, {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="${safeFileName(fileName)}"`,
    },
  });
}
