import { competencySchema } from "~/domain/curriculum/curriculum";
import { listCompetencies, saveCompetency } from "~/models/competencies.server";
import { created, resourceRoute } from "~/services/resource-route.server";

/** GET /api/competencies; POST creates one (201). */
export const { loader, action } = resourceRoute({
  can: ["author", "shared-content"],
  GET: { can: ["read", "shared-content"], handler: ({ context }) => listCompetencies(context.db) },
  POST: { body: competencySchema, handler: async ({ context, body }) => created(await saveCompetency(context.db, null, body)) },
});
