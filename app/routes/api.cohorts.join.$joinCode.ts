import { INVALID_JOIN_CODE, joinCodeLookupSchema } from "~/domain/classes/class";
import { found, invalid } from "~/lib/errors";
import { findClassByGuessedCode } from "~/services/guess-throttle.server";
import { resourceRoute } from "~/services/resource-route.server";

/**
 * GET /api/cohorts/join/{joinCode}: public, because the students who type a join code are signed
 * out (ADR 0003). It answers only what the join screen needs ({id, name, isActive, access,
 * testConfigId, testMode}); the join code matches in any case. Wrong codes are throttled per client address
 * (429 with Retry-After, ADR 0015).
 */
export const { loader, action } = resourceRoute({
  can: "anyone",
  params: ["joinCode"],
  GET: {
    handler: async ({ request, context, params }) => {
      const parsed = joinCodeLookupSchema.safeParse(params.joinCode);
      if (!parsed.success) throw invalid(parsed.error.issues[0]!.message);
      // Thrown, not returned as null: the refusal is a catalog code, rendered in the request's language (ADR 0045).
      return found(await findClassByGuessedCode(request, context, parsed.data), INVALID_JOIN_CODE);
    },
  },
});
