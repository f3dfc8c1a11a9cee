import { generationRequestSchema } from "~/domain/ai/generation-request";
import { apiRoute, methodNotAllowed, parseJsonBody } from "~/services/api.server";
import { requireAdmin } from "~/services/auth.server";
import { aiTasksFor, generateTestDraft, jobWaitResponse } from "~/services/ai/tasks.server";

/**
 * POST /api/tests/generate: SPEC.md's generation request in, a generated test (title, description,
 * gradeLevel, subject, questions) out. The work is a queued job; this call waits for it (docs/api.md).
 */
export const action = apiRoute(async ({ request, context }) => {
  if (request.method !== "POST") return methodNotAllowed(["POST"]);
  const admin = await requireAdmin(request, context);
  const body = await parseJsonBody(request, generationRequestSchema);
  const wait = await generateTestDraft(aiTasksFor(context, admin.id), body);
  return jobWaitResponse(wait, context.config.ai.provider);
});

export const loader = () => methodNotAllowed(["POST"]);
