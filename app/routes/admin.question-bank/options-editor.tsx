import { Plus, Trash2 } from "lucide-react";

import type { OptionInput } from "~/domain/questions/question";

/** Options of a choice question: text, correct or not, and a score. */
export function OptionsEditor({
  options,
  onChange,
  single,
  error,
}: {
  options: OptionInput[];
  onChange: (options: OptionInput[]) => void;
  /** Multiple choice: marking one correct unmarks the others. */
  single: boolean;
  error?: string;
}) {
  const update = (index: number, patch: Partial<OptionInput>) =>
    onChange(
      options.map((option, i) => {
        if (i === index) return { ...option, ...patch };
        return single && patch.isCorrect ? { ...option, isCorrect: false } : option;
      }),
    );
  return (
    <fieldset aria-describedby={error ? "options-error" : undefined}>
      <legend className="label">Options</legend>
      <ul className="mt-2 space-y-2">
        {options.map((option, index) => (
          <li key={index} className="flex flex-wrap items-center gap-2">
            <input
              aria-label={`Option ${index + 1} text`}
              className="input min-w-40 flex-1"
              value={option.text}
              onChange={(event) => update(index, { text: event.target.value })}
            />
            <label className="flex items-center gap-1 text-sm">
              <input type="checkbox" className="size-4" checked={option.isCorrect} onChange={(event) => update(index, { isCorrect: event.target.checked })} />
              {/* Each row's controls name their option: "Correct" alone is the same for every row. */}
              <span className="sr-only">Option {index + 1}</span> Correct
            </label>
            <label className="flex items-center gap-1 text-sm">
              <span className="sr-only">Option {index + 1}</span> Score
              <input
                type="number"
                min={0}
                className="input w-20"
                value={option.score}
                onChange={(event) => update(index, { score: Number(event.target.value) || 0 })}
              />
            </label>
            <button
              type="button"
              className="btn-ghost px-2 text-red-700"
              aria-label={`Remove option ${index + 1}`}
              onClick={() => onChange(options.filter((_, i) => i !== index))}
            >
              <Trash2 aria-hidden="true" className="size-4" />
            </button>
          </li>
        ))}
      </ul>
      <button type="button" className="btn-outline mt-2" onClick={() => onChange([...options, { text: "", isCorrect: false, score: 0 }])}>
        <Plus aria-hidden="true" className="size-4" /> Add Option
      </button>
      {error ? (
        <p id="options-error" className="mt-1 text-sm text-red-700">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}
