import { generationRequestSchema } from "~/domain/ai/generation-request";
import { generateTest } from "~/features/tests/use-cases.server";
import { jobWaitResponse } from "~/services/ai/tasks.server";
import { resourceRoute } from "~/services/resource-route.server";

/**
 * POST /api/tests/generate: a generation request in, a generated test (title, description,
 * gradeLevel, subject, questions) out. The work is a queued job; this call waits for it (docs/api.md).
 */
export const { loader, action } = resourceRoute({
  can: ["author", "shared-content"],
  POST: {
    body: generationRequestSchema,
    handler: async ({ context, caller, body }) => jobWaitResponse(await generateTest(context, caller, body), context.config.ai.provider),
  },
});
