import { useFetcher } from "@remix-run/react";
import { useEffect, useRef, useState } from "react";

import { type BankQuestionSummary, QUESTION_TYPE_LABELS, questionPreview } from "~/components/assessments/question-label";
import { Dialog } from "~/components/dialog";
import { Pagination } from "~/components/questions/pagination";
import { QuestionFilters } from "~/components/questions/question-filters";
import { type QuestionFilterValues, questionListSearch } from "~/domain/questions/question-list";
import type { loader as choicesLoader } from "~/routes/admin.question-bank.choices";

const SEARCH_DEBOUNCE_MS = 300;
const ANY: QuestionFilterValues = { search: "", type: "all", difficulty: "all", language: "all" };

/**
 * "Add Questions to Test": pick bank questions, searched and paged on the server one page at a
 * time (/admin/question-bank/choices); those already in the test are marked. Choices survive
 * paging and searching, and are handed back whole so the editor can show them.
 */
export function AddQuestionsDialog({
  open,
  onClose,
  inTest,
  onAdd,
}: {
  open: boolean;
  onClose: () => void;
  inTest: ReadonlySet<string>;
  onAdd: (questions: BankQuestionSummary[]) => void;
}) {
  const [filters, setFilters] = useState<QuestionFilterValues>(ANY);
  const [page, setPage] = useState(1);
  const [chosen, setChosen] = useState<Map<string, BankQuestionSummary>>(new Map());
  const choices = useFetcher<typeof choicesLoader>();
  const { load } = choices;

  // Load the page the filters ask for while the dialog is open; typing waits for a pause.
  const typed = useRef(filters.search);
  useEffect(() => {
    if (!open) return;
    const url = `/admin/question-bank/choices?${questionListSearch(filters, page)}`;
    const wait = typed.current === filters.search ? 0 : SEARCH_DEBOUNCE_MS;
    typed.current = filters.search;
    const timer = setTimeout(() => load(url), wait);
    return () => clearTimeout(timer);
  }, [open, filters, page, load]);

  const close = () => {
    setChosen(new Map());
    setFilters(ANY);
    setPage(1);
    onClose();
  };
  const toggle = (question: BankQuestionSummary) =>
    setChosen((current) => {
      const next = new Map(current);
      if (next.has(question.id)) next.delete(question.id);
      else next.set(question.id, question);
      return next;
    });

  const visible = choices.data?.questions ?? [];
  const loading = choices.state !== "idle" || !choices.data;

  return (
    <Dialog open={open} onClose={close} title="Add Questions to Test" description="Choose questions from the question bank." wide>
      <div className="grid gap-3 sm:grid-cols-4">
        <QuestionFilters
          idPrefix="add"
          values={filters}
          onChange={(name, value) => {
            setFilters((current) => ({ ...current, [name]: value }));
            setPage(1);
          }}
        />
      </div>
      {/* The list scrolls, and its checkboxes may all be disabled (every question already in the test): it takes focus itself so a keyboard can scroll it (WCAG 2.1.1). */}
      {/* eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex */}
      <ul className="mt-4 max-h-[500px] space-y-2 overflow-y-auto" aria-label="Bank questions" aria-busy={loading} tabIndex={0}>
        {!loading && visible.length === 0 ? <li className="p-4 text-center text-sm text-slate-700">No questions match these filters.</li> : null}
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
                  onChange={() => toggle(question)}
                />
                <label htmlFor={`pick-${question.id}`} className="flex-1 text-sm">
                  <span className="block text-slate-900">{questionPreview(question.text)}</span>
                  <span className="question-meta">
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
      {choices.data ? <Pagination summary={choices.data.summary} onPage={setPage} label="Bank pages" /> : null}
      <div className="mt-4 flex justify-end gap-2">
        <button type="button" className="btn-outline" onClick={close}>
          Cancel
        </button>
        <button
          type="button"
          className="btn-primary"
          disabled={chosen.size === 0}
          onClick={() => {
            onAdd([...chosen.values()]);
            close();
          }}
        >
          Add {chosen.size || ""} {chosen.size === 1 ? "Question" : "Questions"}
        </button>
      </div>
    </Dialog>
  );
}
