import { prerequisiteSchema } from "~/domain/curriculum/curriculum";
import { refuseMissing } from "~/domain/shell/not-found";
import { addPrerequisite } from "~/models/competencies.server";
import { created, resourceRoute } from "~/services/resource-route.server";

/** POST /api/competencies/{id}/prerequisites {prerequisiteId}: 201; 400 self; 404 unknown; 409 duplicate or cycle. */
export const { loader, action } = resourceRoute({
  can: ["author", "shared-content"],
  params: ["id"],
  POST: {
    body: prerequisiteSchema,
    handler: async ({ context, params, body }) => created(refuseMissing(await addPrerequisite(context.db, params.id, body.prerequisiteId))),
  },
});
