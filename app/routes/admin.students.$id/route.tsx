import { type ActionFunctionArgs, json, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Link, useLoaderData } from "@remix-run/react";
import { Download, Pencil, Trash2, TrendingUp } from "lucide-react";
import { useState } from "react";

import { useActionResult, useIntentFetcher } from "~/components/action-result";
import { ConfirmDialog } from "~/components/dialog";
import { LocalTime } from "~/components/local-time";
import { BackLink, PageHeader } from "~/components/page-header";
import { AccommodationsDialog } from "~/components/students/accommodations-dialog";
import { StudentDialog } from "~/components/students/student-dialog";
import { TableHeadings } from "~/components/table-headings";
import { accommodationsInWords } from "~/domain/accommodations/accommodations";
import { allows } from "~/domain/auth/policy";
import { gradeCell, gradeLabel } from "~/domain/grade-label";
import { MODE_LABELS } from "~/domain/sessions/session-list";
import { NOT_FOUND } from "~/domain/shell/not-found";
import { shownTime, timeZoneFromCookieHeader } from "~/domain/shell/time-zone";
import { erasedToast, STUDENT_MESSAGES, studentActionSchema } from "~/domain/students/screen-actions";
import { studentDisplayName } from "~/domain/students/student";
import { deleteStudent, unenrollStudent, updateStudent, viewStudent } from "~/features/students/use-cases.server";
import { assertNever } from "~/lib/assert-never";
import { found } from "~/lib/errors";
import { setRecordAccommodations } from "~/models/accommodations.server";
import { findStudent } from "~/models/students.server";
import { handleAction } from "~/services/action.server";
import { requireAllowed } from "~/services/auth.server";
import { orNotFoundPage } from "~/services/http-errors.server";
import { redirectWithToast } from "~/services/toast.server";

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: `${data ? studentDisplayName(data.student) : "Student"} · Students · Adaptive Testing Engine` },
];

const BACK = { to: "/admin/students", label: "Back to Students" };

/** One student: the record, the classes whose roster has them, and every session linked to them. */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const { user: teacher } = await requireAllowed(request, context, "read", "student");
  const student = await orNotFoundPage(viewStudent(context, teacher, params.id ?? ""), BACK);
  const timeZone = timeZoneFromCookieHeader(request.headers.get("Cookie"));
  const { sessions, ...record } = student;
  return json({
    canErase: allows(teacher, "delete", "student"),
    student: record,
    sessions: sessions.map((session) => ({
      id: session.id,
      testTitle: session.testTitle,
      mode: MODE_LABELS[session.testMode] ?? session.testMode,
      started: shownTime(new Date(session.startTime), timeZone),
      completed: session.completed,
      totalScore: session.totalScore,
      scaleScore: session.scaleScore,
      nonStandard: session.nonStandard,
    })),
  });
}

export async function action({ request, context, params }: ActionFunctionArgs) {
  const { user: teacher, scope } = await requireAllowed(request, context, "write", "student");
  const id = params.id ?? "";
  return handleAction(request, studentActionSchema, STUDENT_MESSAGES, async (input) => {
    switch (input.intent) {
      case "update":
        await updateStudent(context, teacher, id, input.values);
        return;
      case "delete": {
        const erased = await deleteStudent(context, teacher, id);
        return redirectWithToast(request, context, "/admin/students", erasedToast(erased.removed, erased.sessionObjectsLeft));
      }
      case "accommodations":
        found(await findStudent(context.db, id, scope), NOT_FOUND.student);
        await setRecordAccommodations(context.db, teacher, [id], input.values, scope);
        return;
      case "unenroll":
        await unenrollStudent(context, teacher, { cohortId: input.cohortId, studentId: id });
        return;
      default:
        return assertNever(input);
    }
  });
}

export default function StudentPage() {
  const { student, sessions, canErase } = useLoaderData<typeof loader>();
  const { fetcher, busy, submitIntent } = useIntentFetcher();
  const [editing, setEditing] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const [accommodating, setAccommodating] = useState(false);
  useActionResult(fetcher, {
    onSuccess: () => {
      setEditing(false);
      setAccommodating(false);
    },
  });

  return (
    <div className="mx-auto max-w-5xl">
      <BackLink {...BACK} />
      <PageHeader
        title={studentDisplayName(student)}
        subtitle={[`Student ID ${student.studentId}`, gradeLabel(student.grade)].filter(Boolean).join(" · ")}
        actions={
          <div className="flex flex-wrap gap-2">
            <Link to={`/admin/students/${student.id}/growth`} className="btn-outline">
              <TrendingUp aria-hidden="true" className="size-4" /> Growth
            </Link>
            {/* A download, not a page: a plain link, so the browser saves the file. */}
            {canErase ? (
              <a href={`/api/students/${student.id}/export`} className="btn-outline" download>
                <Download aria-hidden="true" className="size-4" /> Download Data
              </a>
            ) : null}
            <button type="button" className="btn-outline" onClick={() => setEditing(true)}>
              <Pencil aria-hidden="true" className="size-4" /> Edit
            </button>
            {canErase ? (
              <button type="button" className="btn-outline text-red-700" onClick={() => setDeleting(true)}>
                <Trash2 aria-hidden="true" className="size-4" /> Delete
              </button>
            ) : null}
          </div>
        }
      />

      <div className="mt-6 grid gap-4 md:grid-cols-2">
        <section className="card p-4" aria-labelledby="student-record">
          <h2 id="student-record" className="font-semibold text-slate-900">
            Record
          </h2>
          <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm [&>dd]:text-slate-900 [&>dt]:text-slate-700">
            <dt>Given name</dt>
            <dd>{student.givenName}</dd>
            <dt>Family name</dt>
            <dd>{student.familyName}</dd>
            <dt>Student ID</dt>
            <dd className="font-mono">{student.studentId}</dd>
            <dt>Grade</dt>
            <dd>{gradeCell(student.grade)}</dd>
            <dt>E-mail</dt>
            <dd className="break-all">{student.email ?? "None"}</dd>
            <dt>Status</dt>
            <dd>{student.status === "active" ? "Active" : "Inactive"}</dd>
          </dl>
        </section>
        <section className="card p-4" aria-labelledby="student-classes">
          <h2 id="student-classes" className="font-semibold text-slate-900">
            Classes
          </h2>
          {student.classes.length === 0 ? (
            <p className="mt-2 text-sm text-slate-700">Not on any class roster.</p>
          ) : (
            <ul className="mt-2 space-y-1 text-sm">
              {student.classes.map((schoolClass) => (
                <li key={schoolClass.id} className="flex items-center justify-between gap-2">
                  <Link to={`/admin/cohorts/${schoolClass.id}`} className="text-brand-700 hover:underline">
                    {schoolClass.name}
                  </Link>
                  <button
                    type="button"
                    className="btn-ghost px-2 text-sm text-red-700"
                    disabled={busy}
                    onClick={() => submitIntent({ intent: "unenroll", cohortId: schoolClass.id })}
                  >
                    Remove<span className="sr-only"> from {schoolClass.name}</span>
                  </button>
                </li>
              ))}
            </ul>
          )}
        </section>
      </div>

      <section className="card mt-4 p-4" aria-labelledby="student-accommodations">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <h2 id="student-accommodations" className="font-semibold text-slate-900">
            Accommodations
          </h2>
          <button type="button" className="btn-outline" onClick={() => setAccommodating(true)}>
            Edit Accommodations
          </button>
        </div>
        <p className="mt-2 text-sm text-slate-900" data-testid="student-accommodations">
          {accommodationsInWords(student.accommodations)}
        </p>
        {student.accommodations.notes ? <p className="mt-1 text-sm text-slate-700">{student.accommodations.notes}</p> : null}
        <p className="mt-1 text-xs text-slate-700">Tests started from now on use them; a class can set its own for the student on its roster page.</p>
      </section>

      <section className="card mt-4 overflow-x-auto p-4" aria-labelledby="student-sessions">
        <h2 id="student-sessions" className="font-semibold text-slate-900">
          Tests taken
        </h2>
        {sessions.length === 0 ? (
          <p className="mt-2 text-sm text-slate-700">No tests yet.</p>
        ) : (
          <table className="mt-2 w-full text-left text-sm">
            <caption className="sr-only">Every test session of {studentDisplayName(student)}, newest first</caption>
            <TableHeadings
              headings={["Date", "Test", { label: "Scale score", align: "right" }, { label: "Score", align: "right" }, "Status"]}
              cellClassName="py-2 pr-4"
            />
            <tbody className="text-slate-900">
              {sessions.map((session) => (
                <tr key={session.id} className="border-b border-slate-100 last:border-0" data-testid="student-session">
                  <td className="py-2 pr-4">
                    <LocalTime time={session.started} />
                  </td>
                  <td className="py-2 pr-4">
                    <Link to={`/admin/results/${session.id}`} className="text-brand-700 hover:underline">
                      {session.testTitle}
                    </Link>
                    <span className="text-slate-700"> · {session.mode}</span>
                  </td>
                  <td className="py-2 pr-4 text-right tabular-nums">{session.scaleScore ?? "–"}</td>
                  <td className="py-2 pr-4 text-right tabular-nums">{session.completed ? session.totalScore : "–"}</td>
                  <td className="py-2">
                    {session.completed ? "Completed" : "In Progress"}
                    {session.nonStandard ? <span className="block text-xs text-amber-900">Non-standard</span> : null}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </section>

      <ConfirmDialog
        open={deleting}
        onCancel={() => setDeleting(false)}
        onConfirm={() => submitIntent({ intent: "delete" })}
        busy={busy}
        title={`Delete ${studentDisplayName(student)}?`}
        description={`Their record, class memberships, ${sessions.length} test ${sessions.length === 1 ? "session" : "sessions"} with every answer, grade and chat will be erased for good. Download their data first if the family asked for a copy. The audit log keeps only that a deletion happened.`}
        confirmLabel="Delete Student and Data"
      />
      {accommodating ? (
        <AccommodationsDialog
          title={`Accommodations for ${studentDisplayName(student)}`}
          initial={student.accommodations}
          busy={busy}
          onClose={() => setAccommodating(false)}
          onSubmit={(values) => submitIntent({ intent: "accommodations", values })}
        />
      ) : null}
      {editing ? (
        <StudentDialog initial={student} busy={busy} onClose={() => setEditing(false)} onSubmit={(values) => submitIntent({ intent: "update", values })} />
      ) : null}
    </div>
  );
}
