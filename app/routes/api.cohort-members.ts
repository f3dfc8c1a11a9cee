import { json } from "@remix-run/cloudflare";

import { cohortMemberSchema } from "~/domain/classes/cohort";
import { NOT_FOUND } from "~/domain/shell/not-found";
import { addCohortMember } from "~/models/cohorts.server";
import { resourceRoute } from "~/services/resource-route.server";

/**
 * POST /api/cohort-members {cohortId, studentId, displayName} → {studentId}: public, because a
 * student registers in a class signed out (ADR 0003). 201 for a new member, 200 when the student
 * id was already in the class (its name is updated); 404 for an unknown class, 409 an inactive one.
 */
export const { loader, action } = resourceRoute({
  who: "anyone",
  notFound: NOT_FOUND.cohort,
  POST: {
    body: cohortMemberSchema,
    handler: async ({ context, body }) => {
      const member = await addCohortMember(context.db, body);
      return member && json({ studentId: member.studentId }, { status: member.created ? 201 : 200 });
    },
  },
});
