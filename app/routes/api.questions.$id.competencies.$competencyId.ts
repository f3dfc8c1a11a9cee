import { competencyLinkPatchSchema } from "~/domain/questions/question";
import { NOT_FOUND } from "~/domain/shell/not-found";
import { setPrimaryCompetency, unlinkCompetency } from "~/features/questions/use-cases.server";
import { resourceRoute } from "~/services/resource-route.server";

/** PATCH (isPrimary) and DELETE /api/questions/{id}/competencies/{competencyId}. */
export const { loader, action } = resourceRoute({
  can: ["author", "shared-content"],
  params: ["id", "competencyId"],
  notFound: NOT_FOUND.questionCompetencyLink,
  PATCH: {
    body: competencyLinkPatchSchema,
    handler: ({ context, params, caller, body }) =>
      setPrimaryCompetency(context, caller, { questionId: params.id, competencyId: params.competencyId, isPrimary: body.isPrimary }),
  },
  DELETE: { handler: ({ context, params, caller }) => unlinkCompetency(context, caller, { questionId: params.id, competencyId: params.competencyId }) },
});
