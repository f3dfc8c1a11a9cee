import type { AppLoadContext } from "@remix-run/cloudflare";

import type { CurrentUser } from "~/domain/auth/current-user";
import { classProctorToast, endNeedsConfirm, LIVE_MESSAGES, liveActionSchema, proctorToast } from "~/domain/classes/screen-actions";
import { NOT_FOUND } from "~/domain/shell/not-found";
import { readLiveClass } from "~/features/classes/use-cases.server";
import { proctorClassSessions, proctorSession } from "~/features/sessions/use-cases.server";
import { resetStudentPinTries } from "~/features/students/use-cases.server";
import { assertNever } from "~/lib/assert-never";
import { DomainError, notFound } from "~/lib/errors";
import { handleAction } from "~/services/action.server";

/** What the page's action answers besides its toast: End's confirm step, when End came without it. */
export type LiveActionData = { confirmEnd: string[] } | undefined;

/**
 * The Live page's action (ADR 0046): the same use-cases as POST /api/sessions/{id}/proctor and
 * POST /api/cohorts/{id}/proctor. An action on several selected tests goes on past one the state
 * refuses (a test that just ended), and the toast says how many changed and why one did not.
 */
export function runLiveAction(request: Request, context: AppLoadContext, user: CurrentUser, classId: string) {
  return handleAction<typeof liveActionSchema, LiveActionData>(request, liveActionSchema, LIVE_MESSAGES, async (input) => {
    switch (input.intent) {
      case "proctor": {
        // End without its confirm (a page without JavaScript): nothing ends; the page shows the confirm step,
        // for the class's own sessions only (a class out of the caller's scope is a 404, as the action's).
        if (endNeedsConfirm(input)) {
          const inClass = new Set((await readLiveClass(context, user, classId)).students.map((row) => row.sessionId));
          const confirmEnd = [...new Set(input.sessionIds)].filter((sessionId) => inClass.has(sessionId));
          if (confirmEnd.length === 0) throw notFound(NOT_FOUND.session);
          return { data: { confirmEnd }, toast: null };
        }
        const outcomes = await Promise.allSettled([...new Set(input.sessionIds)].map((sessionId) => proctorSession(context, user, sessionId, input)));
        const refusals = outcomes.flatMap((outcome) => (outcome.status === "rejected" ? [outcome.reason as unknown] : []));
        const unexpected = refusals.find((reason) => !(reason instanceof DomainError));
        if (unexpected !== undefined) throw unexpected;
        // Nothing changed: the refusal is the answer (404 or 409, as the API's).
        if (refusals.length === outcomes.length) throw refusals[0];
        const reasons = refusals.map((reason) => (reason as DomainError).message);
        return { data: undefined, toast: proctorToast(input.action, outcomes.length - refusals.length, reasons, input.minutes) };
      }
      case "proctor-class":
        return { data: undefined, toast: classProctorToast(await proctorClassSessions(context, user, classId, input.action)) };
      case "reset-pin":
        await resetStudentPinTries(context, user, { cohortId: classId, studentId: input.studentId });
        return;
      default:
        return assertNever(input);
    }
  });
}
