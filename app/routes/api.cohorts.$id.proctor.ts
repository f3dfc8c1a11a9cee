import { classProctorSchema } from "~/domain/sessions/proctor";
import { NOT_FOUND } from "~/domain/shell/not-found";
import { proctorClassSessions } from "~/features/sessions/use-cases.server";
import { resetStudentPinTries } from "~/features/students/use-cases.server";
import { resourceRoute } from "~/services/resource-route.server";

/**
 * POST /api/cohorts/{id}/proctor: the live view's actions on a class (ADR 0046, docs/api.md).
 * `{action: "pause" | "resume"}` pauses or resumes every session of the class in progress (a fire
 * drill) and answers the counts; `{action: "reset_pin_tries", studentId}` forgets a rostered
 * student's wrong PINs. A class the caller does not teach is 404.
 */
export const { loader, action } = resourceRoute({
  can: ["write", "session"],
  params: ["id"],
  notFound: NOT_FOUND.cohort,
  POST: {
    body: classProctorSchema,
    handler: ({ context, params, caller, body }) =>
      body.action === "reset_pin_tries"
        ? resetStudentPinTries(context, caller, { cohortId: params.id, studentId: body.studentId })
        : proctorClassSessions(context, caller, params.id, body.action),
  },
});
