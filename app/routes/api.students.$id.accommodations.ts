import { accommodationsSchema } from "~/domain/accommodations/accommodations";
import { NOT_FOUND } from "~/domain/shell/not-found";
import { setRecordAccommodations } from "~/models/accommodations.server";
import { findStudent } from "~/models/students.server";
import { resourceRoute } from "~/services/resource-route.server";

/**
 * GET /api/students/{id}/accommodations and PUT (the whole set) for a student a teacher teaches
 * (404 otherwise). Sessions started afterwards run with them (ADR 0032); each change is audited.
 */
export const { loader, action } = resourceRoute({
  can: ["read", "accommodations"],
  params: ["id"],
  notFound: NOT_FOUND.student,
  GET: {
    handler: async ({ context, params, scope }) => {
      const student = await findStudent(context.db, params.id, scope);
      return student ? { studentId: student.id, accommodations: student.accommodations } : null;
    },
  },
  PUT: {
    can: ["write", "accommodations"],
    body: accommodationsSchema,
    handler: async ({ context, params, body, caller, scope }) => {
      const changed = await setRecordAccommodations(context.db, caller, [params.id], body, scope);
      return changed.length ? { studentId: params.id, accommodations: body } : null;
    },
  },
});
