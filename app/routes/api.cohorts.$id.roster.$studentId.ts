import { json } from "@remix-run/cloudflare";

import { NOT_FOUND } from "~/domain/shell/not-found";
import { enrollStudent, unenrollStudent } from "~/features/students/use-cases.server";
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
    handler: async ({ context, params, caller }) => {
      const enrolled = await enrollStudent(context, caller, { cohortId: params.id, studentId: params.studentId });
      return json(enrolled, { status: enrolled.added ? 201 : 200 });
    },
  },
  DELETE: {
    handler: ({ context, params, caller }) => unenrollStudent(context, caller, { cohortId: params.id, studentId: params.studentId }),
  },
});
