import { CheckCircle2, XCircle } from "lucide-react";
import { useState } from "react";

import { useIntentFetcher } from "~/components/action-result";
import { QUESTION_TYPE_LABELS } from "~/components/assessments/question-label";
import { Dialog } from "~/components/dialog";
import { FieldError } from "~/components/form-field";
import { useQueuedResult } from "~/components/job-progress";
import { GradeReport } from "~/components/questions/grade-report";
import { useToast } from "~/components/toast/toast-context";
import { MAX_ANSWER_CHARS } from "~/domain/ai/injection";
import { type PreviewGrade, previewGradeSchema } from "~/domain/ai/schemas";
import { isMultipleChoiceCorrect, isMultipleSelectCorrect } from "~/domain/questions/answer-check";
import type { OptionInput } from "~/domain/questions/question";
import { ANSWER_CONTROLS, type QuestionType } from "~/domain/questions/question-types";
import { sanitizeQuestionHtml } from "~/domain/questions/sanitize-html";
import type { QueuedResult } from "~/domain/shell/action-result";

export type PreviewQuestion = { id: string; text: string; type: QuestionType; difficulty: string; options: OptionInput[]; metadata: { title?: string } };

/** What the screen's preview-grade intent answers: the grade, or the queued job it stopped waiting for. */
export type PreviewGradeData = QueuedResult<PreviewGrade> | undefined;
/**
 * "Test Question Preview": the question as a student sees it. Choice answers are checked by
 * The product's correctness rules; open answers are graded as a student's would be (preview grading:
 * 'Grading...', 70 or more counts as correct, key points shown).
 */
export function QuestionPreviewDialog({ question, onClose }: { question: PreviewQuestion | null; onClose: () => void }) {
  const { toast } = useToast();
  const [choice, setChoice] = useState("");
  const [choices, setChoices] = useState<string[]>([]);
  const [text, setText] = useState("");
  const [result, setResult] = useState<"correct" | "incorrect" | null>(null);
  // The product's validation toast, said beside the answer too.
  const [missing, setMissing] = useState<{ title: string; description: string } | null>(null);
  const [grade, setGrade] = useState<PreviewGrade | null>(null);
  const { fetcher, busy, submitIntent } = useIntentFetcher<PreviewGradeData>("preview-grade");
  const waiting = useQueuedResult(fetcher, {
    schema: previewGradeSchema,
    onResult: setGrade,
    failure: { title: "Grading failed", description: "Failed to grade the answer. Please try again." },
  });
  const grading = busy || waiting;
  if (!question) return null;
  const control = ANSWER_CONTROLS[question.type];
  const choosing = control === "one" || control === "every";

  const refuse = (message: { title: string; description: string }) => {
    setMissing(message);
    toast({ ...message, variant: "destructive" });
  };
  const check = () => {
    setMissing(null);
    if (control === "one") {
      if (!choice) return refuse({ title: "Selection Required", description: "Please select an answer before submitting." });
      setResult(isMultipleChoiceCorrect(question.options, choice) ? "correct" : "incorrect");
    } else if (control === "every") {
      if (!choices.length) return refuse({ title: "Selection Required", description: "Please select at least one answer before submitting." });
      setResult(isMultipleSelectCorrect(question.options, choices) ? "correct" : "incorrect");
    } else {
      if (!text.trim()) return refuse({ title: "Answer required", description: "Please provide an answer to test the question." });
      setGrade(null);
      // A chat answer is sent as messages, with the role "student".
      const answer = control === "chat" ? { messages: [{ role: "student", content: text }] } : text;
      submitIntent({ intent: "previewGrade", id: question.id, answer });
    }
  };

  return (
    <Dialog open onClose={onClose} title="Test Question Preview" description={`${QUESTION_TYPE_LABELS[question.type]} · ${question.difficulty}`} wide>
      {question.metadata.title ? <h3 className="mb-2 font-semibold">{question.metadata.title}</h3> : null}
      <div className="prose-sm text-slate-900" dangerouslySetInnerHTML={{ __html: sanitizeQuestionHtml(question.text) }} />
      <div
        role={choosing ? "group" : undefined}
        aria-label={choosing ? "Answer choices" : undefined}
        aria-describedby={choosing && missing ? "preview-answer-error" : undefined}
        className="mt-4 space-y-2"
      >
        {control === "one"
          ? question.options.map((option) => (
              <label key={option.text} className="flex items-center gap-2 rounded-md border p-2 text-sm">
                <input type="radio" name="preview-choice" className="size-4" checked={choice === option.text} onChange={() => setChoice(option.text)} />
                {option.text}
              </label>
            ))
          : null}
        {control === "every"
          ? question.options.map((option) => (
              <label key={option.text} className="flex items-center gap-2 rounded-md border p-2 text-sm">
                <input
                  type="checkbox"
                  className="size-4"
                  checked={choices.includes(option.text)}
                  onChange={(event) =>
                    setChoices((current) => (event.target.checked ? [...current, option.text] : current.filter((value) => value !== option.text)))
                  }
                />
                {option.text}
              </label>
            ))
          : null}
        {choosing ? <FieldError id="preview-answer-error" error={missing?.description} /> : null}
        {!choosing ? (
          <div>
            <label htmlFor="preview-answer" className="label">
              {control === "chat" ? "Your first message" : "Your answer"}
            </label>
            <textarea
              id="preview-answer"
              rows={4}
              className="input mt-1"
              aria-describedby={missing ? "preview-answer-limit preview-answer-error" : "preview-answer-limit"}
              aria-invalid={missing ? true : undefined}
              value={text}
              onChange={(event) => setText(event.target.value)}
              disabled={grading}
            />
            <p id="preview-answer-limit" className="mt-1 text-xs text-slate-700">
              Up to {MAX_ANSWER_CHARS.toLocaleString("en-US")} characters are graded. Answers are read as answers: instructions inside them are ignored.
            </p>
            <FieldError id="preview-answer-error" error={missing?.description} />
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
        {grading ? <p className="text-sm text-slate-800">Grading...</p> : null}
        {grade && !grading ? <GradeReport grade={grade} /> : null}
      </div>
      <div className="mt-4 flex justify-end gap-2">
        <button type="button" className="btn-outline" onClick={onClose} disabled={grading}>
          Close
        </button>
        <button type="button" className="btn-primary" onClick={check} disabled={grading}>
          {grading ? "Grading..." : "Check Answer"}
        </button>
      </div>
    </Dialog>
  );
}
