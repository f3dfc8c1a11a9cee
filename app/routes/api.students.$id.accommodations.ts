import { accommodationsSchema } from "~/domain/accommodations/accommodations";
import { classScopeOf } from "~/domain/auth/roles";
import { NOT_FOUND } from "~/domain/shell/not-found";
import { setRecordAccommodations } from "~/models/accommodations.server";
import { findStudent } from "~/models/students.server";
import { resourceRoute } from "~/services/resource-route.server";

/**
 * GET /api/students/{id}/accommodations and PUT (the whole set) for a student a teacher teaches
 * (404 otherwise). Sessions started afterwards run with them (ADR 0032); each change is audited.
 */
export const { loader, action } = resourceRoute({
  who: "staff",
  params: ["id"],
  notFound: NOT_FOUND.student,
  GET: {
    handler: async ({ context, params, caller }) => {
      const student = await findStudent(context.db, params.id, classScopeOf(caller));
      return student ? { studentId: student.id, accommodations: student.accommodations } : null;
    },
  },
  PUT: {
    body: accommodationsSchema,
    handler: async ({ context, params, body, caller }) => {
      const changed = await setRecordAccommodations(context.db, caller, [params.id], body, classScopeOf(caller));
      return changed.length ? { studentId: params.id, accommodations: body } : null;
    },
  },
});
