import { formatRequestSchema, withCompetencyMaps } from "~/domain/ai/format-request";
import { apiRoute, methodNotAllowed, parseJsonBody } from "~/services/api.server";
import { requireAdmin } from "~/services/auth.server";
import { aiTasksFor, formatTestContent, jobWaitResponse } from "~/services/ai/tasks.server";

/**
 * POST /api/tests/format: {rawContent} in, a formatted test out (SPEC.md section 7). GIFT, Aiken
 * and CSV are parsed exactly; other text goes to the model, or the offline formatter without one.
 */
export const action = apiRoute(async ({ request, context }) => {
  if (request.method !== "POST") return methodNotAllowed(["POST"]);
  const admin = await requireAdmin(request, context);
  const { rawContent } = await parseJsonBody(request, formatRequestSchema);
  const wait = await formatTestContent(aiTasksFor(context, admin.id), rawContent);
  return jobWaitResponse(wait, context.config.ai.provider, withCompetencyMaps);
});

export const loader = () => methodNotAllowed(["POST"]);
