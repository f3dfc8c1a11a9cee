import { useFetcher } from "@remix-run/react";
import { useEffect, useRef, useState } from "react";

type ClassChoice = { id: string; name: string };

/** A pause in typing before the classes are searched. */
const SEARCH_DEBOUNCE_MS = 300;

/**
 * The import dialog's class: found by searching class names through the Students page's own
 * loader (its `classq` matches), so the page never carries every class (ADR 0049). The chosen
 * class stays a choice while the search changes.
 */
export function ClassPicker({ value, onChange }: { value: string; onChange: (classId: string) => void }) {
  const fetcher = useFetcher<{ classMatches: { classes: ClassChoice[]; more: boolean } | null }>();
  const [search, setSearch] = useState("");
  const [chosen, setChosen] = useState<ClassChoice | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  const matches = search.trim() ? (fetcher.data?.classMatches?.classes ?? []) : [];
  const choices = chosen && !matches.some((match) => match.id === chosen.id) ? [chosen, ...matches] : matches;
  const find = (text: string) => {
    setSearch(text);
    clearTimeout(timer.current);
    if (text.trim()) timer.current = setTimeout(() => fetcher.load(`/admin/students?index&classq=${encodeURIComponent(text.trim())}`), SEARCH_DEBOUNCE_MS);
  };
  const choose = (classId: string) => {
    setChosen(choices.find((choice) => choice.id === classId) ?? null);
    onChange(classId);
  };

  return (
    <div>
      <label htmlFor="import-csv-class-search" className="label">
        Add them to a class roster (optional): find the class
      </label>
      <input
        id="import-csv-class-search"
        type="search"
        maxLength={100}
        className="input mt-1"
        placeholder="Search class names"
        value={search}
        onChange={(event) => find(event.target.value)}
      />
      <label htmlFor="import-csv-class" className="label mt-2">
        Class
      </label>
      <select id="import-csv-class" className="input mt-1" value={value} onChange={(event) => choose(event.target.value)}>
        <option value="">No class</option>
        {choices.map((schoolClass) => (
          <option key={schoolClass.id} value={schoolClass.id}>
            {schoolClass.name}
          </option>
        ))}
      </select>
      <p className="mt-1 text-xs text-slate-700" aria-live="polite">
        {search.trim() && fetcher.data?.classMatches
          ? `${matches.length}${fetcher.data.classMatches.more ? "+" : ""} ${matches.length === 1 ? "class matches" : "classes match"}.`
          : null}
      </p>
    </div>
  );
}
