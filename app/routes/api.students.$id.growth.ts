import { NOT_FOUND } from "~/domain/shell/not-found";
import { loadStudentGrowth } from "~/services/growth.server";
import { resourceRoute } from "~/services/resource-route.server";

/**
 * GET /api/students/{id}/growth: the testing windows, and for each subject the student's sessions
 * in each window with their marks, the window's score and the growth from the window before, for a
 * student a teacher teaches (404 otherwise). Recorded in the audit log (docs/api.md).
 */
export const { loader, action } = resourceRoute({
  can: ["read", "growth"],
  params: ["id"],
  notFound: NOT_FOUND.student,
  GET: {
    handler: ({ context, params, caller, scope }) => loadStudentGrowth(context.db, caller, params.id, scope),
  },
});
