import { NOT_FOUND } from "~/domain/shell/not-found";
import { resetSignIn } from "~/features/accounts/use-cases.server";
import { created, resourceRoute } from "~/services/resource-route.server";

/**
 * POST /api/users/{id}/reset-sign-in: a new sign-in link for a staff account that has a password
 * (ADR 0040); when its holder sets a new password the old one stops working. 201 as an
 * invitation's answer; 409 for an account with no password here (invite it instead).
 */
export const { loader, action } = resourceRoute({
  can: ["manage-roles", "accounts"],
  params: ["id"],
  notFound: NOT_FOUND.account,
  POST: {
    handler: async ({ request, context, params, caller }) =>
      created(await resetSignIn(context, caller, params.id, context.config.appOrigin ?? new URL(request.url).origin)),
  },
});
