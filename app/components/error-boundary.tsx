import { type ErrorResponse, isRouteErrorResponse, Link, useMatches, useRouteError } from "@remix-run/react";
import type { ReactNode } from "react";

import type { Catalog } from "~/domain/i18n/catalog";
import { isNotFoundPage, type NotFoundPage } from "~/domain/shell/not-found";
import type { RootData } from "~/domain/shell/root-data";

import { PageNotFound } from "./page-not-found";

type StatusHandler = (error: ErrorResponse) => ReactNode;

export type ErrorTexts = Pick<Catalog["common"], "pageNotFound" | "pageNotFoundDetail" | "goToHome" | "somethingWentWrong" | "unexpectedError">;

/** What the staff screens' error pages say (they stay English, and the root sends them no texts). */
const ENGLISH: ErrorTexts = {
  pageNotFound: "Page Not Found",
  pageNotFoundDetail: "The page you are looking for does not exist or has moved.",
  goToHome: "Go to Home",
  somethingWentWrong: "Something went wrong",
  unexpectedError: "An unexpected error occurred. Please try again.",
};

/**
 * The error page's words: on a student page the root's, in the page's language (ADR 0045), read
 * from the root's data itself (the messages hook would split into a chunk of its own on every
 * student page); English on a staff screen.
 */
function useErrorTexts(): ErrorTexts {
  return (useMatches()[0]?.data as RootData | undefined)?.messages?.common ?? ENGLISH;
}

/**
 * The one error boundary every screen uses (routes export it as their ErrorBoundary, so errors
 * render inside their layout). A 404 thrown with `notFoundPage` names what is missing ("Test Not
 * Found") with its way back; any other 404 is "Page Not Found"; other statuses and unexpected
 * errors get a plain message, never an error's internals.
 */
export function GeneralErrorBoundary({ statusHandlers = {} }: { statusHandlers?: Partial<Record<number, StatusHandler>> }) {
  const error = useRouteError();
  const t = useErrorTexts();
  if (isRouteErrorResponse(error)) {
    const handler = statusHandlers[error.status];
    if (handler) return <>{handler(error)}</>;
    if (error.status === 404) return isNotFoundPage(error.data) ? <NotFoundSection page={error.data} /> : <PageNotFound t={t} />;
  }
  return (
    <section className="mx-auto max-w-xl py-16 text-center" role="alert">
      <h1 className="text-2xl font-bold text-slate-900">{t.somethingWentWrong}</h1>
      <p className="mt-3 text-slate-700">{describe(error, t)}</p>
      <a href="/" className="btn-primary mt-6">
        {t.goToHome}
      </a>
    </section>
  );
}

function describe(error: unknown, t: ErrorTexts): string {
  if (!isRouteErrorResponse(error) || error.status >= 500) return t.unexpectedError;
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
