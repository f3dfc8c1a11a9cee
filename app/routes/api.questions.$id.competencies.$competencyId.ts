import { competencyLinkPatchSchema } from "~/domain/questions/question";
import { NOT_FOUND } from "~/domain/shell/not-found";
import { setPrimaryCompetency, unlinkCompetency } from "~/models/questions.server";
import { resourceRoute } from "~/services/resource-route.server";

/** PATCH (isPrimary) and DELETE /api/questions/{id}/competencies/{competencyId}. */
export const { loader, action } = resourceRoute({
  can: ["author", "shared-content"],
  params: ["id", "competencyId"],
  notFound: NOT_FOUND.questionCompetencyLink,
  PATCH: {
    body: competencyLinkPatchSchema,
    handler: ({ context, params, body }) => setPrimaryCompetency(context.db, params.id, params.competencyId, body.isPrimary),
  },
  DELETE: { handler: async ({ context, params }) => ((await unlinkCompetency(context.db, params.id, params.competencyId)) ? { deleted: true } : null) },
});
