import { json } from "@remix-run/cloudflare";

import { testCreateSchema } from "~/domain/tests/test-config";
import { createTest, listTests } from "~/models/tests.server";
import { apiRoute, byMethod, parseJsonBody } from "~/services/api.server";
import { requireAdmin } from "~/services/auth.server";

/**
 * GET /api/tests: every test, newest first. POST /api/tests: create one (201 with its config;
 * 400 naming an unknown or repeated question id). See docs/api-tests.md.
 */
export const loader = apiRoute(async ({ request, context }) => {
  await requireAdmin(request, context);
  return json(await listTests(context.db));
});

export const action = apiRoute(async ({ request, context }) => {
  const admin = await requireAdmin(request, context);
  return byMethod(request, {
    POST: async () => {
      const input = await parseJsonBody(request, testCreateSchema);
      return json(await createTest(context.db, input, admin.id), { status: 201 });
    },
  });
});
