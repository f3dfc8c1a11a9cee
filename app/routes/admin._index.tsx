import { type LoaderFunctionArgs, redirect } from "@remix-run/cloudflare";

import { requireAllowed } from "~/services/auth.server";

/** /admin is only a back-link target; its screen is the dashboard at /. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireAllowed(request, context, "read", "class");
  return redirect("/");
}
