import Trash2 from "lucide-react/icons/trash-2";

import { DraftQuestionCard } from "~/components/assessments/draft-question-card";
import type { DraftQuestion, FormattedDraft } from "~/domain/ai/schemas";
import { DIFFICULTIES } from "~/domain/questions/question-types";

type Props = { test: FormattedDraft; onChange: (test: FormattedDraft) => void };

const DETAIL_FIELDS = [
  { key: "title", label: "Title" },
  { key: "subject", label: "Subject" },
  { key: "gradeLevel", label: "Grade Level" },
] as const;

/** The formatted test, editable before saving: its details and each question's text, difficulty and one competency. */
export function EditablePreview({ test, onChange }: Props) {
  const setQuestion = (index: number, patch: Partial<DraftQuestion>) =>
    onChange({ ...test, questions: test.questions.map((question, at) => (at === index ? { ...question, ...patch } : question)) });
  const removeQuestion = (index: number) => onChange({ ...test, questions: test.questions.filter((_, at) => at !== index) });

  return (
    <div className="mt-4 space-y-4">
      <div className="grid gap-3 sm:grid-cols-3">
        {DETAIL_FIELDS.map((field) => (
          <div key={field.key}>
            <label htmlFor={`import-${field.key}`} className="label">
              {field.label}
            </label>
            <input
              id={`import-${field.key}`}
              className="input mt-1"
              value={test[field.key]}
              onChange={(event) => onChange({ ...test, [field.key]: event.target.value })}
            />
          </div>
        ))}
      </div>
      <div>
        <label htmlFor="import-description" className="label">
          Description
        </label>
        <textarea
          id="import-description"
          rows={2}
          className="input mt-1"
          value={test.description}
          onChange={(event) => onChange({ ...test, description: event.target.value })}
        />
      </div>
      <ol className="max-h-[500px] space-y-3 overflow-y-auto pr-1" aria-label="Formatted questions">
        {test.questions.map((question, index) => {
          const number = index + 1;
          return (
            <DraftQuestionCard key={index} question={question} number={number}>
              <div className="mt-2 space-y-2">
                <div>
                  <label htmlFor={`question-${number}-text`} className="label">
                    Question {number} text
                  </label>
                  <textarea
                    id={`question-${number}-text`}
                    rows={2}
                    className="input mt-1"
                    value={question.text}
                    onChange={(event) => setQuestion(index, { text: event.target.value })}
                  />
                </div>
                <div className="flex flex-wrap items-end gap-3">
                  <div className="min-w-48 flex-1">
                    <label htmlFor={`question-${number}-competency`} className="label">
                      Question {number} competency
                    </label>
                    <input
                      id={`question-${number}-competency`}
                      className="input mt-1"
                      value={question.competency}
                      onChange={(event) => setQuestion(index, { competency: event.target.value })}
                    />
                  </div>
                  <div>
                    <label htmlFor={`question-${number}-difficulty`} className="label">
                      Question {number} difficulty
                    </label>
                    <select
                      id={`question-${number}-difficulty`}
                      className="input mt-1"
                      value={question.difficulty}
                      onChange={(event) => setQuestion(index, { difficulty: event.target.value as DraftQuestion["difficulty"] })}
                    >
                      {DIFFICULTIES.map((difficulty) => (
                        <option key={difficulty} value={difficulty}>
                          {difficulty}
                        </option>
                      ))}
                    </select>
                  </div>
                  <button type="button" className="btn-ghost text-red-700" onClick={() => removeQuestion(index)} disabled={test.questions.length === 1}>
                    <Trash2 aria-hidden="true" className="size-4" /> Remove question {number}
                  </button>
                </div>
              </div>
            </DraftQuestionCard>
          );
        })}
      </ol>
    </div>
  );
}
