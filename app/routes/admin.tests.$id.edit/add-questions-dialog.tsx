import { useMemo, useState } from "react";

import { Dialog } from "~/components/dialog";
import { QuestionFilters } from "~/components/questions/question-filters";
import { filterQuestions, type QuestionFilterValues } from "~/domain/questions/question-filter";
import { QUESTION_TYPE_LABELS, questionPreview, type BankQuestionSummary } from "~/components/tests/question-label";

/** "Add Questions to Test": pick bank questions, filtered; those already in the test are marked. */
export function AddQuestionsDialog({
  open,
  onClose,
  bank,
  inTest,
  onAdd,
}: {
  open: boolean;
  onClose: () => void;
  bank: BankQuestionSummary[];
  inTest: ReadonlySet<string>;
  onAdd: (ids: string[]) => void;
}) {
  const [filters, setFilters] = useState<QuestionFilterValues>({ search: "", type: "all", difficulty: "all" });
  const [chosen, setChosen] = useState<Set<string>>(new Set());

  const visible = useMemo(() => filterQuestions(bank, filters), [bank, filters]);

  const close = () => {
    setChosen(new Set());
    onClose();
  };
  const toggle = (id: string) =>
    setChosen((current) => {
      const next = new Set(current);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });

  return (
    <Dialog open={open} onClose={close} title="Add Questions to Test" description="Choose questions from the question bank." wide>
      <div className="grid gap-3 sm:grid-cols-3">
        <QuestionFilters idPrefix="add" values={filters} onChange={(name, value) => setFilters((current) => ({ ...current, [name]: value }))} />
      </div>
      <ul className="mt-4 max-h-[500px] space-y-2 overflow-y-auto" aria-label="Bank questions">
        {visible.length === 0 ? <li className="p-4 text-center text-sm text-slate-700">No questions match these filters.</li> : null}
        {visible.map((question) => {
          const already = inTest.has(question.id);
          return (
            <li key={question.id}>
              <div className={`flex items-start gap-3 rounded-lg border p-3 ${already ? "bg-slate-50" : "hover:bg-slate-50"}`}>
                <input
                  id={`pick-${question.id}`}
                  type="checkbox"
                  className="mt-1 size-4"
                  checked={already || chosen.has(question.id)}
                  disabled={already}
                  onChange={() => toggle(question.id)}
                />
                <label htmlFor={`pick-${question.id}`} className="flex-1 text-sm">
                  <span className="block text-slate-900">{questionPreview(question.text)}</span>
                  <span className="mt-1 flex flex-wrap gap-2 text-xs text-slate-700">
                    <span>{QUESTION_TYPE_LABELS[question.type]}</span>
                    <span>· {question.difficulty}</span>
                    {already ? <span className="font-medium text-emerald-800">· Already in test</span> : null}
                  </span>
                </label>
              </div>
            </li>
          );
        })}
      </ul>
      <div className="mt-4 flex justify-end gap-2">
        <button type="button" className="btn-outline" onClick={close}>
          Cancel
        </button>
        <button
          type="button"
          className="btn-primary"
          disabled={chosen.size === 0}
          onClick={() => {
            onAdd([...chosen]);
            close();
          }}
        >
          Add {chosen.size || ""} {chosen.size === 1 ? "Question" : "Questions"}
        </button>
      </div>
    </Dialog>
  );
}
