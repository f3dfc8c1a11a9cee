import { json } from "@remix-run/cloudflare";
import type { z } from "zod";

import { DomainError } from "~/lib/errors";
import { httpStatusOf } from "./http-errors.server";

/**
 * Runs a screen action's intent: parses the JSON body with the intent's schema and turns refusals
 * into `{ok: false, message}` so the screen can show them as toasts. Unexpected errors get the
 * intent's failure text (SPEC.md section 8) and are logged.
 */
export async function runIntent<Schema extends z.ZodTypeAny>(
  intent: string,
  body: unknown,
  schema: Schema,
  failure: string,
  run: (input: z.infer<Schema>) => Promise<unknown>,
) {
  const parsed = schema.safeParse(body);
  if (!parsed.success) return json({ ok: false, intent, message: parsed.error.issues[0]?.message ?? failure }, { status: 400 });
  try {
    const result = await run(parsed.data);
    if (result === undefined || result === false) return json({ ok: false, intent, message: failure }, { status: 404 });
    return json({ ok: true, intent });
  } catch (error) {
    if (error instanceof DomainError) return json({ ok: false, intent, message: error.message }, { status: httpStatusOf(error.kind) });
    console.error(`Screen action ${intent} failed`, error);
    return json({ ok: false, intent, message: failure }, { status: 500 });
  }
}

/** Reads `{intent, ...}` from a JSON request body; an unreadable body has no intent. */
export async function readIntent(request: Request): Promise<{ intent: string; body: Record<string, unknown> }> {
  const body = (await request.json().catch(() => ({}))) as Record<string, unknown>;
  return { intent: typeof body.intent === "string" ? body.intent : "", body };
}
