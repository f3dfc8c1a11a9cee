import { json } from "@remix-run/cloudflare";

import { safeFileName } from "~/domain/export/csv";
import { NOT_FOUND } from "~/domain/shell/not-found";
import { resourceRoute } from "~/services/resource-route.server";
import { exportStudentData } from "~/services/student-data.server";

/**
 * GET /api/students/{id}/export: everything held about the student as one JSON document (record,
 * enrollments, sessions with their answers, grades, model grading logs, overrides and chat
 * transcripts), as a download. Each export is recorded in the audit log.
 */
export const { loader, action } = resourceRoute({
  can: ["export", "student"],
  params: ["id"],
  notFound: NOT_FOUND.student,
  GET: {
    handler: async ({ context, params, caller }) => {
      const data = await exportStudentData(context, caller, params.id);
      if (!data) return null;
      const fileName = safeFileName(`student-${data.student.studentId}-data.json`);
      return json(data, { headers: { "Content-Disposition": `attachment; filename="${fileName}"` } });
    },
  },
});
