import { Search } from "lucide-react";

import { LiveFilterForm } from "~/components/live-filter-form";
import { type StudentFilterValues, studentListSearch } from "~/domain/students/student";

/** Name or ID, class and grade, in the URL and applied as the teacher types. */
export function StudentFilters({ values, classes, grades }: { values: StudentFilterValues; classes: { id: string; name: string }[]; grades: string[] }) {
  return (
    <LiveFilterForm values={values} textField="q" toSearch={studentListSearch} label="Filter students">
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
        <select id="students-class" name="cohortId" className="input mt-1" defaultValue={values.cohortId}>
          <option value="">All Classes</option>
          {classes.map((schoolClass) => (
            <option key={schoolClass.id} value={schoolClass.id}>
              {schoolClass.name}
            </option>
          ))}
        </select>
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
    </LiveFilterForm>
  );
}
