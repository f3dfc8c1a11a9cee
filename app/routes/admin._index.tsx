import { type LoaderFunctionArgs, redirect } from "@remix-run/cloudflare";

import { requireStaff } from "~/services/auth.server";

/** /admin is only a back-link target; its screen is the dashboard at /. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireStaff(request, context);
  return redirect("/");
}
