import { redirect, type LoaderFunctionArgs } from "@remix-run/cloudflare";

import { methodNotAllowed } from "~/services/api.server";
import { destroySession, readSession } from "~/services/session.server";

/** GET /api/logout ends the session and returns to the landing page (SPEC.md section 7). */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const session = await readSession(request, context.config);
  return redirect("/", { headers: { "Set-Cookie": await destroySession(session, context.config) } });
}

/** Only GET is defined here; anything else gets a JSON 405 rather than a Remix error. */
export const action = () => methodNotAllowed(["GET"]);
