import { Link } from "@remix-run/react";
import { Search } from "lucide-react";

import { LiveFilterForm } from "~/components/live-filter-form";
import { classMatchesNote, type StudentFilterValues, studentListSearch } from "~/domain/students/student";

type ClassChoice = { id: string; name: string };

/**
 * The class filter: a search of class names, never a list of every class (ADR 0049). Without
 * JavaScript it is a plain GET field; the students shown are those on the matching classes'
 * rosters, and each match is a link that narrows the list to that one class.
 */
function ClassSearch({
  values,
  classMatches,
  chosenClass,
}: {
  values: StudentFilterValues;
  classMatches: { classes: ClassChoice[]; more: boolean } | null;
  chosenClass: ClassChoice | null;
}) {
  const only = (cohortId: string) => `?${studentListSearch({ ...values, classq: "", cohortId })}`;
  return (
    <div className="sm:col-span-3" data-testid="class-search">
      {values.cohortId ? <input type="hidden" name="cohortId" value={values.cohortId} /> : null}
      <div id="students-class-hint" className="text-sm text-slate-700" aria-live="polite">
        {values.cohortId ? (
          <p>
            Showing the roster of {chosenClass ? <strong>{chosenClass.name}</strong> : "a class you cannot see"}.{" "}
            <Link to={only("")} className="text-brand-700 underline">
              Any class
            </Link>
          </p>
        ) : null}
        {classMatches ? <p>{classMatchesNote(values.classq.trim(), classMatches.classes.length, classMatches.more)}</p> : null}
        {classMatches && classMatches.classes.length > 0 ? (
          <ul className="mt-1 flex flex-wrap gap-x-4 gap-y-1" aria-label="Classes that match">
            {classMatches.classes.map((schoolClass) => (
              <li key={schoolClass.id}>
                <Link to={only(schoolClass.id)} className="inline-block py-0.5 text-brand-700 underline">
                  {schoolClass.name}
                </Link>
              </li>
            ))}
          </ul>
        ) : null}
      </div>
    </div>
  );
}

/** Name or ID, class (a search of class names) and grade, in the URL and applied as the teacher types. */
export function StudentFilters({
  values,
  classMatches,
  chosenClass,
  grades,
}: {
  values: StudentFilterValues;
  classMatches: { classes: ClassChoice[]; more: boolean } | null;
  chosenClass: ClassChoice | null;
  grades: string[];
}) {
  return (
    <LiveFilterForm values={values} textField={["q", "classq"]} toSearch={studentListSearch} label="Filter students">
      <div className="relative">
        <label htmlFor="students-q" className="label">
          Search
        </label>
        <Search aria-hidden="true" className="pointer-events-none absolute bottom-2.5 left-3 size-4 text-slate-500" />
        <input id="students-q" name="q" type="search" maxLength={100} placeholder="Name or student ID" className="input mt-1 pl-9" defaultValue={values.q} />
      </div>
      <div>
        <label htmlFor="students-class" className="label">
          Class
        </label>
        <input
          id="students-class"
          name="classq"
          type="search"
          maxLength={100}
          placeholder="Search class names"
          className="input mt-1"
          defaultValue={values.classq}
          aria-describedby={values.cohortId || classMatches ? "students-class-hint" : undefined}
        />
      </div>
      <div>
        <label htmlFor="students-grade" className="label">
          Grade
        </label>
        <select id="students-grade" name="grade" className="input mt-1" defaultValue={values.grade}>
          <option value="">All Grades</option>
          {grades.map((grade) => (
            <option key={grade} value={grade}>
              {grade}
            </option>
          ))}
        </select>
      </div>
      {values.cohortId || classMatches ? <ClassSearch values={values} classMatches={classMatches} chosenClass={chosenClass} /> : null}
    </LiveFilterForm>
  );
}
