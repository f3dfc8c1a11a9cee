import { json } from "@remix-run/cloudflare";

import { moduleSchema } from "~/domain/curriculum/curriculum";
import { createModule, listModules } from "~/models/competencies.server";
import { apiRoute, byMethod, parseJsonBody } from "~/services/api.server";
import { requireAdmin } from "~/services/auth.server";

/** GET /api/modules; POST {name} creates one (201; 409 for a name already used). */
export const loader = apiRoute(async ({ request, context }) => {
  await requireAdmin(request, context);
  return json(await listModules(context.db));
});

export const action = apiRoute(async ({ request, context }) => {
  await requireAdmin(request, context);
  return byMethod(request, {
    POST: async () => {
      const { name } = await parseJsonBody(request, moduleSchema);
      return json(await createModule(context.db, name), { status: 201 });
    },
  });
});
