import { NOT_FOUND } from "~/domain/shell/not-found";
import { readLiveClass } from "~/features/classes/use-cases.server";
import { resourceRoute } from "~/services/resource-route.server";

/**
 * GET /api/cohorts/{id}/live: every student of the class with where they are in their test now
 * (ADR 0046), who needs attention first. A class a teacher does not teach is 404.
 */
export const { loader, action } = resourceRoute({
  can: ["read", "class"],
  params: ["id"],
  notFound: NOT_FOUND.cohort,
  GET: {
    handler: async ({ context, params, caller }) => {
      const { schoolClass, updatedAt, students } = await readLiveClass(context, caller, params.id);
      return { cohortId: schoolClass.id, updatedAt, students };
    },
  },
});
