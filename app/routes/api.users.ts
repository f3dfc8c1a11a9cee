import { listAccounts } from "~/features/accounts/use-cases.server";
import { resourceRoute } from "~/services/resource-route.server";

/** GET /api/users: every account with its role, district admins first (a district admin's). */
export const { loader, action } = resourceRoute({
  can: ["read", "accounts"],
  GET: {
    handler: async ({ context, caller }) =>
      (await listAccounts(context, caller)).map((account) => ({ ...account, lastSignInAt: account.lastSignInAt?.toISOString() ?? null })),
  },
});
