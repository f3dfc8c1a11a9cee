import { NOT_FOUND } from "~/domain/shell/not-found";
import { revokeInvitation } from "~/features/accounts/use-cases.server";
import { resourceRoute } from "~/services/resource-route.server";

/** DELETE /api/users/invitations/{id}: an unused link revoked (409 once accepted or revoked), audited (ADR 0040). */
export const { loader, action } = resourceRoute({
  can: ["manage-roles", "accounts"],
  params: ["id"],
  notFound: NOT_FOUND.invitation,
  DELETE: { handler: ({ context, params, caller }) => revokeInvitation(context, caller, params.id) },
});
