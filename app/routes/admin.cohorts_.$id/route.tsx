import { type ActionFunctionArgs, json, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Link, useFetcher, useLoaderData } from "@remix-run/react";
import { Activity, IdCard, Search, TrendingUp } from "lucide-react";
import { useEffect, useRef, useState } from "react";

import { useActionResult, useIntentFetcher } from "~/components/action-result";
import { BackLink, PageHeader } from "~/components/page-header";
import { AccommodationsDialog } from "~/components/students/accommodations-dialog";
import { TableHeadings } from "~/components/table-headings";
import { accommodationsInWords } from "~/domain/accommodations/accommodations";
import { allows } from "~/domain/auth/policy";
import { rosterSearchStatus } from "~/domain/classes/class";
import { ROSTER_MESSAGES, rosterActionSchema } from "~/domain/classes/screen-actions";
import { gradeCell } from "~/domain/grade-label";
import { NOT_FOUND } from "~/domain/shell/not-found";
import { studentDisplayName } from "~/domain/students/student";
import { listAccounts } from "~/features/accounts/use-cases.server";
import { addClassTeacher, removeClassTeacher } from "~/features/classes/use-cases.server";
import { enrollStudent, unenrollStudent } from "~/features/students/use-cases.server";
import { assertNever } from "~/lib/assert-never";
import { found } from "~/lib/errors";
import { setRosterAccommodations } from "~/models/accommodations.server";
import { findClass, listClassTeachers } from "~/models/classes.server";
import { listRoster } from "~/models/students.server";
import { handleAction } from "~/services/action.server";
import { requireAllowed } from "~/services/auth.server";
import { notFoundPage } from "~/services/http-errors.server";

import type { loader as studentsScreen } from "../admin.students._index/route";

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: `${data?.cohort.name ?? "Class"} · Class Management · Adaptive Testing Engine` }];

const BACK = { to: "/admin/cohorts", label: "Back to Classes" };

/** A class's page: who may join it and its roster. */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const { user, scope } = await requireAllowed(request, context, "read", "class");
  const id = params.id ?? "";
  // Who teaches a class is a district admin's choice (ADR 0040): only they get the staff to choose from.
  const managesTeachers = allows(user, "manage-roles", "accounts");
  const [schoolClass, roster, teachers, accounts] = await Promise.all([
    findClass(context.db, id, scope),
    listRoster(context.db, id, scope),
    listClassTeachers(context.db, id, scope),
    managesTeachers ? listAccounts(context, user) : [],
  ]);
  if (!schoolClass || !roster) throw notFoundPage(NOT_FOUND.cohort, BACK);
  const staff = accounts
    .filter((account) => account.role !== "student")
    .map(({ id: accountId, email, firstName, lastName }) => ({ id: accountId, email, firstName, lastName }));
  return json({ cohort: schoolClass, roster, teachers, managesTeachers, staff });
}

export async function action({ request, context, params }: ActionFunctionArgs) {
  const { user: teacher, scope } = await requireAllowed(request, context, "write", "class");
  const classId = params.id ?? "";
  return handleAction(request, rosterActionSchema, ROSTER_MESSAGES, async (input) => {
    switch (input.intent) {
      case "enroll":
        await enrollStudent(context, teacher, { cohortId: classId, studentId: input.studentId });
        return;
      case "unenroll":
        await unenrollStudent(context, teacher, { cohortId: classId, studentId: input.studentId });
        return;
      case "add-teacher":
        await addClassTeacher(context, teacher, { cohortId: classId, userId: input.userId });
        return;
      case "remove-teacher":
        await removeClassTeacher(context, teacher, { cohortId: classId, userId: input.userId });
        return;
      case "accommodations": {
        found(await findClass(context.db, classId, scope), NOT_FOUND.cohort);
        const { intent: _intent, ...body } = input;
        const result = found(await setRosterAccommodations(context.db, teacher, classId, body, scope), NOT_FOUND.cohort);
        return {
          data: undefined,
          toast: { title: "Accommodations saved", description: `${result.changed} ${result.changed === 1 ? "student" : "students"} updated.` },
        };
      }
      default:
        return assertNever(input);
    }
  });
}

type Person = { id: string; email: string; firstName: string | null; lastName: string | null };
const nameOf = (person: Person) => [person.firstName, person.lastName].filter(Boolean).join(" ") || person.email;

/** The class's teachers; a district admin (given `staff`) adds one from the staff accounts or removes one. */
function ClassTeachers({
  teachers,
  staff,
  busy,
  onAdd,
  onRemove,
}: {
  teachers: Person[];
  staff: Person[] | null;
  busy: boolean;
  onAdd: (userId: string) => void;
  onRemove: (userId: string) => void;
}) {
  const [choice, setChoice] = useState("");
  if (!staff) {
    if (!teachers.length) return null;
    return (
      <p className="mt-4 text-sm text-slate-700" data-testid="class-teachers">
        {teachers.length === 1 ? "Teacher: " : "Teachers: "}
        <span className="text-slate-900">{teachers.map(nameOf).join(", ")}</span>
      </p>
    );
  }
  const candidates = staff.filter((account) => !teachers.some((teacher) => teacher.id === account.id));
  return (
    <section className="card mt-6 p-4" aria-labelledby="teachers-heading" data-testid="class-teachers">
      <h2 id="teachers-heading" className="font-semibold text-slate-900">
        Teachers <span className="font-normal text-slate-700">({teachers.length})</span>
      </h2>
      {teachers.length ? (
        <ul className="mt-2 space-y-1 text-sm">
          {teachers.map((teacher) => (
            <li key={teacher.id} className="flex items-center justify-between gap-3">
              <span className="min-w-0 break-words">
                {nameOf(teacher)} <span className="text-slate-700">· {teacher.email}</span>
              </span>
              <button
                type="button"
                className="btn-outline"
                disabled={busy}
                aria-label={`Remove ${nameOf(teacher)} from this class`}
                onClick={() => onRemove(teacher.id)}
              >
                Remove
              </button>
            </li>
          ))}
        </ul>
      ) : (
        <p className="mt-2 text-sm text-slate-700">No teachers besides the class&apos;s creator. Add one to give them this class and its students.</p>
      )}
      <form
        className="mt-3 flex flex-wrap items-end gap-2"
        onSubmit={(event) => {
          event.preventDefault();
          if (choice) onAdd(choice);
          setChoice("");
        }}
      >
        <div className="w-full sm:w-72">
          <label htmlFor="add-teacher" className="label">
            Add a teacher
          </label>
          <select id="add-teacher" className="input mt-1" value={choice} onChange={(event) => setChoice(event.target.value)}>
            <option value="">Choose a teacher…</option>
            {candidates.map((account) => (
              <option key={account.id} value={account.id}>
                {nameOf(account)} ({account.email})
              </option>
            ))}
          </select>
        </div>
        <button type="submit" className="btn-outline" disabled={busy || !choice}>
          Add
        </button>
      </form>
    </section>
  );
}

export default function ClassRoster() {
  const { cohort: schoolClass, roster, teachers, managesTeachers, staff } = useLoaderData<typeof loader>();
  const { fetcher, busy, submitIntent } = useIntentFetcher();
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const [accommodating, setAccommodating] = useState(false);
  const [target, setTarget] = useState<"records" | "class">("records");
  useActionResult(fetcher, { onSuccess: () => setAccommodating(false) });
  // After a roster add, focus moves to the added student's row once it shows (not to <body>, where the search's button was).
  const added = useRef<string | null>(null);
  useEffect(() => {
    const id = added.current;
    if (!id || !roster.some((student) => student.id === id)) return;
    document.getElementById(`roster-row-${id}`)?.focus();
    added.current = null;
  }, [roster]);
  const allSelected = roster.length > 0 && roster.every((student) => selected.has(student.id));
  const toggle = (id: string) =>
    setSelected((current) => {
      const next = new Set(current);
      if (!next.delete(id)) next.add(id);
      return next;
    });

  return (
    <div className="mx-auto max-w-5xl">
      <BackLink {...BACK} />
      <PageHeader
        title={schoolClass.name}
        subtitle={
          <>
            Join code <span className="font-mono font-semibold tracking-wider text-slate-900">{schoolClass.joinCode}</span> ·{" "}
            {schoolClass.access === "rostered"
              ? "Rostered: only the students on the roster can join"
              : "Open: anyone with the code can join with a name and ID"}
          </>
        }
        actions={
          <div className="flex flex-wrap gap-2">
            <Link to={`/admin/cohorts/${schoolClass.id}/live`} className="btn-outline">
              <Activity aria-hidden="true" className="size-4" /> Live
            </Link>
            <Link to={`/admin/cohorts/${schoolClass.id}/growth`} className="btn-outline">
              <TrendingUp aria-hidden="true" className="size-4" /> Growth
            </Link>
            <Link to={`/admin/cohorts/${schoolClass.id}/badges`} className="btn-outline">
              <IdCard aria-hidden="true" className="size-4" /> Badges
            </Link>
          </div>
        }
      />

      <ClassTeachers
        teachers={teachers}
        staff={managesTeachers ? staff : null}
        busy={busy}
        onAdd={(userId) => submitIntent({ intent: "add-teacher", userId })}
        onRemove={(userId) => submitIntent({ intent: "remove-teacher", userId })}
      />

      <section className="card mt-6 overflow-x-auto p-4" aria-labelledby="roster-heading">
        <div className="flex flex-wrap items-end justify-between gap-3">
          <h2 id="roster-heading" className="font-semibold text-slate-900">
            Roster <span className="font-normal text-slate-700">({roster.length})</span>
          </h2>
          <AddToRoster
            rosterIds={roster.map((student) => student.id)}
            busy={busy}
            onAdd={(studentId) => {
              added.current = studentId;
              submitIntent({ intent: "enroll", studentId });
            }}
          />
        </div>
        {roster.length === 0 ? (
          <p className="mt-3 text-sm text-slate-700">
            No students on the roster yet. Add them here, or import a roster on the <Link to="/admin/students">Students</Link> page.
          </p>
        ) : (
          <>
            <div className="mt-3 flex flex-wrap items-center gap-3">
              <label className="flex min-h-6 items-center gap-2 text-sm text-slate-900">
                <input
                  type="checkbox"
                  className="size-5"
                  checked={allSelected}
                  onChange={() => setSelected(allSelected ? new Set() : new Set(roster.map((student) => student.id)))}
                />
                Select all
              </label>
              <button type="button" className="btn-outline" disabled={selected.size === 0} onClick={() => setAccommodating(true)}>
                Set Accommodations{selected.size ? ` (${selected.size})` : ""}
              </button>
              <button
                type="button"
                className="btn-ghost"
                disabled={selected.size === 0 || busy}
                onClick={() => submitIntent({ intent: "accommodations", studentIds: [...selected], target: "class", accommodations: null })}
              >
                Use Records&apos; Accommodations in This Class
              </button>
            </div>
            <table className="mt-3 w-full text-left text-sm">
              <caption className="sr-only">The class&apos;s roster, by family name</caption>
              <TableHeadings
                headings={[{ label: "Select", hidden: true }, "Name", "Student ID", "Grade", "Accommodations", { label: "Actions", hidden: true }]}
                cellClassName="py-2 pr-4"
              />
              <tbody className="text-slate-900">
                {roster.map((student) => (
                  <tr
                    key={student.id}
                    id={`roster-row-${student.id}`}
                    tabIndex={-1}
                    className="border-b border-slate-100 last:border-0"
                    data-testid="roster-row"
                  >
                    <td className="py-2 pr-2">
                      <input
                        type="checkbox"
                        className="size-5"
                        aria-label={`Select ${studentDisplayName(student)}`}
                        checked={selected.has(student.id)}
                        onChange={() => toggle(student.id)}
                      />
                    </td>
                    <td className="py-2 pr-4">
                      <Link to={`/admin/students/${student.id}`} className="font-medium text-brand-700 hover:underline">
                        {`${student.familyName}, ${student.givenName}`}
                      </Link>
                    </td>
                    <td className="py-2 pr-4 font-mono">{student.studentId}</td>
                    <td className="py-2 pr-4">{gradeCell(student.grade)}</td>
                    <td className="py-2 pr-4" data-testid="roster-accommodations">
                      {accommodationsInWords(student.classAccommodations ?? student.accommodations)}
                      {student.classAccommodations ? <span className="block text-xs text-slate-700">Set for this class</span> : null}
                    </td>
                    <td className="py-2 text-right">
                      <button
                        type="button"
                        className="btn-ghost px-2 text-sm text-red-700"
                        disabled={busy}
                        onClick={() => submitIntent({ intent: "unenroll", studentId: student.id })}
                      >
                        Remove<span className="sr-only"> {studentDisplayName(student)}</span>
                      </button>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </>
        )}
      </section>
      {accommodating ? (
        <AccommodationsDialog
          title={`Accommodations for ${selected.size} ${selected.size === 1 ? "student" : "students"}`}
          initial={null}
          busy={busy}
          onClose={() => setAccommodating(false)}
          onSubmit={(accommodations) => submitIntent({ intent: "accommodations", studentIds: [...selected], target, accommodations })}
          extra={
            <fieldset className="space-y-1">
              <legend className="label">Where</legend>
              <label className="flex min-h-6 items-center gap-2 text-sm text-slate-900">
                <input type="radio" name="accommodation-target" className="size-5" checked={target === "records"} onChange={() => setTarget("records")} />
                On their student records (every class)
              </label>
              <label className="flex min-h-6 items-center gap-2 text-sm text-slate-900">
                <input type="radio" name="accommodation-target" className="size-5" checked={target === "class"} onChange={() => setTarget("class")} />
                In {schoolClass.name} only
              </label>
            </fieldset>
          }
        />
      ) : null}
    </div>
  );
}

/** Finds a student by name or ID (the Students screen's own search, read by a fetcher) and puts them on the roster. */
function AddToRoster({ rosterIds, busy, onAdd }: { rosterIds: string[]; busy: boolean; onAdd: (studentId: string) => void }) {
  const [term, setTerm] = useState("");
  const search = useFetcher<typeof studentsScreen>();
  const { load } = search;
  useEffect(() => {
    if (!term.trim()) return;
    const timer = setTimeout(() => load(`/admin/students?index&${new URLSearchParams({ q: term.trim() })}`), 250);
    return () => clearTimeout(timer);
  }, [term, load]);
  const found = term.trim() && search.data ? search.data.students.filter((student) => !rosterIds.includes(student.id)) : [];

  return (
    <div className="relative w-full max-w-sm">
      <label htmlFor="roster-add" className="label">
        Add a student
      </label>
      <Search aria-hidden="true" className="pointer-events-none absolute left-3 top-9 size-4 text-slate-500" />
      <input
        id="roster-add"
        type="search"
        className="input mt-1 pl-9"
        placeholder="Name or student ID"
        autoComplete="off"
        value={term}
        onChange={(event) => setTerm(event.target.value)}
      />
      {/* Always in the page, so its text changing is announced; empty until a search has answered. */}
      <p role="status" className="sr-only">
        {term.trim() && search.data && search.state === "idle" ? rosterSearchStatus(Math.min(found.length, 10)) : ""}
      </p>
      {found.length ? (
        <ul className="absolute z-10 mt-1 max-h-64 w-full overflow-y-auto rounded-md border border-slate-200 bg-white shadow-lg" aria-label="Students found">
          {found.slice(0, 10).map((student) => (
            <li key={student.id} className="flex items-center justify-between gap-2 px-3 py-2 text-sm">
              <span className="text-slate-900">
                {studentDisplayName(student)} <span className="font-mono text-slate-700">{student.studentId}</span>
              </span>
              <button
                type="button"
                className="btn-outline px-2 py-1 text-sm"
                disabled={busy}
                onClick={() => {
                  onAdd(student.id);
                  setTerm("");
                }}
              >
                Add<span className="sr-only"> {studentDisplayName(student)}</span>
              </button>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
