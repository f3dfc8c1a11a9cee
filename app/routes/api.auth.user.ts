import { json, type LoaderFunctionArgs } from "@remix-run/cloudflare";

import { methodNotAllowed } from "~/services/api.server";
import { requireUser } from "~/services/auth.server";

/** GET /api/auth/user: the signed-in user (SPEC.md section 7), or 401. */
export async function loader({ request, context }: LoaderFunctionArgs) {
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
}

/** Only GET is defined here; anything else gets a JSON 405 rather than a Remix error. */
export const action = () => methodNotAllowed(["GET"]);
