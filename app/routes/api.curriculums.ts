import { json } from "@remix-run/cloudflare";

import { curriculumSchema } from "~/domain/curriculum/curriculum";
import { createCurriculum, listCurriculums } from "~/models/curriculums.server";
import { apiRoute, byMethod, parseJsonBody } from "~/services/api.server";
import { requireAdmin } from "~/services/auth.server";

/** GET /api/curriculums (with competencyIds); POST creates one (201). */
export const loader = apiRoute(async ({ request, context }) => {
  await requireAdmin(request, context);
  return json(await listCurriculums(context.db));
});

export const action = apiRoute(async ({ request, context }) => {
  await requireAdmin(request, context);
  return byMethod(request, {
    POST: async () => json(await createCurriculum(context.db, await parseJsonBody(request, curriculumSchema)), { status: 201 }),
  });
});
