import { isRouteErrorResponse, useRouteError } from "@remix-run/react";
import type { ReactNode } from "react";

import { isGateData } from "~/domain/auth/gates";

import { AppShell } from "./app-shell";
import { GeneralErrorBoundary } from "./error-boundary";
import { GateScreen } from "./gate-screen";
import { LocalTimesScript } from "./local-time";
import { TimeZoneReporter } from "./time-zone-reporter";
import { useRootData } from "./use-root-data";

/** The admin shell (sidebar) around an admin page, for the signed-in user the root loader found. */
export function AdminShell({ children }: { children: ReactNode }) {
  const root = useRootData();
  if (!root?.user) return <>{children}</>;
  return (
    <AppShell user={root.user} sidebarOpen={root.sidebarOpen}>
      <TimeZoneReporter />
      {children}
      <LocalTimesScript />
    </AppShell>
  );
}

/**
 * An admin screen's error (a missing test, a failed load) shows inside the shell, with the
 * sidebar. A role gate thrown by the layout's loader shows the landing page or the join screen.
 */
export function AdminErrorBoundary() {
  const error = useRouteError();
  if (isRouteErrorResponse(error) && isGateData(error.data)) return <GateScreen gate={error.data.gate} />;
  return (
    <AdminShell>
      <GeneralErrorBoundary />
    </AdminShell>
  );
}
