import { type LoaderFunctionArgs, redirect } from "@remix-run/cloudflare";

import { requireAllowed } from "~/services/auth.server";

/** The edit route has two addresses; /admin/tests/{id} leads to /admin/tests/{id}/edit. */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  await requireAllowed(request, context, "read", "shared-content");
  return redirect(`/admin/tests/${encodeURIComponent(params.id ?? "")}/edit`);
}
