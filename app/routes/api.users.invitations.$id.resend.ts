import { NOT_FOUND } from "~/domain/shell/not-found";
import { resendInvitation } from "~/features/accounts/use-cases.server";
import { resourceRoute } from "~/services/resource-route.server";

/**
 * POST /api/users/invitations/{id}/resend: an unused link (expired included) issued again with a
 * new token and 7 more days; the old URL stops working. Answers as the invitation's POST (200).
 */
export const { loader, action } = resourceRoute({
  can: ["manage-roles", "accounts"],
  params: ["id"],
  notFound: NOT_FOUND.invitation,
  POST: {
    handler: ({ request, context, params, caller }) => resendInvitation(context, caller, params.id, context.config.appOrigin ?? new URL(request.url).origin),
  },
});
