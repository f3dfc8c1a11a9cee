import { previewGradeRequestSchema } from "~/domain/ai/preview-grade-request";
import { apiRoute, methodNotAllowed, parseJsonBody } from "~/services/api.server";
import { requireAdmin } from "~/services/auth.server";
import { aiTasksFor, jobWaitResponse, previewGrade } from "~/services/ai/tasks.server";

/**
 * POST /api/questions/preview-grade: grades a trial answer to a question being written, as a
 * student's would be graded (and logged, with no session). Answers {score, feedback, keyPoints,
 * strengths, improvements}; a score of 70 or more counts as correct.
 */
export const action = apiRoute(async ({ request, context }) => {
  if (request.method !== "POST") return methodNotAllowed(["POST"]);
  const admin = await requireAdmin(request, context);
  const { question, answer } = await parseJsonBody(request, previewGradeRequestSchema);
  const wait = await previewGrade(aiTasksFor(context, admin.id), question, answer);
  return jobWaitResponse(wait, context.config.ai.provider);
});

export const loader = () => methodNotAllowed(["POST"]);
