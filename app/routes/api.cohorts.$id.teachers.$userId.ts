import { json } from "@remix-run/cloudflare";

import { NOT_FOUND } from "~/domain/shell/not-found";
import { addClassTeacher, removeClassTeacher } from "~/features/classes/use-cases.server";
import { resourceRoute } from "~/services/resource-route.server";

/**
 * POST /api/cohorts/{id}/teachers/{userId} puts a teacher's (or district admin's) account on the
 * class's teachers: 201 when added, 200 when they already were; 400 for a student's account.
 * DELETE takes them off (404 when they were not on it). A district admin's, audited (ADR 0040).
 */
export const { loader, action } = resourceRoute({
  can: ["manage-roles", "accounts"],
  params: ["id", "userId"],
  notFound: NOT_FOUND.classTeacher,
  POST: {
    handler: async ({ context, params, caller }) => {
      const added = await addClassTeacher(context, caller, { cohortId: params.id, userId: params.userId });
      return json(added, { status: added.added ? 201 : 200 });
    },
  },
  DELETE: {
    handler: ({ context, params, caller }) => removeClassTeacher(context, caller, { cohortId: params.id, userId: params.userId }),
  },
});
