import { curriculumSchema } from "~/domain/curriculum/curriculum";
import { NOT_FOUND } from "~/domain/shell/not-found";
import { deleteCurriculum, updateCurriculum } from "~/models/curriculums.server";
import { resourceRoute } from "~/services/resource-route.server";

/** PUT and DELETE /api/curriculums/{id}. */
export const { loader, action } = resourceRoute({
  can: ["author", "shared-content"],
  params: ["id"],
  notFound: NOT_FOUND.curriculum,
  PUT: { body: curriculumSchema, handler: ({ context, params, body }) => updateCurriculum(context.db, params.id, body) },
  DELETE: { handler: async ({ context, params }) => ((await deleteCurriculum(context.db, params.id)) ? { deleted: true } : null) },
});
