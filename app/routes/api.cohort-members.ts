import { json } from "@remix-run/cloudflare";

import { cohortMemberSchema, INACTIVE_CLASS } from "~/domain/classes/cohort";
import { pinField } from "~/domain/classes/roster-identity";
import { NOT_FOUND } from "~/domain/shell/not-found";
import { conflict } from "~/lib/errors";
import { addCohortMember, findCohortForStart } from "~/models/cohorts.server";
import { getCurrentUser } from "~/services/auth.server";
import { admitStudent, requireSelf } from "~/services/class-admission.server";
import { resourceRoute } from "~/services/resource-route.server";

/**
 * POST /api/cohort-members {cohortId, studentId, displayName, pin?} → {studentId}: public, because
 * a student registers in a class signed out (ADR 0003). 201 for a new member, 200 when the student
 * id was already in the class (its name is updated); 404 for an unknown class, 409 an inactive one.
 * A rostered class admits only a student on its roster with their PIN (403 otherwise, ADR 0029),
 * and keeps the roster's name.
 */
export const { loader, action } = resourceRoute({
  can: "anyone",
  notFound: NOT_FOUND.cohort,
  POST: {
    body: cohortMemberSchema.extend({ pin: pinField.optional() }),
    handler: async ({ request, context, body }) => {
      const cohort = await findCohortForStart(context.db, body.cohortId);
      if (!cohort) return null;
      if (!cohort.isActive) throw conflict(INACTIVE_CLASS);
      const user = await getCurrentUser(request, context);
      const linked = await requireSelf(context, user, body.studentId);
      const admitted = await admitStudent(request, context, cohort, body, linked !== null);
      const member = await addCohortMember(context.db, { cohortId: cohort.id, ...admitted });
      return member && json({ studentId: member.studentId }, { status: member.created ? 201 : 200 });
    },
  },
});
