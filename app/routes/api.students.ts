import { studentInputSchema, studentListQuerySchema } from "~/domain/students/student";
import { createStudent, listStudents } from "~/models/students.server";
import { created, resourceRoute } from "~/services/resource-route.server";

/**
 * GET /api/students?q=&cohortId=&grade=&page=: a page of student records, found by name or ID;
 * POST creates one (201) from `{studentId, givenName, familyName, grade, email?}` (docs/api.md).
 */
export const { loader, action } = resourceRoute({
  who: "admin",
  GET: { query: studentListQuerySchema, handler: ({ context, query }) => listStudents(context.db, query) },
  POST: { body: studentInputSchema, handler: async ({ context, body }) => created(await createStudent(context.db, body)) },
});
