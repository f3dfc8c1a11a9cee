import { NOT_FOUND } from "~/domain/shell/not-found";
import { removeCurriculumCompetency } from "~/models/curriculums.server";
import { resourceRoute } from "~/services/resource-route.server";

/** DELETE /api/curriculums/{id}/competencies/{competencyId}. */
export const { loader, action } = resourceRoute({
  can: ["author", "shared-content"],
  params: ["id", "competencyId"],
  notFound: NOT_FOUND.curriculumMember,
  DELETE: {
    handler: async ({ context, params }) => ((await removeCurriculumCompetency(context.db, params.id, params.competencyId)) ? { deleted: true } : null),
  },
});
