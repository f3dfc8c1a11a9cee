import type { Dispatch } from "react";

import { QUESTION_TYPE_LABELS } from "~/components/assessments/question-label";
import { AI_MODELS, estimateCostPerStudent, formatCost, MODEL_RATES } from "~/domain/assessments/ai-cost";
import { type EditorAction, type EditorState, secondsFromInput } from "~/domain/assessments/test-editor";
import { QUESTION_TYPES, type QuestionType } from "~/domain/questions/question-types";

/** The "Timer Settings" tab: per-type default time limits, the AI model and its cost estimate. */
export function TimerSettingsPanel({
  state,
  dispatch,
  questionTypes,
}: {
  state: EditorState;
  dispatch: Dispatch<EditorAction>;
  /** The types of the questions currently in the test, for the estimate. */
  questionTypes: QuestionType[];
}) {
  const cost = estimateCostPerStudent(questionTypes, state.details.aiModel);
  return (
    <div className="space-y-8">
      <section aria-labelledby="timer-defaults" className="card p-5">
        <h2 id="timer-defaults" className="text-lg font-semibold">
          Default time limit per question type
        </h2>
        <p className="mt-1 text-sm text-slate-700">In seconds. A question's own limit comes first, then its section's, then these. Leave blank for no limit.</p>
        <div className="mt-4 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          {QUESTION_TYPES.map((type) => (
            <div key={type}>
              <label htmlFor={`timer-${type}`} className="label">
                {QUESTION_TYPE_LABELS[type]}
              </label>
              <input
                id={`timer-${type}`}
                type="number"
                min={0}
                className="input mt-1"
                value={state.perQuestionTimerDefaults[type] ?? ""}
                onChange={(event) => dispatch({ type: "setTimerDefault", questionType: type, seconds: secondsFromInput(event.target.value) })}
              />
            </div>
          ))}
        </div>
      </section>

      <section aria-labelledby="ai-model" className="card p-5">
        <h2 id="ai-model" className="text-lg font-semibold">
          AI grading model
        </h2>
        <label htmlFor="ai-model-select" className="label mt-4">
          Model
        </label>
        <select
          id="ai-model-select"
          className="input mt-1 max-w-xl"
          value={state.details.aiModel}
          onChange={(event) => dispatch({ type: "setDetail", field: "aiModel", value: event.target.value })}
        >
          {AI_MODELS.map((model) => (
            <option key={model} value={model}>
              {model} (${MODEL_RATES[model].input} in / ${MODEL_RATES[model].output} out per 1M tokens)
            </option>
          ))}
        </select>
        <p className="mt-4 text-sm text-slate-800" data-testid="cost-estimate">
          Estimated AI cost per student: <strong>{formatCost(cost)}</strong>
        </p>
        <p className="mt-1 text-xs text-slate-700">Counts free response, scenario and chat questions at about 800 input and 400 output tokens each.</p>
      </section>
    </div>
  );
}
