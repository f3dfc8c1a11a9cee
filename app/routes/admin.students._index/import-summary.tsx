import { ownTimeZone } from "~/domain/shell/time-zone";
import { deletedOnRequestMessage } from "~/domain/students/oneroster-plan";
import { refusedRowsShown } from "~/domain/students/roster-refusals";

/** What a roster import did or would do, as the dialog shows it: a table by kind, then each refused row. */
export type ImportOutcome = {
  applied: boolean;
  created: Record<string, number>;
  updated: Record<string, number>;
  unchanged: Record<string, number>;
  removed?: Record<string, number>;
  refused: { file?: string; line: number; reason: string }[];
  /** A OneRoster import's refused rows, all of them: `refused` lists the first 1,000 (ADR 0047). */
  refusedTotal?: number;
  /** Where a bundle read in parts keeps every refused row, as CSV (ADR 0050). */
  refusedRows?: string;
  /** A OneRoster import's rows taken with a change, and students deleted on request it names (ADR 0028). */
  notes?: { file: string; line: number; note: string }[];
  /** A OneRoster import's notes, all of them: `notes` lists the first 1,000 (ADR 0047). */
  notesTotal?: number;
  deletedOnRequest?: { file: string; line: number; deletedAt: string }[];
  recreateDeleted?: boolean;
};

const KINDS: { key: string; label: string }[] = [
  { key: "classes", label: "Classes" },
  { key: "students", label: "Students" },
  { key: "enrollments", label: "Enrollments" },
  { key: "teachers", label: "Teachers" },
];

/** New teachers from a OneRoster import have no password: Accounts & Roles invites them (ADR 0040). */
function InviteNewTeachers({ count }: { count: number }) {
  return (
    <p className="text-sm text-slate-900">
      {count === 1 ? "1 new teacher" : `${count} new teachers`} cannot sign in yet.{" "}
      <a href="/admin/staff#new-teachers" className="font-medium text-brand-700 underline">
        Invite the new teachers
      </a>
    </p>
  );
}

/** The "Re-create them" tick, shown with the students deleted on request while previewing. */
type RecreateTick = { checked: boolean; onChange: (checked: boolean) => void };

export function ImportSummary({ outcome, recreate }: { outcome: ImportOutcome; recreate?: RecreateTick }) {
  const kinds = KINDS.filter(({ key }) => key in outcome.created || key in outcome.unchanged);
  const cell = (counts: Record<string, number> | undefined, key: string) => (counts && key in counts ? counts[key] : "–");
  const refusedCount = outcome.refusedTotal ?? outcome.refused.length;
  const notesCount = outcome.notesTotal ?? outcome.notes?.length ?? 0;
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
      <DeletedOnRequest outcome={outcome} recreate={recreate} />
      {outcome.notes?.length ? (
        <div>
          <h3 className="text-sm font-semibold text-slate-900">
            {notesCount} {notesCount === 1 ? "row is" : "rows are"} taken with a change
          </h3>
          {notesCount > outcome.notes.length ? (
            <p className="mt-1 text-sm text-slate-900">
              Showing the first {outcome.notes.length.toLocaleString("en-US")} of {notesCount.toLocaleString("en-US")}.
            </p>
          ) : null}
          <ul className="mt-1 max-h-32 space-y-1 overflow-y-auto text-sm text-slate-900">
            {outcome.notes.map((note) => (
              <li key={`${note.file}:${note.line}`}>
                <span className="font-mono text-slate-700">
                  {note.file} line {note.line}:
                </span>{" "}
                {note.note}
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      {outcome.applied && (outcome.created.teachers ?? 0) > 0 ? <InviteNewTeachers count={outcome.created.teachers!} /> : null}
      {outcome.refused.length ? (
        <div>
          <h3 className="text-sm font-semibold text-red-800">
            {refusedCount} {refusedCount === 1 ? "row is" : "rows are"} refused and will not be imported
          </h3>
          <RefusedRowsShown outcome={outcome} />
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

/**
 * "Showing the first 1,000 of 23,456 refused rows", and the way to get them all: a button that
 * sends the dialog's form (the bundle in its field `file`) to the preview's CSV of every refused
 * row, which the browser downloads (docs/api.md); for a bundle read in parts, a link to the CSV
 * its job kept.
 */
function RefusedRowsShown({ outcome }: { outcome: ImportOutcome }) {
  const shown = refusedRowsShown(outcome);
  if (!shown) return null;
  if (outcome.refusedRows)
    return (
      <p className="mt-1 text-sm text-slate-900">
        {shown}{" "}
        <a href={outcome.refusedRows} download className="font-medium text-brand-700 underline">
          Download all refused rows (CSV)
        </a>
      </p>
    );
  return (
    <p className="mt-1 text-sm text-slate-900">
      {shown}{" "}
      <button
        type="submit"
        formAction="/api/roster/oneroster?refused=csv"
        formMethod="post"
        formEncType="multipart/form-data"
        formNoValidate
        data-download="refused"
        className="font-medium text-brand-700 underline"
      >
        Download all refused rows (CSV)
      </button>
    </p>
  );
}

/** Students deleted on request that the bundle would bring back: how many, when, and their lines. */
function DeletedOnRequest({ outcome, recreate }: { outcome: ImportOutcome; recreate?: RecreateTick }) {
  const deletions = outcome.deletedOnRequest ?? [];
  const message = deletedOnRequestMessage(
    { applied: outcome.applied, deletedOnRequest: deletions, recreateDeleted: outcome.recreateDeleted ?? false },
    ownTimeZone(),
  );
  if (!message) return null;
  return (
    <div className="rounded border border-amber-300 bg-amber-50 p-3 text-sm text-slate-900" data-testid="deleted-on-request">
      <p className="font-semibold">{message}</p>
      <p className="mt-1 font-mono text-slate-700">{deletions.map((row) => `${row.file} line ${row.line}`).join(", ")}</p>
      {recreate && !outcome.applied ? (
        <label className="mt-2 flex items-center gap-2">
          <input type="checkbox" name="recreateDeleted" checked={recreate.checked} onChange={(event) => recreate.onChange(event.target.checked)} />
          Re-create them
        </label>
      ) : null}
    </div>
  );
}
