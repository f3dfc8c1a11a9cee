import { isRouteErrorResponse, useRouteError } from "@remix-run/react";

import { isGateData } from "~/domain/auth/gates";

import { GateScreen } from "./gate-screen";
import { StudentErrorBoundary } from "./student-layout";
import { ToastProvider } from "./toast/toast-context";
import { useRootData } from "./use-root-data";

/**
 * Errors no screen caught, and the role gates thrown by loaders (services/auth.server.ts):
 * signed out, every path shows the landing page; a student outside their
 * route set gets the join screen.
 */
export function RootError() {
  const error = useRouteError();
  const data = useRootData();
  const gate = isRouteErrorResponse(error) && isGateData(error.data) ? error.data.gate : null;
  const signedOut = !data?.user && !(isRouteErrorResponse(error) && error.status >= 500);
  return <ToastProvider serverToast={data?.toast}>{gate || signedOut ? <GateScreen gate={gate ?? "landing"} /> : <StudentErrorBoundary />}</ToastProvider>;
}
