import { json } from "@remix-run/cloudflare";

import { resourceRoute } from "~/services/resource-route.server";

/** GET /api/auth/user: the signed-in user, or 401. */
export const { loader, action } = resourceRoute({
  can: "signed-in",
  GET: {
    handler: async ({ caller }) =>
      json(
        { role: caller.role, firstName: caller.firstName, lastName: caller.lastName, email: caller.email, profileImageUrl: caller.profileImageUrl },
        { headers: { "Cache-Control": "private, no-store" } },
      ),
  },
});
