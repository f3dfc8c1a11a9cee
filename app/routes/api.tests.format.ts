import { formatRequestSchema, withCompetencyMaps } from "~/domain/ai/format-request";
import { formatTest } from "~/features/tests/use-cases.server";
import { jobWaitResponse } from "~/services/ai/tasks.server";
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
      jobWaitResponse(await formatTest(context, caller, body.rawContent, body.language), context.config.ai.provider, withCompetencyMaps),
  },
});
