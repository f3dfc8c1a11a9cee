import { Search } from "lucide-react";

import { QUESTION_TYPE_LABELS } from "~/components/tests/question-label";
import type { QuestionFilterValues } from "~/domain/questions/question-filter";
import { DIFFICULTIES, QUESTION_TYPES } from "~/domain/questions/question-types";

/** Search, type and difficulty controls, shared by the question bank and the Add Questions dialog. */
export function QuestionFilters({
  idPrefix,
  values,
  onChange,
}: {
  idPrefix: string;
  values: QuestionFilterValues;
  onChange: (name: keyof QuestionFilterValues, value: string) => void;
}) {
  const select = (name: "type" | "difficulty", label: string, anyLabel: string, options: readonly string[], text: (value: string) => string) => (
    <div>
      <label htmlFor={`${idPrefix}-${name}`} className="label">
        {label}
      </label>
      <select id={`${idPrefix}-${name}`} className="input mt-1" value={values[name]} onChange={(event) => onChange(name, event.target.value)}>
        <option value="all">{anyLabel}</option>
        {options.map((value) => (
          <option key={value} value={value}>
            {text(value)}
          </option>
        ))}
      </select>
    </div>
  );
  return (
    <>
      <div className="relative">
        <label htmlFor={`${idPrefix}-search`} className="label">
          Search
        </label>
        <Search aria-hidden="true" className="pointer-events-none absolute bottom-2.5 left-3 size-4 text-slate-500" />
        <input
          id={`${idPrefix}-search`}
          type="search"
          className="input mt-1 pl-9"
          value={values.search}
          onChange={(event) => onChange("search", event.target.value)}
        />
      </div>
      {select("type", "Type", "All types", QUESTION_TYPES, (value) => QUESTION_TYPE_LABELS[value as keyof typeof QUESTION_TYPE_LABELS])}
      {select("difficulty", "Difficulty", "All difficulties", DIFFICULTIES, (value) => value)}
    </>
  );
}
