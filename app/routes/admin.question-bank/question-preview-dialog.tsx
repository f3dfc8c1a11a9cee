import { CheckCircle2, Info, XCircle } from "lucide-react";
import { useState } from "react";

import { Dialog } from "~/components/dialog";
import { QUESTION_TYPE_LABELS } from "~/components/tests/question-label";
import { useToast } from "~/components/toast/toast-context";
import { isMultipleChoiceCorrect, isMultipleSelectCorrect } from "~/domain/questions/answer-check";
import type { OptionInput } from "~/domain/questions/question";
import type { QuestionType } from "~/domain/questions/question-types";
import { sanitizeQuestionHtml } from "~/domain/questions/sanitize-html";

export type PreviewQuestion = { text: string; type: QuestionType; difficulty: string; options: OptionInput[]; metadata: { title?: string } };

/**
 * "Test Question Preview": the question as a student sees it. Choice answers are checked by
 * SPEC.md's correctness rules; open answers wait for AI preview grading (a later feature).
 */
export function QuestionPreviewDialog({ question, onClose }: { question: PreviewQuestion | null; onClose: () => void }) {
  const { toast } = useToast();
  const [choice, setChoice] = useState("");
  const [choices, setChoices] = useState<string[]>([]);
  const [text, setText] = useState("");
  const [result, setResult] = useState<"correct" | "incorrect" | "pending-ai" | null>(null);
  if (!question) return null;

  const check = () => {
    if (question.type === "multiple_choice") {
      if (!choice) return toast({ title: "Selection Required", description: "Please select an answer before submitting.", variant: "destructive" });
      setResult(isMultipleChoiceCorrect(question.options, choice) ? "correct" : "incorrect");
    } else if (question.type === "multiple_select") {
      if (!choices.length) return toast({ title: "Selection Required", description: "Please select at least one answer before submitting.", variant: "destructive" });
      setResult(isMultipleSelectCorrect(question.options, choices) ? "correct" : "incorrect");
    } else {
      if (!text.trim()) return toast({ title: "Answer required", description: "Please provide an answer to test the question.", variant: "destructive" });
      setResult("pending-ai");
    }
  };

  return (
    <Dialog open onClose={onClose} title="Test Question Preview" description={`${QUESTION_TYPE_LABELS[question.type]} · ${question.difficulty}`} wide>
      {question.metadata.title ? <h3 className="mb-2 font-semibold">{question.metadata.title}</h3> : null}
      <div className="prose-sm text-slate-900" dangerouslySetInnerHTML={{ __html: sanitizeQuestionHtml(question.text) }} />
      <div className="mt-4 space-y-2">
        {question.type === "multiple_choice"
          ? question.options.map((option) => (
              <label key={option.text} className="flex items-center gap-2 rounded-md border p-2 text-sm">
                <input type="radio" name="preview-choice" className="size-4" checked={choice === option.text} onChange={() => setChoice(option.text)} />
                {option.text}
              </label>
            ))
          : null}
        {question.type === "multiple_select"
          ? question.options.map((option) => (
              <label key={option.text} className="flex items-center gap-2 rounded-md border p-2 text-sm">
                <input
                  type="checkbox"
                  className="size-4"
                  checked={choices.includes(option.text)}
                  onChange={(event) => setChoices((current) => (event.target.checked ? [...current, option.text] : current.filter((value) => value !== option.text)))}
                />
                {option.text}
              </label>
            ))
          : null}
        {!["multiple_choice", "multiple_select"].includes(question.type) ? (
          <div>
            <label htmlFor="preview-answer" className="label">
              {question.type === "chat" ? "Your first message" : "Your answer"}
            </label>
            <textarea id="preview-answer" rows={4} className="input mt-1" value={text} onChange={(event) => setText(event.target.value)} />
          </div>
        ) : null}
      </div>
      <div role="status" className="mt-4 min-h-6">
        {result === "correct" ? (
          <p className="flex items-center gap-2 font-medium text-emerald-800">
            <CheckCircle2 aria-hidden="true" className="size-5" /> Correct
          </p>
        ) : null}
        {result === "incorrect" ? (
          <p className="flex items-center gap-2 font-medium text-red-700">
            <XCircle aria-hidden="true" className="size-5" /> Incorrect
          </p>
        ) : null}
        {result === "pending-ai" ? (
          <p className="flex items-center gap-2 text-sm text-slate-800">
            <Info aria-hidden="true" className="size-5 text-brand-700" /> AI preview grading of open answers is not available yet; it arrives with AI grading.
          </p>
        ) : null}
      </div>
      <div className="mt-4 flex justify-end gap-2">
        <button type="button" className="btn-outline" onClick={onClose}>
          Close
        </button>
        <button type="button" className="btn-primary" onClick={check}>
          Check Answer
        </button>
      </div>
    </Dialog>
  );
}
