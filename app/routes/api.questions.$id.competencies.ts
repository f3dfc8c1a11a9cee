import { json } from "@remix-run/cloudflare";

import { competencyLinkSchema } from "~/domain/questions/question";
import { NOT_FOUND } from "~/domain/shell/not-found";
import { found } from "~/lib/errors";
import { competencyExists, competencyLinks, linkCompetency, questionExists } from "~/models/questions.server";
import { resourceRoute } from "~/services/resource-route.server";

/** GET /api/questions/{id}/competencies: its links. POST: link a competency (201, or 200 when it was linked). */
export const { loader, action } = resourceRoute({
  can: ["author", "shared-content"],
  params: ["id"],
  notFound: NOT_FOUND.question,
  GET: {
    can: ["read", "shared-content"],
    handler: async ({ context, params }) => ((await questionExists(context.db, params.id)) ? competencyLinks(context.db, params.id) : null),
  },
  POST: {
    body: competencyLinkSchema,
    handler: async ({ context, params, body }) => {
      if (!(await questionExists(context.db, params.id))) return null;
      found(await competencyExists(context.db, body.competencyId), NOT_FOUND.competency);
      const result = await linkCompetency(context.db, params.id, body.competencyId, body.isPrimary);
      return json(result.link, { status: result.created ? 201 : 200 });
    },
  },
});
