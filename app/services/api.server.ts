import { json } from "@remix-run/cloudflare";
import type { z } from "zod";

import { DomainError } from "~/lib/errors";
import { httpStatusOf } from "./http-errors.server";

/** Helpers for /api routes: one error shape ({ message }) and zod-checked bodies. */
export function apiError(status: 400 | 401 | 403 | 404 | 405 | 409 | 429 | 500, message: string): Response {
  return json({ message }, { status });
}

/** Parses a JSON body with the payload's schema; throws a 400 with the first problem. */
export async function parseJsonBody<Schema extends z.ZodTypeAny>(request: Request, schema: Schema): Promise<z.infer<Schema>> {
  let body: unknown;
  try {
    const text = await request.text();
    body = text.trim() === "" ? {} : JSON.parse(text);
  } catch {
    throw apiError(400, "Request body must be valid JSON");
  }
  const parsed = schema.safeParse(body);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const where = issue?.path.length ? `${issue.path.join(".")}: ` : "";
    throw apiError(400, `${where}${issue?.message ?? "Invalid request body"}`);
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
  return methodNotAllowed([...(hasGet ? ["GET"] : []), ...Object.keys(handlers)]);
}

/** Reads a path parameter Remix guarantees for the route. */
export function param(params: Record<string, string | undefined>, name: string): string {
  return params[name] ?? "";
}

/** Runs a handler and answers a DomainError it throws with its status and message. */
export async function ruleErrors(run: () => Promise<Response>): Promise<Response> {
  try {
    return await run();
  } catch (error) {
    if (error instanceof DomainError) return apiError(httpStatusOf(error.kind) as 400, error.message);
    throw error;
  }
}
