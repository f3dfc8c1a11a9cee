import { testingWindowSchema, WINDOWS_ADMIN_ONLY } from "~/domain/growth/testing-windows";
import { DomainError } from "~/lib/errors";
import { createTestingWindow, listTestingWindows } from "~/models/testing-windows.server";
import { created, resourceRoute } from "~/services/resource-route.server";

/**
 * GET /api/windows: the district's testing windows in date order, for any staff member (a teacher
 * reads which window a session belongs to). POST {name, startsOn, endsOn} adds one (201): the
 * windows are the district's, so only a district admin sets them (ADR 0031).
 */
export const { loader, action } = resourceRoute({
  who: "staff",
  GET: { handler: ({ context }) => listTestingWindows(context.db) },
  POST: {
    body: testingWindowSchema,
    handler: async ({ context, body, caller }) => {
      if (caller.role !== "admin") throw new DomainError("forbidden", WINDOWS_ADMIN_ONLY);
      return created(await createTestingWindow(context.db, body, caller.id));
    },
  },
});
