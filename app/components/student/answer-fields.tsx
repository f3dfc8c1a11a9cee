import type { QuestionType } from "~/domain/questions/question-types";

/** The answer controls of one question type: choices as radio buttons or checkboxes, text as a text area (a chat question answers in its chat box). */
export function AnswerFields({ type, options, disabled }: { type: QuestionType; options: string[]; disabled: boolean }) {
  if (type === "multiple_choice" || type === "multiple_select") {
    const multiple = type === "multiple_select";
    return (
      <fieldset className="space-y-2" disabled={disabled}>
        <legend className="mb-2 text-sm font-medium text-slate-800">{multiple ? "Choose every answer that applies" : "Choose one answer"}</legend>
        {options.map((option, index) => (
          <label
            key={index}
            className="flex min-h-11 cursor-pointer items-center gap-3 rounded-md border border-slate-300 bg-white px-3 py-2 hover:bg-slate-50 has-[:checked]:border-blue-600 has-[:checked]:bg-blue-50"
          >
            <input type={multiple ? "checkbox" : "radio"} name="answer" value={option} className="size-5" />
            <span className="text-slate-900">{option}</span>
          </label>
        ))}
      </fieldset>
    );
  }
  if (type === "chat") return null;
  return (
    <div>
      <label htmlFor="answer-text" className="label">
        {type === "scenario" ? "Your response" : "Your answer"}
      </label>
      <textarea
        id="answer-text"
        name="answer"
        rows={type === "scenario" ? 8 : 5}
        maxLength={20000}
        disabled={disabled}
        className="input mt-1 w-full"
        aria-describedby="answer-hint"
      />
      <p id="answer-hint" className="mt-1 text-xs text-slate-700">
        Up to 5,000 characters are graded.
      </p>
    </div>
  );
}
