import { type ActionFunctionArgs, json, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Link, useLoaderData, useNavigation } from "@remix-run/react";
import { FileUp, Plus } from "lucide-react";
import { useState } from "react";

import { useActionResult, useIntentFetcher } from "~/components/action-result";
import { BackLink, PageHeader } from "~/components/page-header";
import { Pagination } from "~/components/questions/pagination";
import { StudentDialog } from "~/components/students/student-dialog";
import { TableHeadings } from "~/components/table-headings";
import { allows } from "~/domain/auth/policy";
import { gradeCell } from "~/domain/grade-label";
import { pageSummary } from "~/domain/questions/question-list";
import { STUDENTS_MESSAGES, studentsActionSchema } from "~/domain/students/screen-actions";
import {
  CLASS_MATCHES_SHOWN,
  readStudentScreenQuery,
  STUDENT_COUNT_CAP,
  studentDisplayName,
  studentListSearch,
  studentTotalText,
  TOO_MANY_STUDENTS,
} from "~/domain/students/student";
import { createStudent, importOneRoster, importRosterCsv } from "~/features/students/use-cases.server";
import { assertNever } from "~/lib/assert-never";
import { findClassChoice, searchClassChoices } from "~/models/classes.server";
import { listGrades, listStudents } from "~/models/student-list.server";
import { handleAction } from "~/services/action.server";
import { requireAllowed } from "~/services/auth.server";
import { screenLocale } from "~/services/locale.server";

import { ImportDialog, type ImportResult } from "./import-dialog";
import { StudentFilters } from "./student-filters";

export const meta: MetaFunction = () => [{ title: "Students · Adaptive Testing Engine" }];

/** One page of the students, searched, filtered and paged in SQL from the URL. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const { user: teacher, scope } = await requireAllowed(request, context, "read", "student");
  const { query, values } = readStudentScreenQuery(new URL(request.url).searchParams);
  // The classes whose names match the class search, and the one chosen: never every class (ADR 0049).
  const [page, classMatches, chosenClass, grades] = await Promise.all([
    listStudents(context.db, query, scope),
    query.className ? searchClassChoices(context.db, scope, query.className, CLASS_MATCHES_SHOWN) : null,
    query.cohortId ? findClassChoice(context.db, scope, query.cohortId) : null,
    listGrades(context.db),
  ]);
  return json({
    students: page.students,
    summary: pageSummary(page.page, page.pageSize, page.total, page.students.length, page.totalIsAtLeast),
    totalText: studentTotalText(page.total, page.totalIsAtLeast),
    values,
    classMatches,
    chosenClass,
    grades,
    canImportBundles: allows(teacher, "import", "district-roster"),
  });
}

export async function action({ request, context }: ActionFunctionArgs) {
  const { user: teacher } = await requireAllowed(request, context, "import", "roster");
  // A OneRoster import too large for one request answers the job writing it (ADR 0047). Its rows'
  // reasons are written in the screen's language: English on a staff screen (ADR 0045).
  const locale = screenLocale(request);
  return handleAction<typeof studentsActionSchema, ImportResult>(request, studentsActionSchema, STUDENTS_MESSAGES, async (input) => {
    switch (input.intent) {
      case "create":
        await createStudent(context, teacher, input.values);
        return;
      case "import-csv":
        return { data: await importRosterCsv(context, teacher, { csv: input.csv, cohortId: input.cohortId ?? null, apply: input.apply === "1", locale }) };
      case "import-oneroster":
        return {
          data: await importOneRoster(context, teacher, {
            file: input.file as FormDataEntryValue | undefined,
            apply: input.apply === "1",
            recreateDeleted: input.recreateDeleted,
            locale,
          }),
        };
      default:
        return assertNever(input);
    }
  });
}

export default function Students() {
  const { students, summary, totalText, values, classMatches, chosenClass, grades, canImportBundles } = useLoaderData<typeof loader>();
  const navigation = useNavigation();
  const loading = navigation.state === "loading" && navigation.location.pathname === "/admin/students";
  const { fetcher, busy, submitIntent } = useIntentFetcher();
  const [dialog, setDialog] = useState<"add" | "import" | null>(null);
  useActionResult(fetcher, { onSuccess: () => setDialog(null) });

  return (
    <div className="mx-auto max-w-6xl">
      <BackLink to="/admin/cohorts" label="Back to Classes" />
      <PageHeader
        title="Students"
        subtitle="Every student on the district's rosters: find one by name or ID to see their classes and tests"
        actions={
          <div className="flex flex-wrap gap-2">
            {canImportBundles ? (
              <>
                <Link to="/admin/audit" className="btn-ghost">
                  Audit Log
                </Link>
                <Link to="/admin/privacy" className="btn-ghost">
                  Data &amp; Privacy
                </Link>
                <Link to="/admin/staff" className="btn-ghost">
                  Accounts &amp; Roles
                </Link>
                <Link to="/admin/windows" className="btn-ghost">
                  Testing Windows
                </Link>
              </>
            ) : null}
            <button type="button" className="btn-outline" onClick={() => setDialog("import")}>
              <FileUp aria-hidden="true" className="size-4" /> Import
            </button>
            <button type="button" className="btn-primary" onClick={() => setDialog("add")}>
              <Plus aria-hidden="true" className="size-4" /> Add Student
            </button>
          </div>
        }
      />

      <StudentFilters values={values} classMatches={classMatches} chosenClass={chosenClass} grades={grades} />

      <div aria-live="polite" className="mt-4 min-h-6 text-sm text-slate-700">
        {loading ? "Loading students..." : summary.total > STUDENT_COUNT_CAP ? <span data-testid="too-many-students">{TOO_MANY_STUDENTS}</span> : null}
      </div>

      {students.length === 0 ? (
        <p className="card mt-2 p-8 text-center text-slate-700">
          {summary.total === 0 && !values.q && !values.classq && !values.cohortId && !values.grade
            ? "No students yet. Add them one by one, or import a roster CSV or your district's OneRoster bundle."
            : "No students match these filters."}
        </p>
      ) : (
        <div className={`card mt-2 overflow-x-auto ${loading ? "opacity-60" : ""}`} aria-busy={loading}>
          <table className="w-full text-left text-sm">
            <caption className="sr-only">Students, by family name</caption>
            <TableHeadings headings={["Name", "Student ID", "Grade", "Status"]} cellClassName="px-4 py-2" />
            <tbody>
              {students.map((student) => (
                <tr key={student.id} className="border-b border-slate-100 last:border-0" data-testid="student-row">
                  <td className="px-4 py-2">
                    <Link to={`/admin/students/${student.id}`} className="font-medium text-brand-700 hover:underline">
                      {`${student.familyName}, ${student.givenName}`}
                    </Link>
                    <span className="sr-only"> ({studentDisplayName(student)})</span>
                  </td>
                  <td className="px-4 py-2 font-mono text-slate-900">{student.studentId}</td>
                  <td className="px-4 py-2 text-slate-900">{gradeCell(student.grade)}</td>
                  <td className="px-4 py-2 text-slate-900">{student.status === "active" ? "Active" : "Inactive"}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}

      <footer className="mt-6 flex flex-wrap items-center justify-between gap-3">
        <p className="text-sm text-slate-700" data-testid="students-count">{`Showing ${students.length} of ${totalText} students`}</p>
        {summary.pageCount > 1 ? (
          <Pagination summary={summary} showCount={false} label="Student pages" href={(page) => `?${studentListSearch(values, page)}`} />
        ) : null}
      </footer>

      {dialog === "add" ? (
        <StudentDialog initial={null} busy={busy} onClose={() => setDialog(null)} onSubmit={(values) => submitIntent({ intent: "create", values })} />
      ) : null}
      {dialog === "import" ? <ImportDialog bundles={canImportBundles} onClose={() => setDialog(null)} /> : null}
    </div>
  );
}
