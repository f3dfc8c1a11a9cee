import { ArrowUp, Pencil, Plus, Trash2, X } from "lucide-react";
import { type Dispatch, useState } from "react";

import { type BankQuestionSummary, QUESTION_TYPE_LABELS, questionPreview } from "~/components/assessments/question-label";
import { useToast } from "~/components/toast/toast-context";
import { useEditDialog } from "~/components/use-edit-dialog";
import { type EditorAction, type EditorSection, type EditorState, newSectionId, secondsFromInput } from "~/domain/assessments/test-editor";
import { effectiveTimeLimit, formatTimeLimit } from "~/domain/assessments/timers";

import { AddQuestionsDialog } from "./add-questions-dialog";
import { SectionDialog } from "./section-dialog";

const SOURCE_LABEL = { question: "question", section: "section", type: "type default", none: "" } as const;

/**
 * The "Sections & Questions" tab: sections, and every question with its section and time limit.
 * `known` holds the bank questions the editor can show: those in the test, plus any added since.
 */
export function SectionsPanel({
  state,
  dispatch,
  known,
  onKnow,
}: {
  state: EditorState;
  dispatch: Dispatch<EditorAction>;
  known: ReadonlyMap<string, BankQuestionSummary>;
  onKnow: (questions: BankQuestionSummary[]) => void;
}) {
  const { toast } = useToast();
  const { editing, openNew, openEdit, close } = useEditDialog<EditorSection>();
  const [adding, setAdding] = useState(false);
  const sectionById = new Map(state.sections.map((section) => [section.id, section]));

  return (
    <div className="space-y-8">
      <section aria-labelledby="sections-heading">
        <div className="flex items-center justify-between">
          <h2 id="sections-heading" className="text-lg font-semibold">
            Sections
          </h2>
          <button type="button" className="btn-outline" onClick={openNew}>
            <Plus aria-hidden="true" className="size-4" /> Add Section
          </button>
        </div>
        {state.sections.length === 0 ? (
          <p className="mt-3 text-sm text-slate-700">No sections yet. Questions can also stay unassigned.</p>
        ) : (
          <ol className="mt-3 space-y-2" aria-label="Sections in order">
            {state.sections.map((section, index) => (
              <li key={section.id} className="card flex items-center gap-3 p-3" data-testid="section-row">
                <span className="flex-1">
                  <span className="font-medium">{section.title}</span>
                  <span className="ml-2 text-sm text-slate-700">
                    {section.timeLimit == null ? "No section time limit" : `${formatTimeLimit(section.timeLimit)} per question`}
                  </span>
                </span>
                <button
                  type="button"
                  className="btn-ghost px-2"
                  disabled={index === 0}
                  aria-label={`Move ${section.title} up`}
                  onClick={() => dispatch({ type: "moveSectionUp", id: section.id })}
                >
                  <ArrowUp aria-hidden="true" className="size-4" />
                </button>
                <button type="button" className="btn-ghost px-2" aria-label={`Edit ${section.title}`} onClick={() => openEdit(section)}>
                  <Pencil aria-hidden="true" className="size-4" />
                </button>
                <button
                  type="button"
                  className="btn-ghost px-2 text-red-700"
                  aria-label={`Delete ${section.title}`}
                  onClick={() => dispatch({ type: "deleteSection", id: section.id })}
                >
                  <Trash2 aria-hidden="true" className="size-4" />
                </button>
              </li>
            ))}
          </ol>
        )}
      </section>

      <section aria-labelledby="questions-heading">
        <div className="flex items-center justify-between">
          <h2 id="questions-heading" className="text-lg font-semibold">
            Questions ({state.questions.length})
          </h2>
          <button type="button" className="btn-primary" onClick={() => setAdding(true)}>
            <Plus aria-hidden="true" className="size-4" /> Add Questions
          </button>
        </div>
        {state.questions.length === 0 ? <p className="mt-3 text-sm text-slate-700">No questions in this test yet.</p> : null}
        <ul className="mt-3 space-y-2">
          {state.questions.map((placement, index) => {
            const question = known.get(placement.id);
            if (!question) return null;
            const limit = effectiveTimeLimit({
              questionLimit: placement.timeLimit ?? question.timeLimit,
              sectionLimit: placement.sectionId ? sectionById.get(placement.sectionId)?.timeLimit : null,
              typeDefaults: state.perQuestionTimerDefaults,
              type: question.type,
            });
            return (
              <li key={placement.id} className="card p-3" data-testid="question-row">
                <div className="flex items-start gap-3">
                  <span className="mt-0.5 text-sm font-medium text-slate-600">{index + 1}.</span>
                  <div className="flex-1">
                    <p className="text-sm text-slate-900">{questionPreview(question.text)}</p>
                    <p className="mt-1 text-xs text-slate-700">
                      {QUESTION_TYPE_LABELS[question.type]} · {question.difficulty} ·{" "}
                      <span data-testid="effective-time-limit">
                        Time limit: {formatTimeLimit(limit.seconds)}
                        {limit.source !== "none" ? ` (${SOURCE_LABEL[limit.source]})` : ""}
                      </span>
                    </p>
                  </div>
                  <button
                    type="button"
                    className="btn-ghost px-2"
                    aria-label={`Remove question ${index + 1} from the test`}
                    onClick={() => dispatch({ type: "removeQuestion", id: placement.id })}
                  >
                    <X aria-hidden="true" className="size-4" />
                  </button>
                </div>
                <div className="mt-3 grid gap-3 sm:grid-cols-2">
                  <div>
                    <label className="label" htmlFor={`section-${placement.id}`}>
                      Section
                    </label>
                    <select
                      id={`section-${placement.id}`}
                      className="input mt-1"
                      value={placement.sectionId ?? ""}
                      onChange={(event) => dispatch({ type: "setQuestionSection", id: placement.id, sectionId: event.target.value || null })}
                    >
                      <option value="">Unassigned</option>
                      {state.sections.map((section) => (
                        <option key={section.id} value={section.id}>
                          {section.title}
                        </option>
                      ))}
                    </select>
                  </div>
                  <div>
                    <label className="label" htmlFor={`limit-${placement.id}`}>
                      Time limit override (seconds)
                    </label>
                    <input
                      id={`limit-${placement.id}`}
                      type="number"
                      min={0}
                      className="input mt-1"
                      placeholder={question.timeLimit == null ? "None" : `Question's own: ${question.timeLimit}`}
                      value={placement.timeLimit ?? ""}
                      onChange={(event) => dispatch({ type: "setQuestionTimeLimit", id: placement.id, timeLimit: secondsFromInput(event.target.value) })}
                    />
                  </div>
                </div>
              </li>
            );
          })}
        </ul>
      </section>

      <SectionDialog
        key={editing?.key ?? "closed"}
        open={editing !== null}
        section={editing?.record ?? null}
        onClose={close}
        onSave={(section) => {
          if (editing?.record) dispatch({ type: "editSection", id: editing.record.id, title: section.title, timeLimit: section.timeLimit });
          else dispatch({ type: "addSection", section: { ...section, id: newSectionId() } });
          close();
        }}
      />
      <AddQuestionsDialog
        open={adding}
        onClose={() => setAdding(false)}
        inTest={new Set(state.questions.map((question) => question.id))}
        onAdd={(questions) => {
          onKnow(questions);
          dispatch({ type: "addQuestions", ids: questions.map((question) => question.id) });
          toast({ title: "Questions Added", description: `${questions.length} added` });
        }}
      />
    </div>
  );
}
