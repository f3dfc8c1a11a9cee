import { allCompetencyLinks } from "~/models/questions.server";
import { resourceRoute } from "~/services/resource-route.server";

/** GET /api/questions/competencies/all: every question-competency link. */
export const { loader, action } = resourceRoute({
  can: ["read", "shared-content"],
  GET: { handler: ({ context }) => allCompetencyLinks(context.db) },
});
