import { isRouteErrorResponse, Link, useRouteError } from "@remix-run/react";
import type { ReactNode } from "react";

import { isGateData } from "~/domain/auth/gates";
import { isNotAllowedData } from "~/domain/auth/not-allowed";

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
 * sidebar. A role gate thrown by the layout's loader shows the landing page or the join screen; a
 * staff member refused a district admin's page or button reads, in the shell, what and who can.
 */
export function AdminErrorBoundary() {
  const error = useRouteError();
  if (isRouteErrorResponse(error) && isGateData(error.data)) return <GateScreen gate={error.data.gate} />;
  if (isRouteErrorResponse(error) && isNotAllowedData(error.data)) {
    const { title, detail } = error.data.notAllowed;
    return (
      <AdminShell>
        <section className="mx-auto max-w-2xl card p-8" aria-labelledby="not-allowed" data-testid="not-allowed">
          <h1 id="not-allowed" className="text-2xl font-bold text-slate-900">
            {title}
          </h1>
          <p className="mt-2 text-slate-700">{detail}</p>
          <Link to="/" className="btn-outline mt-6">
            Back to the dashboard
          </Link>
        </section>
      </AdminShell>
    );
  }
  return (
    <AdminShell>
      <GeneralErrorBoundary />
    </AdminShell>
  );
}
