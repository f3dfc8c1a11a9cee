import { type ActionFunctionArgs, json, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { RefreshCw } from "lucide-react";
import { useRef } from "react";

import { useActionResult } from "~/components/action-result";
import { BackLink, PageHeader } from "~/components/page-header";
import { TableHeadings } from "~/components/table-headings";
import { effortInTable, lastSeenInWords, LIVE_FILTERS, liveFilterSchema, liveSummary, stateInWords, timeLeftInWords } from "~/domain/classes/live-view";
import type { ActionResult } from "~/domain/shell/action-result";
import { readLiveClass } from "~/features/classes/use-cases.server";
import { requireAllowed } from "~/services/auth.server";
import { orNotFoundPage } from "~/services/http-errors.server";

import { ClassActions, EndConfirm, RowActions, SelectAll, SelectedActions, useSelection } from "./live-actions";
import { type LiveActionData, runLiveAction } from "./live-actions.server";
import { useFocusKept } from "./use-focus-kept";
import { useLiveUpdates } from "./use-live-updates";

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: `Live · ${data?.schoolClass.name ?? "Class"} · Adaptive Testing Engine` }];

const CELL = "px-3 py-2";

/** A class testing, as it stands (ADR 0046): who needs attention first, filtered by state (?state=), refreshed by a link, and with JavaScript by its socket. */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const { user } = await requireAllowed(request, context, "read", "class");
  const live = await orNotFoundPage(readLiveClass(context, user, params.id ?? ""), { to: "/admin/cohorts", label: "Back to Classes" });
  const { state } = liveFilterSchema.parse(Object.fromEntries(new URL(request.url).searchParams));
  const { students, ...rest } = live;
  return json(
    {
      ...rest,
      summary: liveSummary(students),
      total: students.length,
      state: state ?? "",
      shown: state ? students.filter((row) => row.state === state) : students,
    },
    { headers: { "Cache-Control": "no-store" } },
  );
}

/** The teacher's actions (ADR 0046): on one student's test or the selected ones, on the whole class, and a student's PIN tries. */
export async function action({ request, context, params }: ActionFunctionArgs) {
  const { user } = await requireAllowed(request, context, "write", "session");
  return runLiveAction(request, context, user, params.id ?? "");
}

export default function ClassLivePage() {
  const { schoolClass, updatedAt, summary, state, shown, total } = useLoaderData<typeof loader>();
  const navigation = useNavigation();
  const actionData = useActionData<typeof action>() as ActionResult<LiveActionData> | undefined;
  // End posted without JavaScript: its confirm step, naming the students (rows of this page's filter, as the form was).
  const confirmEnd = actionData?.ok ? actionData.data?.confirmEnd : undefined;
  const selectable = shown.flatMap((row) => (row.sessionId && row.state !== "finished" ? [row.sessionId] : []));
  const selection = useSelection(selectable);
  useActionResult({ data: actionData, state: navigation.state }, { onSuccess: selection.clear });
  const busy = navigation.state !== "idle";
  const pageArea = useRef<HTMLDivElement>(null);
  const tableRegion = useRef<HTMLDivElement>(null);
  useFocusKept(busy, pageArea, tableRegion);
  const now = Date.parse(updatedAt);
  const filterLabel = LIVE_FILTERS.find((filter) => filter.state === state)?.label;
  const here = `/admin/cohorts/${schoolClass.id}/live${state ? `?state=${state}` : ""}`;
  useLiveUpdates(schoolClass.id);
  return (
    <div className="mx-auto max-w-6xl" ref={pageArea}>
      <BackLink to={`/admin/cohorts/${schoolClass.id}`} label={`Back to ${schoolClass.name}`} />
      <PageHeader
        title={`Live · ${schoolClass.name}`}
        subtitle="Where each student is in their test, who needs attention first."
        actions={
          // A plain link: it reloads the page's data with or without JavaScript.
          <Link to={here} reloadDocument className="btn-outline" data-testid="live-refresh">
            <RefreshCw aria-hidden="true" className="size-4" /> Refresh
          </Link>
        }
      />
      <p className="mt-4 text-lg text-slate-900" data-testid="live-summary">
        {summary}
      </p>
      <p className="text-sm text-slate-700">
        As of <time dateTime={updatedAt}>{new Date(updatedAt).toISOString().slice(11, 19)} UTC</time>.
      </p>
      {actionData?.toast && !confirmEnd ? (
        // The toast needs JavaScript: without it the page itself says what the action did (or why not).
        <noscript>
          <p
            role={actionData.ok ? "status" : "alert"}
            className={`mt-4 rounded-md px-3 py-2 text-sm ${actionData.ok ? "bg-slate-100 text-slate-900" : "bg-red-50 text-red-800"}`}
            data-testid="live-outcome"
          >
            {actionData.toast.description ? `${actionData.toast.title}: ${actionData.toast.description}` : actionData.toast.title}
          </p>
        </noscript>
      ) : null}
      {confirmEnd ? (
        <EndConfirm
          sessionIds={confirmEnd}
          names={shown.flatMap((row) => (row.sessionId && confirmEnd.includes(row.sessionId) ? [row.studentName] : []))}
          cancelTo={here}
        />
      ) : null}
      <ClassActions busy={busy} />
      <Form method="get" className="card mt-4 flex flex-wrap items-end gap-3 p-4" role="search" aria-label="Filter the students">
        <div>
          <label htmlFor="live-state" className="label">
            State
          </label>
          <select id="live-state" name="state" defaultValue={state} className="input mt-1 min-w-48">
            <option value="">Every student</option>
            {LIVE_FILTERS.map((filter) => (
              <option key={filter.state} value={filter.state}>
                {filter.label}
              </option>
            ))}
          </select>
        </div>
        <button type="submit" className="btn-primary">
          Show
        </button>
      </Form>
      <SelectedActions busy={busy} selected={selection.selected.length} />
      {/* A focusable region, so a keyboard can scroll it sideways on a phone (WCAG 2.1.1). */}
      {/* eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex */}
      <div className="card mt-4 overflow-x-auto" tabIndex={0} ref={tableRegion} role="region" aria-label="Students testing">
        <table className="w-full text-left text-sm" data-testid="live-table">
          <caption className="px-3 pt-3 text-left font-semibold text-slate-900">
            {filterLabel ? `Students of ${schoolClass.name}: ${filterLabel.toLowerCase()} (${shown.length} of ${total})` : `Students of ${schoolClass.name}`}
          </caption>
          <TableHeadings
            cellClassName={CELL}
            select={<SelectAll selection={selection} count={selectable.length} />}
            headings={[
              "Student",
              "State",
              { label: "Answers", align: "right" },
              { label: "Time left", align: "right" },
              "Last seen",
              "Accommodations",
              "Effort",
              { label: "Actions", hidden: true },
            ]}
          />
          <tbody>
            {shown.length === 0 ? (
              <tr>
                <td colSpan={9} className={`${CELL} text-slate-700`}>
                  No students in this state.
                </td>
              </tr>
            ) : (
              shown.map((row) => (
                <tr key={row.studentId} className="border-b border-slate-100" data-state={row.state}>
                  <td className={CELL}>
                    {row.sessionId && row.state !== "finished" ? (
                      <input
                        type="checkbox"
                        name="sessionIds"
                        value={row.sessionId}
                        form="live-selected"
                        className="size-5"
                        aria-label={`Select ${row.studentName}`}
                        checked={selection.selected.includes(row.sessionId)}
                        onChange={(event) => selection.toggle(row.sessionId!, event.target.checked)}
                      />
                    ) : null}
                  </td>
                  <th scope="row" className={`${CELL} font-medium text-slate-900`}>
                    {row.studentName}
                  </th>
                  <td className={CELL}>{stateInWords(row)}</td>
                  <td className={`${CELL} text-right`}>{row.questionsAnswered}</td>
                  <td className={`${CELL} text-right`}>{row.state === "finished" ? "–" : timeLeftInWords(row.timeRemaining)}</td>
                  <td className={CELL}>{lastSeenInWords(row.lastSeenAt, now)}</td>
                  <td className={CELL}>{row.accommodations ?? "–"}</td>
                  <td className={CELL}>{effortInTable(row.lowEffort)}</td>
                  <td className={CELL}>
                    <RowActions row={row} busy={busy} />
                  </td>
                </tr>
              ))
            )}
          </tbody>
        </table>
      </div>
    </div>
  );
}
