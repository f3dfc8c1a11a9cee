import { NOT_FOUND } from "~/domain/shell/not-found";
import { studentInputSchema } from "~/domain/students/student";
import { findStudent, updateStudent } from "~/models/students.server";
import { resourceRoute } from "~/services/resource-route.server";

/** GET /api/students/{id} (with the classes whose roster has them) and PUT (the whole record). */
export const { loader, action } = resourceRoute({
  who: "admin",
  params: ["id"],
  notFound: NOT_FOUND.student,
  GET: { handler: ({ context, params }) => findStudent(context.db, params.id) },
  PUT: { body: studentInputSchema, handler: ({ context, params, body }) => updateStudent(context.db, params.id, body) },
});
