import { useActionResult, useIntentFetcher } from "~/components/action-result";
import { Dialog } from "~/components/dialog";

/**
 * A checkbox per competency; each change is saved at once. Select all and Deselect all.
 * Every checkbox has its own fetcher, so ticking several quickly saves each one (a shared fetcher
 * would cancel the earlier requests). `memberIds` already shows the changes on their way.
 */
export function ManageCompetenciesDialog({
  curriculumId,
  curriculumName,
  competencies,
  memberIds,
  busy,
  onSelectAll,
  onDeselectAll,
  onClose,
}: {
  curriculumId: string;
  curriculumName: string;
  competencies: { id: string; description: string }[];
  memberIds: string[];
  busy: boolean;
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
      {competencies.length === 0 ? <p className="text-sm text-slate-700">No competencies yet. Create them in the Competency Manager.</p> : null}
      <ul className="max-h-[500px] space-y-1 overflow-y-auto rounded-md border border-slate-200 p-2">
        {competencies.map((competency) => (
          <MembershipCheckbox key={competency.id} curriculumId={curriculumId} competency={competency} checked={members.has(competency.id)} />
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

function MembershipCheckbox({
  curriculumId,
  competency,
  checked,
}: {
  curriculumId: string;
  competency: { id: string; description: string };
  checked: boolean;
}) {
  const { fetcher, submitIntent } = useIntentFetcher(`curriculum-member-${curriculumId}-${competency.id}`);
  useActionResult(fetcher);
  return (
    <li>
      <label className="flex items-center gap-2 rounded px-1 py-1.5 text-sm hover:bg-slate-50">
        <input
          type="checkbox"
          className="size-4"
          checked={checked}
          onChange={(event) =>
            submitIntent(
              { intent: "toggle", id: curriculumId, competencyId: competency.id, member: event.target.checked },
              // A controlled checkbox must show the change in this same frame, not after a transition.
              { flushSync: true },
            )
          }
        />
        {competency.description}
      </label>
    </li>
  );
}
