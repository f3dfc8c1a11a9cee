import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Outlet, useNavigation } from "@remix-run/react";

import { AdminErrorBoundary, AdminShell } from "~/components/admin-layout";
import { TestListSkeleton } from "~/components/assessments/test-card";
import { errorPageTitle } from "~/domain/shell/not-found";
import { requireAllowed } from "~/services/auth.server";

/**
 * Every /admin screen sits under this layout: the admin shell (sidebar) and the role gate.
 * Child loaders still call requireAllowed themselves: Remix runs loaders in parallel.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireAllowed(request, context, "read", "class");
  return null;
}

export default function AdminLayout() {
  const navigation = useNavigation();
  // The test list shows skeleton placeholders while it loads.
  const loadingTestList = navigation.state === "loading" && navigation.location.pathname === "/admin/tests";
  return (
    <AdminShell>
      {loadingTestList ? (
        <div className="mx-auto max-w-6xl">
          <h1 className="text-3xl font-bold text-slate-900">Test Configurations</h1>
          <p className="mb-8 mt-1 text-slate-700">Loading tests...</p>
          <TestListSkeleton />
        </div>
      ) : (
        <Outlet />
      )}
    </AdminShell>
  );
}

/** A screen's error shown in the shell is titled by what it says; otherwise the screen titles itself. */
export const meta: MetaFunction = ({ error, matches }) => (error ? [{ title: errorPageTitle(error, matches[0]?.data) }] : (matches[0]?.meta ?? []));

export { AdminErrorBoundary as ErrorBoundary };
