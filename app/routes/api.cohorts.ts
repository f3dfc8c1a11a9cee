import { classCreateSchema } from "~/domain/classes/class";
import { createClass, listClasses } from "~/features/classes/use-cases.server";
import { created, resourceRoute } from "~/services/resource-route.server";

/**
 * GET /api/cohorts (a teacher's: the classes they own or co-teach); POST creates a class (201),
 * owned by its creator, generating its join code when none is given.
 */
export const { loader, action } = resourceRoute({
  can: ["read", "class"],
  GET: { handler: ({ context, caller }) => listClasses(context, caller) },
  POST: {
    can: ["write", "class"],
    body: classCreateSchema,
    handler: async ({ context, caller, body }) => created(await createClass(context, caller, body)),
  },
});
