import { studentInputSchema, studentListQuerySchema } from "~/domain/students/student";
import { createStudent } from "~/features/students/use-cases.server";
import { listStudents } from "~/models/student-list.server";
import { created, resourceRoute } from "~/services/resource-route.server";

/**
 * GET /api/students?q=&cohortId=&grade=&page=: a page of student records, found by name or ID (a
 * teacher's: those on the rosters of classes they teach);
 * POST creates one (201) from `{studentId, givenName, familyName, grade, email?}` (docs/api.md).
 */
export const { loader, action } = resourceRoute({
  can: ["read", "student"],
  GET: { query: studentListQuerySchema, handler: ({ context, query, scope }) => listStudents(context.db, query, scope) },
  POST: {
    can: ["write", "student"],
    body: studentInputSchema,
    handler: async ({ context, body, caller }) => created(await createStudent(context, caller, body)),
  },
});
