import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/cloudflare";

import { curriculumSchema } from "~/domain/curriculum/curriculum";
import { createCurriculum, listCurriculums } from "~/models/curriculums.server";
import { byMethod, parseJsonBody } from "~/services/api.server";
import { requireAdmin } from "~/services/auth.server";

/** GET /api/curriculums (with competencyIds); POST creates one (201). */
export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireAdmin(request, context);
  return json(await listCurriculums(context.db));
}

export async function action({ request, context }: ActionFunctionArgs) {
  await requireAdmin(request, context);
  return byMethod(request, {
    POST: async () => json(await createCurriculum(context.db, await parseJsonBody(request, curriculumSchema)), { status: 201 }),
  });
}
