import { json } from "@remix-run/cloudflare";

import { curriculumMembershipSchema } from "~/domain/curriculum/curriculum";
import { NOT_FOUND } from "~/domain/shell/not-found";
import { found } from "~/lib/errors";
import { addCurriculumCompetency, curriculumCompetencyList, curriculumExists } from "~/models/curriculums.server";
import { resourceRoute } from "~/services/resource-route.server";

/** GET the curriculum's competencies; POST {competencyId} adds one (201, or 200 if already a member). */
export const { loader, action } = resourceRoute({
  can: ["author", "shared-content"],
  params: ["id"],
  notFound: NOT_FOUND.curriculum,
  GET: {
    can: ["read", "shared-content"],
    handler: async ({ context, params }) => ((await curriculumExists(context.db, params.id)) ? curriculumCompetencyList(context.db, params.id) : null),
  },
  POST: {
    body: curriculumMembershipSchema,
    handler: async ({ context, params, body }) => {
      if (!(await curriculumExists(context.db, params.id))) return null;
      const result = found(await addCurriculumCompetency(context.db, params.id, body.competencyId), NOT_FOUND.competency);
      return json({ curriculumId: params.id, competencyId: body.competencyId }, { status: result.created ? 201 : 200 });
    },
  },
});
