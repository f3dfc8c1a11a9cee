import { json } from "@remix-run/cloudflare";

import { gradeOverrideSchema } from "~/domain/sessions/grade-override";
import { apiRoute, methodNotAllowed, param, parseJsonBody } from "~/services/api.server";
import { requireAdmin } from "~/services/auth.server";
import { overrideSessionGrade } from "~/services/grade-overrides.server";

/**
 * POST /api/sessions/{id}/grade-overrides {questionId, score, reason} (issue 10 §2): a teacher's
 * grade for an open answer, recorded beside the model's; 201 with the override and the session's
 * new totalScore. Admins only.
 */
export const action = apiRoute(async ({ request, context, params }) => {
  const teacher = await requireAdmin(request, context);
  if (request.method !== "POST") return methodNotAllowed(["POST"]);
  const input = await parseJsonBody(request, gradeOverrideSchema);
  return json(await overrideSessionGrade(context, param(params, "id"), input, teacher), { status: 201 });
});

export const loader = apiRoute(async ({ request, context }) => {
  await requireAdmin(request, context);
  return methodNotAllowed(["POST"]);
});
