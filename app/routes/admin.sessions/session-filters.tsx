import { Search } from "lucide-react";

import { LiveFilterForm } from "~/components/live-filter-form";
import { type SessionFilterValues, sessionListSearch } from "~/domain/sessions/session-list";

/** Test, Student Name (the name or the ID, ADR 0016) and Status, in the URL and applied as the teacher types. */
export function SessionFilters({ values, tests }: { values: SessionFilterValues; tests: { id: string; title: string }[] }) {
  return (
    <LiveFilterForm values={values} textField="student" toSearch={sessionListSearch} label="Filter sessions">
      <div>
        <label htmlFor="sessions-test" className="label">
          Test
        </label>
        <select id="sessions-test" name="test" className="input mt-1" defaultValue={values.test}>
          <option value="">All Tests</option>
          {tests.map((test) => (
            <option key={test.id} value={test.id}>
              {test.title}
            </option>
          ))}
        </select>
      </div>
      <div className="relative">
        <label htmlFor="sessions-student" className="label">
          Student Name
        </label>
        <Search aria-hidden="true" className="pointer-events-none absolute bottom-2.5 left-3 size-4 text-slate-500" />
        <input
          id="sessions-student"
          name="student"
          type="search"
          maxLength={200}
          placeholder="Name or student ID"
          className="input mt-1 pl-9"
          defaultValue={values.student}
        />
      </div>
      <div>
        <label htmlFor="sessions-status" className="label">
          Status
        </label>
        <select id="sessions-status" name="status" className="input mt-1" defaultValue={values.status}>
          <option value="all">All Statuses</option>
          <option value="completed">Completed</option>
          <option value="in_progress">In Progress</option>
        </select>
      </div>
    </LiveFilterForm>
  );
}
