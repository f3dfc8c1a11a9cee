import { formatRequestSchema, withCompetencyMaps } from "~/domain/ai/format-request";
import { aiTasksFor, formatTestContent, jobWaitResponse } from "~/services/ai/tasks.server";
import { resourceRoute } from "~/services/resource-route.server";

/**
 * POST /api/tests/format: {rawContent} in, a formatted test out. GIFT, Aiken and CSV are parsed
 * exactly; other text goes to the model, or the offline formatter without one.
 */
export const { loader, action } = resourceRoute({
  can: ["author", "shared-content"],
  POST: {
    body: formatRequestSchema,
    handler: async ({ context, caller, body }) =>
      jobWaitResponse(await formatTestContent(aiTasksFor(context, caller.id), body.rawContent), context.config.ai.provider, withCompetencyMaps),
  },
});
