import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/cloudflare";

import { moduleSchema } from "~/domain/curriculum/curriculum";
import { createModule, listModules } from "~/models/competencies.server";
import { byMethod, parseJsonBody, ruleErrors } from "~/services/api.server";
import { requireAdmin } from "~/services/auth.server";

/** GET /api/modules; POST {name} creates one (201; 409 for a name already used). */
export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireAdmin(request, context);
  return json(await listModules(context.db));
}

export async function action({ request, context }: ActionFunctionArgs) {
  await requireAdmin(request, context);
  return byMethod(request, {
    POST: async () => {
      const { name } = await parseJsonBody(request, moduleSchema);
      return ruleErrors(async () => json(await createModule(context.db, name), { status: 201 }));
    },
  });
}
