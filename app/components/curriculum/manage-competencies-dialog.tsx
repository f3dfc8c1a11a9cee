import { Dialog } from "~/components/dialog";

/** A checkbox per competency; each change is saved at once. Select all and Deselect all. */
export function ManageCompetenciesDialog({
  curriculumName,
  competencies,
  memberIds,
  busy,
  onToggle,
  onSelectAll,
  onDeselectAll,
  onClose,
}: {
  curriculumName: string;
  competencies: { id: string; description: string }[];
  memberIds: string[];
  busy: boolean;
  onToggle: (competencyId: string, member: boolean) => void;
  onSelectAll: () => void;
  onDeselectAll: () => void;
  onClose: () => void;
}) {
  const members = new Set(memberIds);
  return (
    <Dialog open onClose={onClose} title="Manage Competencies" description={`Competencies in ${curriculumName}. Changes are saved as you make them.`}>
      <div className="mb-3 flex gap-2">
        <button type="button" className="btn-outline" onClick={onSelectAll} disabled={busy}>
          Select all
        </button>
        <button type="button" className="btn-outline" onClick={onDeselectAll} disabled={busy}>
          Deselect all
        </button>
      </div>
      <p className="mb-2 text-sm text-slate-700" role="status">
        {members.size} of {competencies.length} selected
      </p>
      <ul className="max-h-[500px] space-y-1 overflow-y-auto rounded-md border border-slate-200 p-2">
        {competencies.map((competency) => (
          <li key={competency.id}>
            <label className="flex items-center gap-2 rounded px-1 py-1.5 text-sm hover:bg-slate-50">
              <input
                type="checkbox"
                className="size-4"
                checked={members.has(competency.id)}
                onChange={(event) => onToggle(competency.id, event.target.checked)}
              />
              {competency.description}
            </label>
          </li>
        ))}
      </ul>
      <div className="mt-4 flex justify-end">
        <button type="button" className="btn-primary" onClick={onClose}>
          Done
        </button>
      </div>
    </Dialog>
  );
}
