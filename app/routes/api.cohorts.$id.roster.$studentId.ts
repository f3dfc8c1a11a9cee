import { json } from "@remix-run/cloudflare";

import { classScopeOf } from "~/domain/auth/roles";
import { NOT_FOUND, refuseMissing } from "~/domain/shell/not-found";
import { notFound } from "~/lib/errors";
import { canSeeClass } from "~/models/class-scope.server";
import { enrollStudent, unenrollStudent } from "~/models/students.server";
import { resourceRoute } from "~/services/resource-route.server";

/**
 * POST /api/cohorts/{id}/roster/{studentId} puts a student record (our id) on the class's roster:
 * 201 when added, 200 when they already were. DELETE takes them off; their sessions stay. Only in a
 * class the caller teaches, and a teacher enrolls only a student already on one of their rosters
 * (404 otherwise, ADR 0029). Each change is audited on the record.
 */
export const { loader, action } = resourceRoute({
  who: "staff",
  params: ["id", "studentId"],
  notFound: NOT_FOUND.rosterMember,
  POST: {
    handler: async ({ context, params, caller }) => {
      if (!(await canSeeClass(context.db, classScopeOf(caller), params.id))) throw notFound(NOT_FOUND.cohort);
      const { added } = refuseMissing(await enrollStudent(context.db, params.id, params.studentId, caller));
      return json({ cohortId: params.id, studentId: params.studentId, added }, { status: added ? 201 : 200 });
    },
  },
  DELETE: {
    handler: async ({ context, params, caller }) => {
      if (!(await canSeeClass(context.db, classScopeOf(caller), params.id))) throw notFound(NOT_FOUND.cohort);
      return (await unenrollStudent(context.db, params.id, params.studentId, caller)) ? { removed: true } : null;
    },
  },
});
