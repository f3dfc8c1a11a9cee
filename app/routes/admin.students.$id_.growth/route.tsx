import { json, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";

import { NoWindows } from "~/components/growth/no-windows";
import { BackLink, PageHeader } from "~/components/page-header";
import { gradeLabel } from "~/domain/grade-label";
import { BEYOND_ERROR_RULE } from "~/domain/growth/growth";
import { NOT_FOUND } from "~/domain/shell/not-found";
import { studentDisplayName } from "~/domain/students/student";
import { requireAllowed } from "~/services/auth.server";
import { loadStudentGrowth } from "~/services/growth.server";
import { notFoundPage } from "~/services/http-errors.server";

import { SubjectGrowthSection } from "./subject-growth";

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: `Growth · ${data ? studentDisplayName(data.student) : "Student"} · Adaptive Testing Engine` },
];

/** A student's growth across the district's testing windows, subject by subject (recorded in the audit log). */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const { user: teacher, scope } = await requireAllowed(request, context, "read", "growth");
  const growth = await loadStudentGrowth(context.db, teacher, params.id ?? "", scope);
  if (!growth) throw notFoundPage(NOT_FOUND.student, { to: "/admin/students", label: "Back to Students" });
  return json(growth);
}

export default function StudentGrowthPage() {
  const { student, windows, subjects, outsideWindows } = useLoaderData<typeof loader>();
  const name = studentDisplayName(student);
  return (
    <div className="mx-auto max-w-5xl">
      <BackLink to={`/admin/students/${student.id}`} label={`Back to ${name}`} />
      <PageHeader title={`Growth · ${name}`} subtitle={[`Student ID ${student.studentId}`, gradeLabel(student.grade)].filter(Boolean).join(" · ")} />
      <p className="mt-4 max-w-3xl text-sm text-slate-700">
        Each testing window&apos;s score is the student&apos;s latest finished, standard session in it; growth is the change from the window before with a
        score. {BEYOND_ERROR_RULE}
      </p>
      {windows.length === 0 ? (
        <NoWindows />
      ) : subjects.length === 0 ? (
        <p className="card mt-6 p-6 text-slate-700" data-testid="growth-empty">
          No tests in any testing window yet. Growth shows once {student.givenName} has taken a test in two windows.
        </p>
      ) : (
        <div className="mt-6 space-y-6">
          {subjects.map((subject) => (
            <SubjectGrowthSection key={subject.subject} studentId={student.id} givenName={student.givenName} subject={subject} />
          ))}
        </div>
      )}
      {outsideWindows.length ? (
        <p className="mt-4 text-sm text-slate-700">
          {outsideWindows.length === 1 ? "1 session" : `${outsideWindows.length} sessions`} started outside every testing window, so{" "}
          {outsideWindows.length === 1 ? "it is" : "they are"} not shown here; the student&apos;s page lists every session.
        </p>
      ) : null}
    </div>
  );
}
