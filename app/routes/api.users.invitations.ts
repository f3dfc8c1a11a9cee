import { invitationCreateSchema } from "~/domain/auth/invitations";
import { inviteAccount, listInvitations } from "~/features/accounts/use-cases.server";
import { created, resourceRoute } from "~/services/resource-route.server";

/**
 * GET /api/users/invitations: the district's invitation and reset links with their state.
 * POST {email, role, givenName?, familyName?} invites someone to set up an account (ADR 0040):
 * 201 {id, email, role, purpose, url, expiresAt, emailed}. The URL is answered this once (only its
 * hash is kept); with the EMAIL binding it is also e-mailed. A district admin's.
 */
export const { loader, action } = resourceRoute({
  can: ["read", "accounts"],
  GET: { handler: ({ context, caller }) => listInvitations(context, caller) },
  POST: {
    can: ["manage-roles", "accounts"],
    body: invitationCreateSchema,
    handler: async ({ request, context, caller, body }) =>
      created(await inviteAccount(context, caller, body, context.config.appOrigin ?? new URL(request.url).origin)),
  },
});
