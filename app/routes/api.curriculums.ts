import { curriculumSchema } from "~/domain/curriculum/curriculum";
import { createCurriculum, listCurriculums } from "~/models/curriculums.server";
import { created, resourceRoute } from "~/services/resource-route.server";

/** GET /api/curriculums (with competencyIds); POST creates one (201). */
export const { loader, action } = resourceRoute({
  can: ["author", "shared-content"],
  GET: { can: ["read", "shared-content"], handler: ({ context }) => listCurriculums(context.db) },
  POST: { body: curriculumSchema, handler: async ({ context, body }) => created(await createCurriculum(context.db, body)) },
});
