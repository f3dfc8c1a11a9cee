import { NOT_FOUND } from "~/domain/shell/not-found";
import { deletePrerequisite } from "~/models/competencies.server";
import { resourceRoute } from "~/services/resource-route.server";

/** DELETE /api/prerequisites/{id}. */
export const { loader, action } = resourceRoute({
  can: ["author", "shared-content"],
  params: ["id"],
  notFound: NOT_FOUND.prerequisite,
  DELETE: { handler: async ({ context, params }) => ((await deletePrerequisite(context.db, params.id)) ? { deleted: true } : null) },
});
