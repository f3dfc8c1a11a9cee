import { classScopeOf } from "~/domain/auth/roles";
import { NOT_FOUND } from "~/domain/shell/not-found";
import { studentInputSchema } from "~/domain/students/student";
import { DomainError } from "~/lib/errors";
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
  who: "staff",
  params: ["id"],
  notFound: NOT_FOUND.student,
  GET: {
    handler: async ({ context, params, caller }) => {
      const student = await findStudent(context.db, params.id, classScopeOf(caller));
      if (student) await recordAudit(context.db, caller, { action: "student.viewed", studentRecordId: student.id });
      return student;
    },
  },
  PUT: {
    body: studentInputSchema,
    handler: async ({ context, params, body, caller }) =>
      (await findStudent(context.db, params.id, classScopeOf(caller))) ? updateStudent(context.db, params.id, body, caller) : null,
  },
  DELETE: {
    handler: ({ context, params, caller }) => {
      // Erasing a student is the district's decision (ADR 0031), as is their export.
      if (caller.role !== "admin") throw new DomainError("forbidden", "Only a district admin can delete a student's data.");
      return deleteStudentData(context, caller, params.id);
    },
  },
});
