import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/cloudflare";

import { competencySchema } from "~/domain/curriculum/curriculum";
import { createCompetency, listCompetencies } from "~/models/competencies.server";
import { byMethod, parseJsonBody, ruleErrors } from "~/services/api.server";
import { requireAdmin } from "~/services/auth.server";

/** GET /api/competencies; POST creates one (201). */
export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireAdmin(request, context);
  return json(await listCompetencies(context.db));
}

export async function action({ request, context }: ActionFunctionArgs) {
  await requireAdmin(request, context);
  return byMethod(request, {
    POST: async () => {
      const input = await parseJsonBody(request, competencySchema);
      return ruleErrors(async () => json(await createCompetency(context.db, input), { status: 201 }));
    },
  });
}
