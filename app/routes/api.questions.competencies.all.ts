import { listAllCompetencyLinks } from "~/features/questions/use-cases.server";
import { resourceRoute } from "~/services/resource-route.server";

/** GET /api/questions/competencies/all: every question-competency link. */
export const { loader, action } = resourceRoute({
  can: ["read", "shared-content"],
  GET: { handler: ({ context, caller }) => listAllCompetencyLinks(context, caller) },
});
