import { json } from "@remix-run/cloudflare";

import { NOT_FOUND, refuseMissing } from "~/domain/shell/not-found";
import { enrollStudent, unenrollStudent } from "~/models/students.server";
import { resourceRoute } from "~/services/resource-route.server";

/**
 * POST /api/cohorts/{id}/roster/{studentId} puts a student record (our id) on the class's roster:
 * 201 when added, 200 when they already were. DELETE takes them off; their sessions stay.
 */
export const { loader, action } = resourceRoute({
  who: "admin",
  params: ["id", "studentId"],
  notFound: NOT_FOUND.rosterMember,
  POST: {
    handler: async ({ context, params }) => {
      const { added } = refuseMissing(await enrollStudent(context.db, params.id, params.studentId));
      return json({ cohortId: params.id, studentId: params.studentId, added }, { status: added ? 201 : 200 });
    },
  },
  DELETE: { handler: async ({ context, params }) => ((await unenrollStudent(context.db, params.id, params.studentId)) ? { removed: true } : null) },
});
