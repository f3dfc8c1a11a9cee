import { OWN_ROLE, roleChangeSchema } from "~/domain/auth/roles";
import { NOT_FOUND } from "~/domain/shell/not-found";
import { conflict } from "~/lib/errors";
import { changeRole } from "~/models/users.server";
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
    handler: async ({ context, params, body, caller }) => {
      if (params.id === caller.id) throw conflict(OWN_ROLE, "role");
      return changeRole(context.db, params.id, body.role, caller);
    },
  },
});
