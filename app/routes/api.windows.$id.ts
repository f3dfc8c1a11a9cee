import { testingWindowSchema, WINDOWS_ADMIN_ONLY } from "~/domain/growth/testing-windows";
import { NOT_FOUND } from "~/domain/shell/not-found";
import { DomainError } from "~/lib/errors";
import { deleteTestingWindow, findTestingWindow, updateTestingWindow } from "~/models/testing-windows.server";
import { resourceRoute } from "~/services/resource-route.server";

const districtAdminOnly = (caller: { role: string }) => {
  if (caller.role !== "admin") throw new DomainError("forbidden", WINDOWS_ADMIN_ONLY);
};

/** GET /api/windows/{id} for any staff member; PUT (the whole window) and DELETE for a district admin (ADR 0031). */
export const { loader, action } = resourceRoute({
  who: "staff",
  params: ["id"],
  notFound: NOT_FOUND.testingWindow,
  GET: { handler: ({ context, params }) => findTestingWindow(context.db, params.id) },
  PUT: {
    body: testingWindowSchema,
    handler: ({ context, params, body, caller }) => {
      districtAdminOnly(caller);
      return updateTestingWindow(context.db, params.id, body);
    },
  },
  DELETE: {
    handler: async ({ context, params, caller }) => {
      districtAdminOnly(caller);
      return (await deleteTestingWindow(context.db, params.id)) ? { deleted: true } : null;
    },
  },
});
