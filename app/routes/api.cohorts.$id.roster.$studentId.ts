import { json } from "@remix-run/cloudflare";

import { NOT_FOUND, refuseMissing } from "~/domain/shell/not-found";
import { notFound } from "~/lib/errors";
import { findCohort } from "~/models/cohorts.server";
import { enrollStudent, unenrollStudent } from "~/models/students.server";
import { resourceRoute } from "~/services/resource-route.server";

/**
 * POST /api/cohorts/{id}/roster/{studentId} puts a student record (our id) on the class's roster:
 * 201 when added, 200 when they already were. DELETE takes them off; their sessions stay. Only in a
 * class the caller teaches, and a teacher enrolls only a student already on one of their rosters
 * (404 otherwise, ADR 0029). Each change is audited on the record.
 */
export const { loader, action } = resourceRoute({
  can: ["enroll", "roster"],
  params: ["id", "studentId"],
  notFound: NOT_FOUND.rosterMember,
  POST: {
    handler: async ({ context, params, caller, scope }) => {
      const { added } = refuseMissing(await enrollStudent(context.db, params.id, params.studentId, caller, scope));
      return json({ cohortId: params.id, studentId: params.studentId, added }, { status: added ? 201 : 200 });
    },
  },
  DELETE: {
    handler: async ({ context, params, caller, scope }) => {
      // A class outside the scope is not found as a class, as an unknown one is.
      if (!(await findCohort(context.db, params.id, scope))) throw notFound(NOT_FOUND.cohort);
      return (await unenrollStudent(context.db, params.id, params.studentId, caller, scope)) ? { removed: true } : null;
    },
  },
});
