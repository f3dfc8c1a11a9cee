import { type ErrorResponse, isRouteErrorResponse, Link, useRouteError } from "@remix-run/react";
import type { ReactNode } from "react";

import { isNotFoundPage, type NotFoundPage } from "~/domain/shell/not-found";

import { PageNotFound } from "./page-not-found";

type StatusHandler = (error: ErrorResponse) => ReactNode;

/**
 * The one error boundary every screen uses (routes export it as their ErrorBoundary, so errors
 * render inside their layout). A 404 thrown with `notFoundPage` names what is missing ("Test Not
 * Found") with its way back; any other 404 is "Page Not Found"; other statuses and unexpected
 * errors get a plain message, never an error's internals.
 */
export function GeneralErrorBoundary({ statusHandlers = {} }: { statusHandlers?: Partial<Record<number, StatusHandler>> }) {
  const error = useRouteError();
  if (isRouteErrorResponse(error)) {
    const handler = statusHandlers[error.status];
    if (handler) return <>{handler(error)}</>;
    if (error.status === 404) return isNotFoundPage(error.data) ? <NotFoundSection page={error.data} /> : <PageNotFound />;
  }
  return (
    <section className="mx-auto max-w-xl py-16 text-center" role="alert">
      <h1 className="text-2xl font-bold text-slate-900">Something went wrong</h1>
      <p className="mt-3 text-slate-700">{describe(error)}</p>
      <a href="/" className="btn-primary mt-6">
        Go to Home
      </a>
    </section>
  );
}

function describe(error: unknown): string {
  if (!isRouteErrorResponse(error) || error.status >= 500) return "An unexpected error occurred. Please try again.";
  const data: unknown = error.data;
  const message = typeof data === "string" ? data : typeof data === "object" && data && "message" in data ? String(data.message) : error.statusText;
  return `${error.status}: ${message}`;
}

function NotFoundSection({ page }: { page: NotFoundPage }) {
  return (
    <section className="mx-auto max-w-xl py-16 text-center">
      <h1 className="text-2xl font-bold text-slate-900">{page.notFound}</h1>
      <p className="mt-2 text-slate-700">{page.detail ?? "It does not exist or has been deleted."}</p>
      <Link to={page.back.to} className="btn-primary mt-6">
        {page.back.label}
      </Link>
    </section>
  );
}
