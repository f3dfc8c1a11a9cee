import { moduleSchema } from "~/domain/curriculum/curriculum";
import { createModule, listModules } from "~/models/competencies.server";
import { created, resourceRoute } from "~/services/resource-route.server";

/** GET /api/modules; POST {name} creates one (201; 409 for a name already used). */
export const { loader, action } = resourceRoute({
  can: ["author", "shared-content"],
  GET: { can: ["read", "shared-content"], handler: ({ context }) => listModules(context.db) },
  POST: { body: moduleSchema, handler: async ({ context, body }) => created(await createModule(context.db, body.name)) },
});
