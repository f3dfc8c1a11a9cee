import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/cloudflare";

import { allCompetencyLinks } from "~/models/questions.server";
import { methodNotAllowed } from "~/services/api.server";
import { requireAdmin } from "~/services/auth.server";

/** GET /api/questions/competencies/all: every question-competency link. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireAdmin(request, context);
  return json(await allCompetencyLinks(context.db));
}

export async function action({ request, context }: ActionFunctionArgs) {
  await requireAdmin(request, context);
  return methodNotAllowed(["GET"]);
}
