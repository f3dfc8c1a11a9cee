import { json, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData, useNavigation } from "@remix-run/react";
import { Download } from "lucide-react";

import { BackLink, PageHeader } from "~/components/page-header";
import { Pagination } from "~/components/questions/pagination";
import { sessionListSearch, SESSIONS_EMPTY_MESSAGE, SESSIONS_LOADING_MESSAGE } from "~/domain/sessions/session-list";
import { requireAllowed } from "~/services/auth.server";

import { SessionCard } from "./session-card";
import { SessionFilters } from "./session-filters";
import { loadSessionsScreen } from "./sessions.server";

export const meta: MetaFunction = () => [{ title: "Test Sessions · Adaptive Testing Engine" }];

/** One page of the sessions, filtered and paged in SQL from the URL's test, student, status and page. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const { user } = await requireAllowed(request, context, "read", "session");
  return json(await loadSessionsScreen(request, context, user));
}

export default function TestSessions() {
  const { cards, summary, values, tests, exportHref } = useLoaderData<typeof loader>();
  const navigation = useNavigation();
  const loading = navigation.state === "loading" && navigation.location.pathname === "/admin/sessions";

  return (
    <div className="mx-auto max-w-6xl">
      <BackLink to="/admin/tests" label="Back to Tests" />
      <PageHeader
        title="Test Sessions"
        subtitle="Review and manage all test submissions"
        actions={
          // A download, not a page: a plain link, so the browser saves the file.
          <a href={exportHref} className="btn-outline" download>
            <Download aria-hidden="true" className="size-4" /> Export CSV
          </a>
        }
      />

      <SessionFilters values={values} tests={tests} />

      <div aria-live="polite" className="mt-4 min-h-6 text-sm text-slate-700">
        {loading ? SESSIONS_LOADING_MESSAGE : null}
      </div>

      {cards.length === 0 ? (
        <p className="card mt-2 p-8 text-center text-slate-700">{SESSIONS_EMPTY_MESSAGE}</p>
      ) : (
        <ul className={`mt-2 grid gap-4 md:grid-cols-2 ${loading ? "opacity-60" : ""}`} aria-busy={loading}>
          {cards.map((session) => (
            <SessionCard key={session.id} session={session} />
          ))}
        </ul>
      )}

      <footer className="mt-6 flex flex-wrap items-center justify-between gap-3">
        <p className="text-sm text-slate-700" data-testid="sessions-count">
          {`Showing ${cards.length} of ${summary.total} sessions`}
        </p>
        {summary.pageCount > 1 ? (
          <Pagination summary={summary} showCount={false} label="Session pages" href={(page) => `?${sessionListSearch(values, page)}`} />
        ) : null}
      </footer>
    </div>
  );
}
