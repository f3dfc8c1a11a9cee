import { json } from "@remix-run/cloudflare";

import { classMemberSchema, INACTIVE_CLASS } from "~/domain/classes/class";
import { pinField } from "~/domain/classes/roster-identity";
import { NOT_FOUND } from "~/domain/shell/not-found";
import { conflict } from "~/lib/errors";
import { addClassMember, findClassForStart } from "~/models/classes.server";
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
    body: classMemberSchema.extend({ pin: pinField.optional() }),
    handler: async ({ request, context, body }) => {
      const schoolClass = await findClassForStart(context.db, body.cohortId);
      if (!schoolClass) return null;
      if (!schoolClass.isActive) throw conflict(INACTIVE_CLASS);
      const user = await getCurrentUser(request, context);
      const linked = await requireSelf(context, user, body.studentId);
      const admitted = await admitStudent(request, context, schoolClass, body, linked !== null);
      const member = await addClassMember(context.db, { cohortId: schoolClass.id, ...admitted });
      return member && json({ studentId: member.studentId }, { status: member.created ? 201 : 200 });
    },
  },
});
