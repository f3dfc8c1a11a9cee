import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/cloudflare";

import { listPrerequisites } from "~/models/competencies.server";
import { methodNotAllowed } from "~/services/api.server";
import { requireAdmin } from "~/services/auth.server";

/** GET /api/prerequisites/bulk: every pair, with both competencies' descriptions. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireAdmin(request, context);
  return json(await listPrerequisites(context.db));
}

export async function action({ request, context }: ActionFunctionArgs) {
  await requireAdmin(request, context);
  return methodNotAllowed(["GET"]);
}
