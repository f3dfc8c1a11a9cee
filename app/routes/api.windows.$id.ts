import { testingWindowSchema } from "~/domain/growth/testing-windows";
import { NOT_FOUND } from "~/domain/shell/not-found";
import { deleteTestingWindow, findTestingWindow, updateTestingWindow } from "~/models/testing-windows.server";
import { resourceRoute } from "~/services/resource-route.server";

/** GET /api/windows/{id} for any staff member; PUT (the whole window) and DELETE for a district admin (ADR 0031). */
export const { loader, action } = resourceRoute({
  can: ["read", "testing-windows"],
  params: ["id"],
  notFound: NOT_FOUND.testingWindow,
  GET: { handler: ({ context, params }) => findTestingWindow(context.db, params.id) },
  PUT: {
    can: ["write", "testing-windows"],
    body: testingWindowSchema,
    handler: ({ context, params, body }) => updateTestingWindow(context.db, params.id, body),
  },
  DELETE: {
    can: ["write", "testing-windows"],
    handler: async ({ context, params }) => ((await deleteTestingWindow(context.db, params.id)) ? { deleted: true } : null),
  },
});
