import { NOT_FOUND } from "~/domain/shell/not-found";
import { studentInputSchema } from "~/domain/students/student";
import { deleteStudent, updateStudent, viewStudent } from "~/features/students/use-cases.server";
import { resourceRoute } from "~/services/resource-route.server";

/**
 * GET /api/students/{id} (with the classes whose roster has them; recorded in the audit log) and PUT
 * (the whole record), for a student a teacher teaches (404 otherwise), and DELETE (a district admin): the student and everything tied to them erased, answered with
 * what was removed by kind (docs/api.md).
 */
export const { loader, action } = resourceRoute({
  can: ["read", "student"],
  params: ["id"],
  notFound: NOT_FOUND.student,
  GET: { handler: ({ context, params, caller }) => viewStudent(context, caller, params.id) },
  PUT: {
    can: ["write", "student"],
    body: studentInputSchema,
    handler: ({ context, params, body, caller }) => updateStudent(context, caller, params.id, body),
  },
  DELETE: {
    can: ["delete", "student"],
    handler: ({ context, params, caller }) => deleteStudent(context, caller, params.id),
  },
});
