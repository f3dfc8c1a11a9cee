import { isRouteErrorResponse, useRouteError, useRouteLoaderData } from "@remix-run/react";
import type { ReactNode } from "react";

import { isGateData } from "~/domain/auth/gates";
import type { loader as rootLoader } from "~/root";
import { AppShell } from "./app-shell";
import { GeneralErrorBoundary } from "./error-boundary";

/** The admin shell (sidebar) around an admin page, for the signed-in user the root loader found. */
export function AdminShell({ children }: { children: ReactNode }) {
  const root = useRouteLoaderData<typeof rootLoader>("root");
  if (!root?.user) return <>{children}</>;
  return (
    <AppShell user={root.user} sidebarOpen={root.sidebarOpen}>
      {children}
    </AppShell>
  );
}

/**
 * An admin screen's error (a missing test, a failed load) shows inside the shell, with the
 * sidebar. The role gates belong to the root boundary (landing page, join screen): passed up.
 */
export function AdminErrorBoundary() {
  const error = useRouteError();
  if (isRouteErrorResponse(error) && isGateData(error.data)) throw error;
  return (
    <AdminShell>
      <GeneralErrorBoundary />
    </AdminShell>
  );
}
