import { previewGradeRequestSchema } from "~/domain/ai/preview-grade-request";
import { previewQuestionGrade } from "~/features/questions/use-cases.server";
import { jobWaitResponse } from "~/services/ai/tasks.server";
import { resourceRoute } from "~/services/resource-route.server";

/**
 * POST /api/questions/preview-grade: grades a trial answer to a question being written, as a
 * student's would be graded (and logged, with no session). Answers {score, feedback, keyPoints,
 * strengths, improvements}; a score of 70 or more counts as correct.
 */
export const { loader, action } = resourceRoute({
  can: ["author", "shared-content"],
  POST: {
    body: previewGradeRequestSchema,
    handler: async ({ context, caller, body }) => jobWaitResponse(await previewQuestionGrade(context, caller, body), context.config.ai.provider),
  },
});
