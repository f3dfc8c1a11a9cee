import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";

import { AdminErrorBoundary } from "~/components/admin-layout";
import { errorPageTitle } from "~/domain/shell/not-found";
import { requireAllowed } from "~/services/auth.server";

/**
 * Any path no route claims. Signed out: the landing page; a student: the join screen
 * (both through the role gate); an admin: "Page Not Found" with a 404 status, in the shell.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireAllowed(request, context, "read", "class");
  throw new Response("Not Found", { status: 404 });
}

export const meta: MetaFunction = ({ error, matches }) => (error ? [{ title: errorPageTitle(error, matches[0]?.data) }] : (matches[0]?.meta ?? []));

export { AdminErrorBoundary as ErrorBoundary };

export default function NotFound() {
  return null;
}
