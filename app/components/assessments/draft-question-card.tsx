import Check from "lucide-react/icons/check";
import type { ReactNode } from "react";

import type { DraftQuestion } from "~/domain/ai/schemas";

import { QUESTION_TYPE_LABELS } from "./question-label";

const DIFFICULTY_STYLES = {
  easy: "bg-emerald-50 text-emerald-800",
  medium: "bg-amber-50 text-amber-900",
  hard: "bg-red-50 text-red-800",
} as const;

/**
 * A proposed question in the generator's or the importer's preview: its text, type, difficulty,
 * competency and options (the correct ones marked). `children` replaces the read-only details
 * with the importer's editing fields.
 */
export function DraftQuestionCard({ question, number, children }: { question: DraftQuestion; number: number; children?: ReactNode }) {
  return (
    <li className="card p-4" data-testid="draft-question">
      <div className="flex flex-wrap items-center gap-2 text-xs font-medium">
        <span className="text-slate-700">Question {number}</span>
        <span className="rounded-full bg-slate-100 px-2 py-0.5 text-slate-800">{QUESTION_TYPE_LABELS[question.type]}</span>
        <span className={`rounded-full px-2 py-0.5 capitalize ${DIFFICULTY_STYLES[question.difficulty]}`}>{question.difficulty}</span>
      </div>
      {children ?? (
        <>
          <p className="mt-2 whitespace-pre-line text-slate-900">{question.text}</p>
          <p className="mt-1 text-sm text-slate-700">
            Competency: <span className="font-medium text-slate-900">{question.competency}</span>
          </p>
        </>
      )}
      {question.options.length ? (
        <ul className="mt-2 space-y-1 text-sm" aria-label={`Options for question ${number}`}>
          {question.options.map((option, index) => (
            <li key={index} className={`flex items-center gap-2 ${option.isCorrect ? "font-medium text-emerald-800" : "text-slate-800"}`}>
              {option.isCorrect ? (
                <>
                  <Check aria-hidden="true" className="size-4" />
                  <span className="sr-only">Correct answer:</span>
                </>
              ) : (
                <span aria-hidden="true" className="size-4" />
              )}
              {option.text}
            </li>
          ))}
        </ul>
      ) : question.rubric ? (
        <p className="mt-2 text-sm text-slate-700">
          <span className="font-medium">Model answer:</span> {question.rubric}
        </p>
      ) : null}
    </li>
  );
}
