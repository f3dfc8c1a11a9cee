import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { Outlet } from "@remix-run/react";

import { requireAdmin } from "~/services/auth.server";

/**
 * Every /admin screen sits under this layout, whose loader applies the role gate.
 * Child loaders still call requireAdmin themselves: Remix runs loaders in parallel.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireAdmin(request, context);
  return null;
}

export default function AdminLayout() {
  return <Outlet />;
}
