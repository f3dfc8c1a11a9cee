import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/cloudflare";

import { testCreateSchema } from "~/domain/tests/test-config";
import { createTest, listTests } from "~/models/tests.server";
import { byMethod, parseJsonBody, ruleErrors } from "~/services/api.server";
import { requireAdmin } from "~/services/auth.server";

/**
 * GET /api/tests: every test, newest first. POST /api/tests: create one (201 with its config;
 * 400 naming an unknown or repeated question id). See docs/api-tests.md.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireAdmin(request, context);
  return json(await listTests(context.db));
}

export async function action({ request, context }: ActionFunctionArgs) {
  const admin = await requireAdmin(request, context);
  return byMethod(request, {
    POST: async () => {
      const input = await parseJsonBody(request, testCreateSchema);
      return ruleErrors(async () => json(await createTest(context.db, input, admin.id), { status: 201 }));
    },
  });
}
