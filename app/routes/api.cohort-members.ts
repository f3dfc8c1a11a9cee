import { json } from "@remix-run/cloudflare";

import { cohortMemberSchema } from "~/domain/classes/cohort";
import { addCohortMember } from "~/models/cohorts.server";
import { apiRoute, byMethod, methodNotAllowed, parseJsonBody } from "~/services/api.server";

/**
 * POST /api/cohort-members {cohortId, studentId, displayName} → {studentId}: PUBLIC, because a
 * student registers in a class signed out (DESIGN.md decision 2). 201 for a new member, 200 when
 * the student id was already in the class (its name is updated); 409 for an inactive class.
 */
export const action = apiRoute(async ({ request, context }) =>
  byMethod(
    request,
    {
      POST: async () => {
        const input = await parseJsonBody(request, cohortMemberSchema);
        const { studentId, created } = await addCohortMember(context.db, input);
        return json({ studentId }, { status: created ? 201 : 200 });
      },
    },
    false,
  ),
);

export const loader = apiRoute(async () => methodNotAllowed(["POST"]));
