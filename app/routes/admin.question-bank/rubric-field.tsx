import { useState } from "react";

import { parseRubricText } from "~/domain/questions/question";

/**
 * The rubric as text or JSON: parsed when the field loses focus; a valid
 * value is kept, invalid JSON shows "Invalid JSON format" and keeps the last good value.
 * `onEdit` hears every keystroke, for what follows the text as it is typed (the grader's reading).
 */
export function RubricField({
  value,
  onChange,
  onEdit,
}: {
  value: string | Record<string, unknown> | null;
  onChange: (value: string | Record<string, unknown> | null) => void;
  onEdit?: (text: string) => void;
}) {
  const [text, setText] = useState(() => (value == null ? "" : typeof value === "string" ? value : JSON.stringify(value, null, 2)));
  const [error, setError] = useState<string | null>(null);
  return (
    <div>
      <label htmlFor="rubric" className="label">
        Rubric (text or JSON)
      </label>
      <textarea
        id="rubric"
        rows={4}
        className="input mt-1 font-mono"
        value={text}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? "rubric-error" : undefined}
        onChange={(event) => {
          setText(event.target.value);
          onEdit?.(event.target.value);
        }}
        onBlur={() => {
          const parsed = parseRubricText(text);
          if (parsed.ok) {
            setError(null);
            onChange(parsed.value);
          } else setError(parsed.message);
        }}
      />
      {error ? (
        <p id="rubric-error" role="alert" className="mt-1 text-sm text-red-700">
          {error}
        </p>
      ) : null}
    </div>
  );
}
