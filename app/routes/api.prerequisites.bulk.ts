import { listPrerequisites } from "~/models/competencies.server";
import { resourceRoute } from "~/services/resource-route.server";

/** GET /api/prerequisites/bulk: every pair, with both competencies' descriptions. */
export const { loader, action } = resourceRoute({
  can: ["read", "shared-content"],
  GET: { handler: ({ context }) => listPrerequisites(context.db) },
});
