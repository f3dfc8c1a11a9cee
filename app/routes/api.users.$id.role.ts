import { roleChangeSchema } from "~/domain/auth/roles";
import { NOT_FOUND } from "~/domain/shell/not-found";
import { changeRole } from "~/features/accounts/use-cases.server";
import { resourceRoute } from "~/services/resource-route.server";

/**
 * PUT /api/users/{id}/role {role}: a district admin makes an account a district admin, a teacher
 * or a student, recorded in the audit log. Not their own (409), so the district always keeps an
 * admin who can undo it. ADMIN_EMAILS addresses are district admins whatever is stored.
 */
export const { loader, action } = resourceRoute({
  can: ["manage-roles", "accounts"],
  params: ["id"],
  notFound: NOT_FOUND.account,
  PUT: {
    body: roleChangeSchema,
    handler: ({ context, params, body, caller }) => changeRole(context, caller, { id: params.id, role: body.role }),
  },
});
