import { gradeOverrideSchema } from "~/domain/sessions/grade-override";
import { overrideGrade } from "~/features/sessions/use-cases.server";
import { created, resourceRoute } from "~/services/resource-route.server";

/**
 * POST /api/sessions/{id}/grade-overrides {questionId, score, reason}: a teacher's grade for an
 * open answer, recorded beside the model's; 201 with the override and the session's new
 * totalScore. Admins only.
 */
export const { loader, action } = resourceRoute({
  can: ["write", "session"],
  params: ["id"],
  POST: {
    body: gradeOverrideSchema,
    handler: async ({ context, params, caller, body }) => created(await overrideGrade(context, caller, params.id, body)),
  },
});
