import { listAccounts } from "~/models/users.server";
import { resourceRoute } from "~/services/resource-route.server";

/** GET /api/users: every account with its role, district admins first (a district admin's). */
export const { loader, action } = resourceRoute({
  can: ["read", "accounts"],
  GET: {
    handler: async ({ context }) =>
      (await listAccounts(context.db)).map((account) => ({ ...account, lastSignInAt: account.lastSignInAt?.toISOString() ?? null })),
  },
});
