import { useState } from "react";

import { optionLetter, strikeLabel } from "~/domain/accommodations/student-tools";
import type { Catalog } from "~/domain/i18n/catalog";
import type { AnswerControl } from "~/domain/questions/question-types";

import { useHydrated } from "./timers";

type AnswerFieldsProps = {
  /** The test area's messages, as the question screen got them. */
  t: Catalog["test"];
  control: AnswerControl;
  options: string[];
  disabled: boolean;
  /** The answer eliminator (ADR 0032): each option can be struck out, and back in. Needs JavaScript. */
  eliminator?: boolean;
  /** Submitted with nothing answered: the fields say so, and point to the message (#answer-error) beside them. */
  invalid?: boolean;
  /** The question's language where it differs from the page's (ADR 0044): on each option and on the written answer (its spelling check). */
  lang?: string;
};

/** The answer controls of one question type: choices as radio buttons or checkboxes, text as a text area (a chat question answers in its chat box). */
export function AnswerFields({ t, control, options, disabled, eliminator = false, invalid = false, lang }: AnswerFieldsProps) {
  const hydrated = useHydrated();
  const [struck, setStruck] = useState<ReadonlySet<number>>(new Set());
  if (control === "one" || control === "every") {
    const multiple = control === "every";
    const toggle = (index: number) =>
      setStruck((current) => {
        const next = new Set(current);
        if (!next.delete(index)) next.add(index);
        return next;
      });
    return (
      <fieldset className="space-y-2" disabled={disabled}>
        <legend className="mb-2 text-sm font-medium text-slate-800">{multiple ? t.chooseEvery : t.chooseOne}</legend>
        {options.map((option, index) => (
          // Wraps below its option when the row is narrow (a phone at 200 % zoom), never past the screen's edge.
          <div key={index} className="flex flex-wrap items-stretch gap-2">
            <label
              className={`flex min-h-11 grow basis-48 cursor-pointer items-center gap-3 rounded-md border border-slate-300 bg-white px-3 py-2 hover:bg-slate-50 has-[:checked]:border-blue-600 has-[:checked]:bg-blue-50 ${struck.has(index) ? "struck-out" : ""}`}
            >
              <input
                type={multiple ? "checkbox" : "radio"}
                name="answer"
                value={option}
                className="size-5"
                aria-invalid={invalid || undefined}
                aria-describedby={invalid ? "answer-error" : undefined}
              />
              <span className="font-semibold text-slate-700">{optionLetter(index)}.</span>{" "}
              <span id={`option-${index}`} className="text-slate-900" lang={lang} data-read>
                {option}
              </span>
            </label>
            {eliminator && hydrated ? (
              <button
                type="button"
                className="btn-outline min-h-11"
                aria-pressed={struck.has(index)}
                aria-describedby={`option-${index}`}
                onClick={() => toggle(index)}
              >
                {strikeLabel(index, struck.has(index), t)}
              </button>
            ) : null}
          </div>
        ))}
      </fieldset>
    );
  }
  if (control === "chat") return null;
  return (
    <div>
      <label htmlFor="answer-text" className="label">
        {control === "response" ? t.yourResponse : t.yourAnswer}
      </label>
      <textarea
        id="answer-text"
        name="answer"
        rows={control === "response" ? 8 : 5}
        maxLength={20000}
        disabled={disabled}
        className="input mt-1 w-full"
        lang={lang}
        aria-describedby={invalid ? "answer-hint answer-error" : "answer-hint"}
        aria-invalid={invalid || undefined}
      />
      <p id="answer-hint" className="mt-1 text-xs text-slate-700">
        {t.gradedLength}
      </p>
    </div>
  );
}
