import { json, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Link, useLoaderData } from "@remix-run/react";
import { Download } from "lucide-react";

import { LiveFilterForm } from "~/components/live-filter-form";
import { LocalTime } from "~/components/local-time";
import { BackLink, PageHeader } from "~/components/page-header";
import { Pagination } from "~/components/questions/pagination";
import { TableHeadings } from "~/components/table-headings";
import { AUDIT_ACTIONS, AUDIT_PAGE_SIZE, auditEntryStudents, auditSearch, readAuditQuery, shownAuditDetail } from "~/domain/audit/audit-entry";
import { pageSummary } from "~/domain/questions/question-list";
import { shownTime, timeZoneFromCookieHeader } from "~/domain/shell/time-zone";
import { listAudit, readAuditNames } from "~/models/audit-log.server";
import { requireAllowed } from "~/services/auth.server";

export const meta: MetaFunction = () => [{ title: "Audit Log · Adaptive Testing Engine" }];

/** The audit log (ADR 0030), newest first, filtered and paged in SQL from the URL. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireAllowed(request, context, "audit", "audit-log");
  const { values, filters, page } = readAuditQuery(new URL(request.url).searchParams);
  const { rows, total } = await listAudit(context.db, filters, page);
  // Names for the ids, read now: a student or account that has since been deleted is named by no one.
  const names = await readAuditNames(
    context.db,
    rows.flatMap((row) => auditEntryStudents(row)),
    rows.flatMap((row) => (row.actorId ? [row.actorId] : [])),
  );
  const timeZone = timeZoneFromCookieHeader(request.headers.get("Cookie"));
  const search = auditSearch(values).toString();
  return json({
    entries: rows.map((row) => ({
      id: row.id,
      at: shownTime(row.at, timeZone),
      actor: row.actorEmail ?? "Scheduled task",
      actorName: (row.actorId && names.accounts.get(row.actorId)) || null,
      action: AUDIT_ACTIONS[row.action] ?? row.action,
      students: auditEntryStudents(row).map((id) => ({ id, name: names.students.get(id) ?? null })),
      subject: row.subject,
      detail: shownAuditDetail(row),
    })),
    summary: pageSummary(page, AUDIT_PAGE_SIZE, total, rows.length),
    values,
    exportHref: `/admin/audit/export${search ? `?${search}` : ""}`,
  });
}

const ACTION_CHOICES = Object.entries(AUDIT_ACTIONS);

/** Each student by name while their record exists; a deleted one by the start of our id, which the log keeps. */
function AuditStudents({ students }: { students: { id: string; name: string | null }[] }) {
  return (
    <ul className="flex flex-wrap gap-x-2 gap-y-0.5">
      {students.map((student) => (
        <li key={student.id}>
          {student.name ? (
            <Link to={`/admin/students/${student.id}`} className="text-brand-700 hover:underline">
              {student.name}
            </Link>
          ) : (
            <span className="font-mono text-xs text-slate-600" title="This student's record has been deleted">
              {`${student.id.slice(0, 8)} (deleted)`}
            </span>
          )}
        </li>
      ))}
    </ul>
  );
}

export default function AuditLog() {
  const { entries, summary, values, exportHref } = useLoaderData<typeof loader>();
  return (
    <div className="mx-auto max-w-6xl">
      <BackLink to="/admin/students" label="Back to Students" />
      <PageHeader
        title="Audit Log"
        subtitle="Who viewed, exported, changed or deleted student data, imported rosters and signed in. Entries can never be changed or removed."
        actions={
          <a href={exportHref} className="btn-outline" download>
            <Download aria-hidden="true" className="size-4" /> Export CSV
          </a>
        }
      />
      <LiveFilterForm values={values} textField="actor" toSearch={auditSearch} label="Filter the audit log">
        <div>
          <label htmlFor="audit-action" className="label">
            Action
          </label>
          <select id="audit-action" name="action" className="input mt-1" defaultValue={values.action}>
            <option value="">All Actions</option>
            {ACTION_CHOICES.map(([key, label]) => (
              <option key={key} value={key}>
                {label}
              </option>
            ))}
          </select>
        </div>
        <div>
          <label htmlFor="audit-actor" className="label">
            Who (e-mail)
          </label>
          <input id="audit-actor" name="actor" type="search" className="input mt-1" defaultValue={values.actor} maxLength={254} />
        </div>
        <div>
          <label htmlFor="audit-student" className="label">
            Student (our id)
          </label>
          <input id="audit-student" name="student" type="search" className="input mt-1 font-mono" defaultValue={values.student} maxLength={100} />
        </div>
        <div>
          <label htmlFor="audit-from" className="label">
            From
          </label>
          <input id="audit-from" name="from" type="date" className="input mt-1" defaultValue={values.from} />
        </div>
        <div>
          <label htmlFor="audit-to" className="label">
            To
          </label>
          <input id="audit-to" name="to" type="date" className="input mt-1" defaultValue={values.to} />
        </div>
      </LiveFilterForm>

      {entries.length === 0 ? (
        <p className="card mt-6 p-8 text-center text-slate-700">No entries match these filters.</p>
      ) : (
        // A focusable region, so a keyboard can scroll it sideways on a phone (WCAG 2.1.1).
        // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex
        <div className="card mt-6 overflow-x-auto" tabIndex={0} role="region" aria-label="Audit log entries">
          <table className="w-full text-left text-sm">
            <caption className="sr-only">Audit log entries, newest first</caption>
            <TableHeadings headings={["When", "Who", "What happened", "Student", "Subject", "Detail"]} cellClassName="px-4 py-2" />
            <tbody className="text-slate-900">
              {entries.map((entry) => (
                <tr key={entry.id} className="border-b border-slate-100 align-top last:border-0" data-testid="audit-entry">
                  <td className="whitespace-nowrap px-4 py-2">
                    <LocalTime time={entry.at} />
                  </td>
                  <td className="px-4 py-2 break-all">
                    {entry.actorName ? (
                      <>
                        {entry.actorName}
                        <span className="block text-xs text-slate-600">{entry.actor}</span>
                      </>
                    ) : (
                      entry.actor
                    )}
                  </td>
                  <td className="px-4 py-2">{entry.action}</td>
                  <td className="px-4 py-2">
                    <AuditStudents students={entry.students} />
                  </td>
                  <td className="px-4 py-2 font-mono text-xs break-all">{entry.subject}</td>
                  <td className="max-w-xs px-4 py-2 font-mono text-xs break-all">{entry.detail}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <footer className="mt-6 flex flex-wrap items-center justify-between gap-3">
        <p className="text-sm text-slate-700">{`Showing ${entries.length} of ${summary.total} entries`}</p>
        {summary.pageCount > 1 ? <Pagination summary={summary} showCount={false} label="Audit pages" href={(page) => `?${auditSearch(values, page)}`} /> : null}
      </footer>
    </div>
  );
}
