import { json } from "@remix-run/cloudflare";

import { apiRoute, methodNotAllowed } from "~/services/api.server";
import { requireUser } from "~/services/auth.server";

/** GET /api/auth/user: the signed-in user (SPEC.md section 7), or 401. */
export const loader = apiRoute(async ({ request, context }) => {
  const user = await requireUser(request, context);
  return json(
    {
      role: user.role,
      firstName: user.firstName,
      lastName: user.lastName,
      email: user.email,
      profileImageUrl: user.profileImageUrl,
    },
    { headers: { "Cache-Control": "private, no-store" } },
  );
});

/** Only GET is defined here; anything else gets a JSON 405 rather than a Remix error. */
export const action = () => methodNotAllowed(["GET"]);
