import { json, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Form, useLoaderData } from "@remix-run/react";

import { NoWindows } from "~/components/growth/no-windows";
import { BackLink, PageHeader } from "~/components/page-header";
import { leftOutNote } from "~/domain/growth/class-growth";
import { windowDays } from "~/domain/growth/dates";
import { NOT_FOUND } from "~/domain/shell/not-found";
import { requireAllowed } from "~/services/auth.server";
import { notFoundPage } from "~/services/http-errors.server";

import { loadClassGrowthScreen } from "./class-growth.server";
import { ClassSubjectSection } from "./class-subject";

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: `Growth · ${data?.growth.cohort.name ?? "Class"} · Adaptive Testing Engine` }];

/** A class's growth between two testing windows, chosen in the URL (?from=&to=); each student shown is recorded in the audit log. */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const { user: teacher, scope } = await requireAllowed(request, context, "read", "growth");
  const { growth, problem } = await loadClassGrowthScreen(context.db, teacher, scope, params.id ?? "", new URL(request.url).searchParams);
  if (!growth) throw notFoundPage(NOT_FOUND.cohort, { to: "/admin/cohorts", label: "Back to Classes" });
  return json({ growth, problem });
}

export default function ClassGrowthPage() {
  const { growth, problem } = useLoaderData<typeof loader>();
  const { cohort: schoolClass, windows, from, to, subjects, windowsWithScores, leftOut } = growth;
  const leftOutText = leftOutNote(leftOut);
  return (
    <div className="mx-auto max-w-5xl">
      <BackLink to={`/admin/cohorts/${schoolClass.id}`} label={`Back to ${schoolClass.name}`} />
      <PageHeader title={`Growth · ${schoolClass.name}`} subtitle="Each student's change in scale score between two testing windows, subject by subject." />
      {windows.length === 0 ? (
        <NoWindows />
      ) : (
        <>
          {/* A plain GET form: the windows are the URL, so the view can be shared and reloaded, and works without JavaScript. */}
          <Form method="get" className="card mt-6 flex flex-wrap items-end gap-4 p-4">
            <WindowSelect name="from" label="From" windows={windows} selected={from?.id ?? windows.at(-2)?.id ?? windows[0]!.id} />
            <WindowSelect name="to" label="To" windows={windows} selected={to?.id ?? windows.at(-1)!.id} />
            <button type="submit" className="btn-primary">
              Show Growth
            </button>
          </Form>
          {problem ? (
            <p role="alert" className="mt-4 rounded-md bg-amber-50 px-3 py-2 text-sm text-amber-900">
              {problem}
            </p>
          ) : null}
          {!from || !to ? (
            <p className="card mt-6 p-6 text-slate-700" data-testid="growth-one-window">
              {[
                windowsWithScores.length === 1
                  ? "Only one testing window has scores for this class so far: growth shows once a second window has them."
                  : "No student of this class has a score in any testing window yet.",
                leftOutText,
              ]
                .filter(Boolean)
                .join(" ")}
            </p>
          ) : subjects.length === 0 ? (
            <p className="card mt-6 p-6 text-slate-700" data-testid="growth-empty">
              No student of this class took a test in {from.name} or {to.name}.
            </p>
          ) : (
            <div className="mt-6 space-y-6">
              <p className="text-sm text-slate-700">
                From <strong className="text-slate-900">{from.name}</strong> ({windowDays(from)}) to <strong className="text-slate-900">{to.name}</strong> (
                {windowDays(to)}).
              </p>
              {leftOutText ? (
                <p className="text-sm text-slate-700" data-testid="growth-left-out">
                  {leftOutText}
                </p>
              ) : null}
              {subjects.map((subject) => (
                <ClassSubjectSection key={subject.subject} subject={subject} from={from} to={to} localNorms={growth.localNorms} />
              ))}
            </div>
          )}
        </>
      )}
    </div>
  );
}

function WindowSelect({ name, label, windows, selected }: { name: string; label: string; windows: { id: string; name: string }[]; selected: string }) {
  return (
    <div>
      <label htmlFor={`growth-${name}`} className="label">
        {label}
      </label>
      <select key={selected} id={`growth-${name}`} name={name} defaultValue={selected} className="input mt-1 min-w-40">
        {windows.map((window) => (
          <option key={window.id} value={window.id}>
            {window.name}
          </option>
        ))}
      </select>
    </div>
  );
}
