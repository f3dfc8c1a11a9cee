/** At least one competency, one of them primary. */
export type CompetencyOption = { id: string; description: string };

export function CompetencyPicker({
  competencies,
  selected,
  primary,
  onChange,
  error,
}: {
  competencies: CompetencyOption[];
  selected: string[];
  primary: string | null;
  onChange: (selected: string[], primary: string | null) => void;
  error?: string;
}) {
  const toggle = (id: string, checked: boolean) => {
    const next = checked ? [...selected, id] : selected.filter((value) => value !== id);
    const nextPrimary = next.includes(primary ?? "") ? primary : (next[0] ?? null);
    onChange(next, nextPrimary);
  };
  return (
    <fieldset aria-describedby={error ? "competencies-error" : undefined}>
      <legend className="label">Competencies</legend>
      {competencies.length === 0 ? (
        <p className="mt-1 text-sm text-slate-700">
          No competencies yet. Create them in{" "}
          <a className="text-brand-700 underline" href="/admin/competencies">
            Competencies
          </a>{" "}
          first.
        </p>
      ) : (
        <ul className="mt-2 max-h-48 space-y-1 overflow-y-auto rounded-md border border-slate-200 p-2">
          {competencies.map((competency) => {
            const checked = selected.includes(competency.id);
            return (
              <li key={competency.id} className="flex items-center justify-between gap-2">
                <label className="flex items-center gap-2 text-sm">
                  <input type="checkbox" className="size-4" checked={checked} onChange={(event) => toggle(competency.id, event.target.checked)} />
                  {competency.description}
                </label>
                {checked ? (
                  <label className="flex items-center gap-1 text-xs text-slate-700">
                    <input
                      type="radio"
                      name="primaryCompetency"
                      className="size-4"
                      checked={primary === competency.id}
                      onChange={() => onChange(selected, competency.id)}
                    />
                    Primary
                  </label>
                ) : null}
              </li>
            );
          })}
        </ul>
      )}
      {error ? (
        <p id="competencies-error" className="mt-1 text-sm text-red-700">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}
