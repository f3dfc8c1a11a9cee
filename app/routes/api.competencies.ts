import { json } from "@remix-run/cloudflare";

import { competencySchema } from "~/domain/curriculum/curriculum";
import { listCompetencies, saveCompetency } from "~/models/competencies.server";
import { apiRoute, byMethod, parseJsonBody } from "~/services/api.server";
import { requireAdmin } from "~/services/auth.server";

/** GET /api/competencies; POST creates one (201). */
export const loader = apiRoute(async ({ request, context }) => {
  await requireAdmin(request, context);
  return json(await listCompetencies(context.db));
});

export const action = apiRoute(async ({ request, context }) => {
  await requireAdmin(request, context);
  return byMethod(request, {
    POST: async () => {
      const input = await parseJsonBody(request, competencySchema);
      return json(await saveCompetency(context.db, null, input), { status: 201 });
    },
  });
});
