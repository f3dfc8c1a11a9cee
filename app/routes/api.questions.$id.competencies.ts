import { json } from "@remix-run/cloudflare";

import { competencyLinkSchema } from "~/domain/questions/question";
import { NOT_FOUND } from "~/domain/shell/not-found";
import { linkCompetency, listCompetencyLinks } from "~/features/questions/use-cases.server";
import { resourceRoute } from "~/services/resource-route.server";

/** GET /api/questions/{id}/competencies: its links. POST: link a competency (201, or 200 when it was linked). */
export const { loader, action } = resourceRoute({
  can: ["author", "shared-content"],
  params: ["id"],
  notFound: NOT_FOUND.question,
  GET: {
    can: ["read", "shared-content"],
    handler: ({ context, params, caller }) => listCompetencyLinks(context, caller, params.id),
  },
  POST: {
    body: competencyLinkSchema,
    handler: async ({ context, params, caller, body }) => {
      const result = await linkCompetency(context, caller, { questionId: params.id, ...body });
      return json(result.link, { status: result.created ? 201 : 200 });
    },
  },
});
