import { Search } from "lucide-react";

import { QUESTION_TYPE_LABELS } from "~/components/assessments/question-label";
import type { QuestionFilterValues } from "~/domain/questions/question-list";
import { DIFFICULTIES, QUESTION_TYPES } from "~/domain/questions/question-types";

/**
 * Search, type and difficulty controls, shared by the question bank and the Add Questions dialog.
 * Their names are the list's URL search params, so inside a `<Form method="get">` they work
 * without JavaScript. With `onChange` they are controlled; without it they start at `values`
 * and the surrounding form reads them.
 */
export function QuestionFilters({
  idPrefix,
  values,
  onChange,
}: {
  idPrefix: string;
  values: QuestionFilterValues;
  onChange?: (name: keyof QuestionFilterValues, value: string) => void;
}) {
  const bind = (name: keyof QuestionFilterValues) =>
    onChange
      ? { name, value: values[name], onChange: (event: { target: { value: string } }) => onChange(name, event.target.value) }
      : { name, defaultValue: values[name] };
  const select = (name: "type" | "difficulty", label: string, anyLabel: string, options: readonly string[], text: (value: string) => string) => (
    <div>
      <label htmlFor={`${idPrefix}-${name}`} className="label">
        {label}
      </label>
      <select id={`${idPrefix}-${name}`} className="input mt-1" {...bind(name)}>
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
        <input id={`${idPrefix}-search`} type="search" maxLength={200} className="input mt-1 pl-9" {...bind("search")} />
      </div>
      {select("type", "Type", "All types", QUESTION_TYPES, (value) => QUESTION_TYPE_LABELS[value as keyof typeof QUESTION_TYPE_LABELS])}
      {select("difficulty", "Difficulty", "All difficulties", DIFFICULTIES, (value) => value)}
    </>
  );
}
