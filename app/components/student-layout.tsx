import { Link, useLocation } from "@remix-run/react";
import type { ReactNode } from "react";

import { lazyScreen } from "./lazy-screen";
import { useMessages } from "./messages";
import { useRootData } from "./use-root-data";

// Fetched only when a student page fails (the student page budget).
const GeneralErrorBoundary = lazyScreen(() => import("./error-boundary").then((module) => module.GeneralErrorBoundary));

/**
 * The light layout of the student pages (/join, /test/*, /results/*) and of the join screen a
 * student meets anywhere else. It carries none of the admin shell's code (sidebar, icons,
 * keyboard shortcut), so those pages stay within the design's JavaScript budget on old
 * Chromebooks; its one menu item is the product's Student Menu entry.
 */
export function StudentLayout({ children }: { children: ReactNode }) {
  const root = useRootData();
  const user = root?.user ?? null;
  const t = useMessages("common");
  const { pathname, search } = useLocation();
  // A switch is a whole new document, so the root's language (read on that request) is the page's.
  const otherLocale = root?.locale === "es" ? "en" : "es";
  return (
    <div className="flex min-h-dvh flex-col bg-slate-50">
      <a
        href="#main-content"
        className="sr-only focus:not-sr-only focus:fixed focus:left-2 focus:top-2 focus:z-[60] focus:rounded-md focus:bg-white focus:px-3 focus:py-2 focus:shadow"
      >
        {t.skipToContent}
      </a>
      <header className="border-b border-slate-200 bg-white" data-testid="student-header">
        <div className="mx-auto flex max-w-5xl flex-wrap items-center gap-x-4 gap-y-2 px-4 py-3">
          <Link to="/" className="font-semibold text-slate-900">
            {t.productName}
          </Link>
          <nav aria-label={t.studentMenu} className="flex-1">
            <Link to="/join" className="rounded-md px-2 py-2 text-sm text-slate-700 hover:bg-slate-100">
              {t.studentEntry}
            </Link>
          </nav>
          {/* A plain link (it works without JavaScript): the server sets the language cookie and sends the student back. */}
          <a
            href={`/language?to=${otherLocale}&back=${encodeURIComponent(pathname + search)}`}
            lang={otherLocale}
            aria-label={t.switchLanguageName}
            className="rounded-md px-2 py-2 text-sm text-slate-700 underline hover:bg-slate-100"
          >
            {t.switchLanguage}
          </a>
          {user ? (
            <div className="flex items-center gap-3 text-sm">
              <span className="font-medium text-slate-900" data-testid="user-display-name">
                {user.displayName}
              </span>
              <span data-testid="role-badge" className="rounded-full bg-emerald-100 px-2 py-0.5 text-xs font-medium text-emerald-800">
                {user.role === "admin" ? t.roleAdmin : user.role === "teacher" ? t.roleTeacher : t.roleStudent}
              </span>
              <a href="/api/logout" className="rounded-md px-2 py-2 text-slate-700 underline hover:bg-slate-100">
                {t.signOut}
              </a>
            </div>
          ) : null}
        </div>
      </header>
      <main id="main-content" tabIndex={-1} className="mx-auto w-full max-w-5xl flex-1 p-4 md:p-8">
        {children}
      </main>
    </div>
  );
}

/** A student page's error (a missing session, a failed load) shows in the student layout, never the admin shell. */
export function StudentErrorBoundary() {
  return (
    <StudentLayout>
      <GeneralErrorBoundary />
    </StudentLayout>
  );
}
