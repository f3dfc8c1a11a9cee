import CheckCircle2 from "lucide-react/icons/circle-check";
import XCircle from "lucide-react/icons/circle-x";

import { confidencePercent, isLowConfidence } from "~/domain/ai/confidence";
import { matchedTargetText } from "~/domain/ai/offline-grader/reading";
import { GRADE_CORRECT_THRESHOLD, type PreviewGrade } from "~/domain/ai/schemas";

function List({ title, items }: { title: string; items: string[] }) {
  if (!items.length) return null;
  return (
    <div>
      <h4 className="font-medium text-slate-900">{title}</h4>
      <ul className="mt-1 list-disc space-y-0.5 pl-5">
        {items.map((item, index) => (
          <li key={index}>{item}</li>
        ))}
      </ul>
    </div>
  );
}

/** A graded answer: correct at 70 or more, the score and the grader's confidence, feedback and the lists. */
export function GradeReport({ grade }: { grade: PreviewGrade }) {
  const correct = grade.score >= GRADE_CORRECT_THRESHOLD;
  return (
    <div className="space-y-3 text-sm text-slate-800" data-testid="grade-report">
      <p className={`flex items-center gap-2 font-medium ${correct ? "text-emerald-800" : "text-red-700"}`}>
        {correct ? <CheckCircle2 aria-hidden="true" className="size-5" /> : <XCircle aria-hidden="true" className="size-5" />}
        {correct ? "Correct" : "Not yet correct"} · Score {Math.round(grade.score)}/100 · Confidence {confidencePercent(grade.confidence)}
      </p>
      {isLowConfidence(grade.confidence) ? (
        <p className="rounded-md bg-amber-50 p-2 text-amber-950">
          The grader was unsure of this grade: a student's answer graded like this is flagged for your review.
        </p>
      ) : null}
      {grade.flaggedForReview ? (
        <p className="rounded-md bg-amber-50 p-2 text-amber-950">Part of this answer looked like instructions to the grader; it was removed before grading.</p>
      ) : null}
      <p>{grade.feedback}</p>
      {grade.matched ? <p>{matchedTargetText(grade.matched, correct)}</p> : null}
      <List title="Key points" items={grade.keyPoints} />
      <List title="Strengths" items={grade.strengths} />
      <List title="Improvements" items={grade.improvements} />
    </div>
  );
}
