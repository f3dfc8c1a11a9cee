import { NOT_FOUND } from "~/domain/shell/not-found";
import { studentInputSchema } from "~/domain/students/student";
import { recordAudit } from "~/models/audit-log.server";
import { findStudent, updateStudent } from "~/models/students.server";
import { resourceRoute } from "~/services/resource-route.server";
import { deleteStudentData } from "~/services/student-data.server";

/**
 * GET /api/students/{id} (with the classes whose roster has them; recorded in the audit log) and PUT
 * (the whole record), for a student a teacher teaches (404 otherwise), and DELETE (a district admin): the student and everything tied to them erased, answered with
 * what was removed by kind (docs/api.md).
 */
export const { loader, action } = resourceRoute({
  can: ["read", "student"],
  params: ["id"],
  notFound: NOT_FOUND.student,
  GET: {
    handler: async ({ context, params, caller, scope }) => {
      const student = await findStudent(context.db, params.id, scope);
      if (student) await recordAudit(context.db, caller, { action: "student.viewed", studentRecordId: student.id });
      return student;
    },
  },
  PUT: {
    can: ["write", "student"],
    body: studentInputSchema,
    handler: async ({ context, params, body, caller, scope }) => updateStudent(context.db, params.id, body, caller, scope),
  },
  DELETE: {
    can: ["delete", "student"],
    handler: ({ context, params, caller }) => deleteStudentData(context, caller, params.id),
  },
});
