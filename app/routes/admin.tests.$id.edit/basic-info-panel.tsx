import type { Dispatch } from "react";

import { TestDetailsFields } from "~/components/assessments/test-details-fields";
import type { EditorAction, EditorDetails, EditorState } from "~/domain/assessments/test-editor";

const FLAGS: { field: keyof EditorDetails; label: string }[] = [
  { field: "showResultDuringTest", label: "Show whether each answer was right during the test" },
  { field: "showFeedbackDuringTest", label: "Show feedback on each answer during the test" },
  { field: "showResultAfterTest", label: "Show results after the test" },
  { field: "showFeedbackAfterTest", label: "Show feedback after the test" },
];

/** The "Basic Info" tab: the test form's fields plus the four feedback settings. */
export function BasicInfoPanel({ state, dispatch, errors }: { state: EditorState; dispatch: Dispatch<EditorAction>; errors: Record<string, string> }) {
  return (
    <div className="card space-y-6 p-5">
      <TestDetailsFields values={state.details} errors={errors} onChange={(field, value) => dispatch({ type: "setDetail", field, value })} />
      <fieldset>
        <legend className="label">Feedback</legend>
        <div className="mt-2 space-y-2">
          {FLAGS.map((flag) => (
            <label key={flag.field} className="flex items-center gap-2 text-sm">
              <input
                type="checkbox"
                className="size-4"
                checked={Boolean(state.details[flag.field])}
                onChange={(event) => dispatch({ type: "setDetail", field: flag.field, value: event.target.checked })}
              />
              {flag.label}
            </label>
          ))}
        </div>
      </fieldset>
    </div>
  );
}
