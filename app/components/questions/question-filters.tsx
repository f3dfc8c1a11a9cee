import { Search } from "lucide-react";

import { QUESTION_TYPE_LABELS } from "~/components/assessments/question-label";
import { CONTENT_LANGUAGE_LABELS, CONTENT_LANGUAGES } from "~/domain/questions/content-language";
import type { QuestionFilterValues } from "~/domain/questions/question-list";
import { DIFFICULTIES, QUESTION_TYPES } from "~/domain/questions/question-types";

/**
 * The search icon leaves its drawing attributes to the nav-icon class, as the sidebar's do: the bank
 * page is near its 50 kB HTML budget (ADR 0007), and the language filter needed the room.
 */
const DRAWN_BY_CSS = { xmlns: undefined, fill: undefined, stroke: undefined, strokeLinecap: undefined, strokeLinejoin: undefined } as const;

/**
 * Search, type, difficulty and language controls, shared by the question bank and the Add Questions dialog.
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
  const select = (name: "type" | "difficulty" | "language", label: string, anyLabel: string, options: readonly string[], text: (value: string) => string) => (
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
        <Search aria-hidden="true" className="nav-icon pointer-events-none absolute bottom-2.5 left-3 size-4 text-slate-500" {...DRAWN_BY_CSS} />
        <input id={`${idPrefix}-search`} type="search" maxLength={200} className="input mt-1 pl-9" {...bind("search")} />
      </div>
      {select("type", "Type", "All types", QUESTION_TYPES, (value) => QUESTION_TYPE_LABELS[value as keyof typeof QUESTION_TYPE_LABELS])}
      {select("difficulty", "Difficulty", "All difficulties", DIFFICULTIES, (value) => value)}
      {select("language", "Language", "All languages", CONTENT_LANGUAGES, (value) => CONTENT_LANGUAGE_LABELS[value as keyof typeof CONTENT_LANGUAGE_LABELS])}
    </>
  );
}
