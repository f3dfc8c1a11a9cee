import { NOT_FOUND } from "~/domain/shell/not-found";
import { studentInputSchema } from "~/domain/students/student";
import { recordAudit } from "~/models/audit-log.server";
import { findStudent, updateStudent } from "~/models/students.server";
import { resourceRoute } from "~/services/resource-route.server";
import { deleteStudentData } from "~/services/student-data.server";

/**
 * GET /api/students/{id} (with the classes whose roster has them; recorded in the audit log), PUT
 * (the whole record) and DELETE: the student and everything tied to them erased, answered with
 * what was removed by kind (docs/api.md).
 */
export const { loader, action } = resourceRoute({
  who: "admin",
  params: ["id"],
  notFound: NOT_FOUND.student,
  GET: {
    handler: async ({ context, params, caller }) => {
      const student = await findStudent(context.db, params.id);
      if (student) await recordAudit(context.db, caller, { action: "student.viewed", studentRecordId: student.id });
      return student;
    },
  },
  PUT: { body: studentInputSchema, handler: ({ context, params, body }) => updateStudent(context.db, params.id, body) },
  DELETE: { handler: ({ context, params, caller }) => deleteStudentData(context, caller, params.id) },
});
