import { testingWindowSchema } from "~/domain/growth/testing-windows";
import { createTestingWindow, listTestingWindows } from "~/models/testing-windows.server";
import { created, resourceRoute } from "~/services/resource-route.server";

/**
 * GET /api/windows: the district's testing windows in date order, for any staff member (a teacher
 * reads which window a session belongs to). POST {name, startsOn, endsOn} adds one (201): the
 * windows are the district's, so only a district admin sets them (ADR 0031).
 */
export const { loader, action } = resourceRoute({
  can: ["read", "testing-windows"],
  GET: { handler: ({ context }) => listTestingWindows(context.db) },
  POST: {
    can: ["write", "testing-windows"],
    body: testingWindowSchema,
    handler: async ({ context, body, caller }) => created(await createTestingWindow(context.db, body, caller.id)),
  },
});
