/** What a roster import did or would do, as the dialog shows it: a table by kind, then each refused row. */
export type ImportOutcome = {
  applied: boolean;
  created: Record<string, number>;
  updated: Record<string, number>;
  unchanged: Record<string, number>;
  removed?: Record<string, number>;
  refused: { file?: string; line: number; reason: string }[];
};

const KINDS: { key: string; label: string }[] = [
  { key: "classes", label: "Classes" },
  { key: "students", label: "Students" },
  { key: "enrollments", label: "Enrollments" },
  { key: "teachers", label: "Teachers" },
];

export function ImportSummary({ outcome }: { outcome: ImportOutcome }) {
  const kinds = KINDS.filter(({ key }) => key in outcome.created || key in outcome.unchanged);
  const cell = (counts: Record<string, number> | undefined, key: string) => (counts && key in counts ? counts[key] : "–");
  return (
    <div className="space-y-3" data-testid="import-summary">
      <p className="text-sm text-slate-900">{outcome.applied ? "Imported." : "Nothing is saved yet. This is what the import will do:"}</p>
      <table className="w-full text-left text-sm">
        <caption className="sr-only">Import {outcome.applied ? "result" : "preview"} by kind</caption>
        <thead className="text-slate-700">
          <tr>
            <th scope="col" className="py-1 font-medium">
              Kind
            </th>
            <th scope="col" className="py-1 text-right font-medium">
              New
            </th>
            <th scope="col" className="py-1 text-right font-medium">
              Updated
            </th>
            <th scope="col" className="py-1 text-right font-medium">
              Unchanged
            </th>
            {outcome.removed ? (
              <th scope="col" className="py-1 text-right font-medium">
                Removed
              </th>
            ) : null}
          </tr>
        </thead>
        <tbody className="text-slate-900">
          {kinds.map(({ key, label }) => (
            <tr key={key} className="border-t border-slate-200">
              <th scope="row" className="py-1 font-medium">
                {label}
              </th>
              <td className="py-1 text-right tabular-nums">{cell(outcome.created, key)}</td>
              <td className="py-1 text-right tabular-nums">{cell(outcome.updated, key)}</td>
              <td className="py-1 text-right tabular-nums">{cell(outcome.unchanged, key)}</td>
              {outcome.removed ? <td className="py-1 text-right tabular-nums">{cell(outcome.removed, key)}</td> : null}
            </tr>
          ))}
        </tbody>
      </table>
      {outcome.refused.length ? (
        <div>
          <h3 className="text-sm font-semibold text-red-800">
            {outcome.refused.length} {outcome.refused.length === 1 ? "row is" : "rows are"} refused and will not be imported
          </h3>
          <ul className="mt-1 max-h-48 space-y-1 overflow-y-auto text-sm text-slate-900">
            {outcome.refused.map((refusal) => (
              <li key={`${refusal.file ?? ""}:${refusal.line}`}>
                <span className="font-mono text-slate-700">
                  {refusal.file ? `${refusal.file} ` : ""}line {refusal.line}:
                </span>{" "}
                {refusal.reason}
              </li>
            ))}
          </ul>
        </div>
      ) : null}
    </div>
  );
}
