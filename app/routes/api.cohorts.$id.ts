import { classUpdateSchema } from "~/domain/classes/class";
import { NOT_FOUND } from "~/domain/shell/not-found";
import { deleteClass, updateClass } from "~/features/classes/use-cases.server";
import { resourceRoute } from "~/services/resource-route.server";

/**
 * PUT and DELETE /api/cohorts/{id}: a class the caller teaches (404 otherwise). A delete removes
 * the class's members; its test sessions stay (their class link is cleared) so results remain
 * readable.
 */
export const { loader, action } = resourceRoute({
  can: ["write", "class"],
  params: ["id"],
  notFound: NOT_FOUND.cohort,
  PUT: {
    body: classUpdateSchema,
    handler: ({ context, params, body, caller }) => updateClass(context, caller, params.id, body),
  },
  DELETE: {
    can: ["delete", "class"],
    handler: ({ context, params, caller }) => deleteClass(context, caller, params.id),
  },
});
